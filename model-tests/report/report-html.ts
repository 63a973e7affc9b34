import { statusColours } from "./dot.ts";
import type { MachineReport } from "./machine-report.ts";
import { escapeXml as esc } from "./xml.ts";

const styles = `
:root { color-scheme: light; --covered: ${statusColours.covered}; --excluded: ${statusColours.excluded}; --uncovered: ${statusColours.uncovered}; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0 auto; max-width: 1200px; padding: 16px 24px 64px; color: #1f2328; }
h1 { font-size: 24px; margin: 8px 0 4px; } h2 { font-size: 19px; margin: 40px 0 8px; border-top: 1px solid #d0d7de; padding-top: 24px; }
h3 { font-size: 15px; margin: 20px 0 6px; }
.muted { color: #59636e; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid #d8dee4; }
th { font-weight: 600; background: #f6f8fa; } td.num { white-space: nowrap; font-variant-numeric: tabular-nums; }
.legend { display: flex; flex-wrap: wrap; gap: 20px; margin: 12px 0; padding: 8px 12px; background: #f6f8fa; border-radius: 6px; }
.legend span { display: inline-flex; align-items: center; gap: 6px; }
.swatch { display: inline-block; width: 28px; border-top: 2px solid; } .swatch.covered { border-color: var(--covered); }
.swatch.excluded { border-top-style: dashed; border-color: var(--excluded); } .swatch.uncovered { border-top-width: 3px; border-color: var(--uncovered); }
.badge { display: inline-block; padding: 0 6px; border-radius: 10px; font-size: 12px; font-weight: 600; color: #fff; white-space: nowrap; }
.badge.covered, .badge.passed { background: var(--covered); } .badge.excluded { background: var(--excluded); }
.badge.uncovered, .badge.failed { background: var(--uncovered); } .badge.not-run { background: #59636e; }
.summary { display: flex; flex-wrap: wrap; gap: 24px; margin: 4px 0 12px; } .summary b { font-size: 16px; }
.diagram { margin: 0; padding: 12px; border: 1px solid #d0d7de; border-radius: 6px; overflow-x: auto; background: #fff; }
.diagram svg { max-width: 100%; height: auto; } .diagram svg text { font-family: "DejaVu Sans", Verdana, "Bitstream Vera Sans", sans-serif; } .diagram a:hover path, .diagram a:hover text { stroke-width: 2.5; font-weight: 700; }
tr:target, details:target > summary { background: #fff8c5; }
.paths a { display: inline-block; min-width: 1.6em; } code { font-size: 12.5px; word-break: break-word; }
details.path { margin: 2px 0; } details.path > summary { cursor: pointer; padding: 2px 4px; }
pre.steps { margin: 4px 0 12px 20px; padding: 8px 12px; background: #f6f8fa; border-radius: 6px; white-space: pre-wrap; font-size: 12.5px; }
`;

// Opens a path when a link (or the address) points into it; <details> stays closed otherwise.
const script = `
function openTarget() {
  var target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  for (var node = target; node; node = node.parentElement) if (node.tagName === "DETAILS") node.open = true;
  if (target) target.scrollIntoView();
}
addEventListener("hashchange", openTarget);
addEventListener("DOMContentLoaded", openTarget);
`;

const fraction = (covered: number, total: number) => `${covered}/${total}`;

function statusCell(row: MachineReport["rows"][number]): string {
  if (row.status.kind === "covered") return `<span class="badge covered">covered</span>`;
  if (row.status.kind === "excluded") return `<span class="badge excluded">excluded</span>`;
  return `<span class="badge uncovered">not covered</span>`;
}

function crossingCell(report: MachineReport, row: MachineReport["rows"][number]): string {
  if (row.status.kind === "excluded") return `<span class="why">${esc(row.status.why)}</span>`;
  if (row.paths.length === 0) return `<span class="muted">no path takes it</span>`;
  const anchors = new Map(report.pathItems.map((p) => [p.number, p.anchor]));
  return row.paths.map((n) => `<a href="#${anchors.get(n)}">${n}</a>`).join(" ");
}

function machineSection(report: MachineReport): string {
  const { states, transitions, paths } = report;
  const missing =
    states.missing.length > 0
      ? `<p>States no path reaches: ${states.missing.map((s) => `<code>${esc(s)}</code>`).join(", ")}</p>`
      : "";
  const rows = report.rows
    .map(
      (row) =>
        `<tr id="${row.anchor}" class="${row.status.kind}"><td class="num">#${row.number}</td><td>${statusCell(row)}</td><td><code>${esc(row.name)}</code></td><td class="paths">${crossingCell(report, row)}</td></tr>`,
    )
    .join("\n");
  const pathItems = report.pathItems
    .map(
      (p) =>
        `<details class="path" id="${p.anchor}"><summary><span class="badge ${p.outcome.replace(" ", "-")}">${p.outcome}</span> Path ${p.number}: ${esc(p.description)}</summary><pre class="steps">${esc(p.lines.join("\n"))}</pre></details>`,
    )
    .join("\n");
  return `<section class="machine" id="machine-${esc(report.id)}" data-machine="${esc(report.id)}">
<h2>${esc(report.id)}</h2>
<div class="summary" data-states="${fraction(states.covered, states.total)}" data-transitions="${fraction(transitions.covered, transitions.total)}" data-excluded="${transitions.excluded}" data-paths="${fraction(paths.passed, paths.total)}">
<span>States <b>${fraction(states.covered, states.total)}</b></span>
<span>Transitions <b>${fraction(transitions.covered, transitions.total)}</b> covered, <b>${transitions.excluded}</b> excluded</span>
<span>Paths <b>${fraction(paths.passed, paths.total)}</b> passed</span>
</div>
${missing}
<figure class="diagram" aria-label="State diagram of ${esc(report.id)}">${report.svg}</figure>
<h3>Transitions</h3>
<table class="transitions"><thead><tr><th>#</th><th>status</th><th>transition</th><th>paths that take it (or why it is excluded)</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<h3>Paths (${paths.total})</h3>
${pathItems}
</section>`;
}

function overview(reports: ReadonlyArray<MachineReport>): string {
  const rows = reports
    .map(
      (r) =>
        `<tr><td><a href="#machine-${esc(r.id)}">${esc(r.id)}</a></td><td class="num">${fraction(r.states.covered, r.states.total)}</td><td class="num">${fraction(r.transitions.covered, r.transitions.total)}</td><td class="num">${r.transitions.excluded}</td><td class="num">${fraction(r.paths.passed, r.paths.total)}</td></tr>`,
    )
    .join("\n");
  return `<table class="overview"><thead><tr><th>machine</th><th>states</th><th>transitions covered</th><th>excluded</th><th>paths passed</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}

/** One self-contained page: inline CSS and SVG, a few lines of inline script, nothing fetched. */
export function reportHtml(reports: ReadonlyArray<MachineReport>, generatedAt: Date): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Model coverage</title>
<style>${styles}</style>
<script>${script}</script>
</head>
<body>
<h1>Model coverage</h1>
<p class="muted">Written by <code>npm run model-test</code> on ${esc(generatedAt.toISOString())}. Each diagram is a machine of <code>machines/</code>; each arrow a transition,
numbered as in the table below it. Hover an arrow for what the tests did with it; click it for the paths that take it. Every path is written out as the
steps a tester follows by hand (the same text as <code>npm run model-test -- --print &lt;machine&gt;</code>).</p>
<div class="legend" role="list" aria-label="Legend">
<span role="listitem"><i class="swatch covered"></i> covered: at least one path takes it</span>
<span role="listitem"><i class="swatch excluded"></i> excluded: left out on purpose (hover for the reason)</span>
<span role="listitem"><i class="swatch uncovered"></i> not covered: no path takes it, and no reason is given</span>
</div>
${overview(reports)}
${reports.map(machineSection).join("\n")}
</body>
</html>
`;
}
