/**
 * /login on a cold cache, as the browser sees it, and the signed-in console's home after it. Prints tables, writes
 * reports/bench.json, asserts nothing. Run with `npm run bench` (builds first) or, after `npm run build`, on Node 26:
 * `npm exec -- node bench/login-bench.ts [--against <url> [--against-ready <css>] [--against-input <css>]]`.
 *
 * Per load (bench/load/cold-load.ts, a new browser context each time, so an empty HTTP cache):
 *   first paint     first-contentful-paint (Paint Timing).
 *   form visible    the first frame in which input[type=password] has a box (bench/load/probe.ts says how and why).
 *   interactive     typing into the e-mail field from the moment it exists, the first time the keystroke is in
 *                   React's state: the props React last committed to the input hold the typed character.
 *   JS+CSS          requests, bytes transferred (CDP encodedDataLength, headers included) and gzip-9 bytes (each
 *                   decoded body at gzip level 9, inline <script>/<style> blocks of the HTML included).
 * The median of BENCH_RUNS (8) loads, unthrottled and on Chromium's slow-4G emulation (bench/load/throttling.ts),
 * after one uncounted warm-up load of each page.
 *
 * --against <url> loads another console's login page alternately with ours, load by load (which one loads first
 * changes every run), with the same figures;
 * --against-ready is the selector that means its form is visible (input[type=password]), --against-input the field
 * to type into (its first text input). The goals are printed as ratios. Then /console/index after sign-in: a merchant
 * registered through the API and signed in through the form, and BENCH_RUNS cold loads of the console home with that
 * storage: first paint, all figures shown (bench/load/signed-in.ts names the selectors), the JS and CSS loaded.
 *
 * BENCH_BASE_URL measures a server that is already up instead of starting server/main.ts (the console loads then need
 * its dev outbox, DEV_OUTBOX=true).
 *
 * One file: a benchmark is one program, read top to bottom in the order it runs (start, the measured runs, the
 * figures and their JSON); what the benchmarks share lives in bench/load/ and e2e/support/.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "playwright-core";
import { launchChromium } from "../e2e/support/browser.ts";
import { repoRoot, startServer } from "../e2e/support/server.ts";
import { loadOrder } from "./load/alternation.ts";
import { coldLoad, type LoadFigures, type LoadTarget } from "./load/cold-load.ts";
import { goal as benchGoal, type Goal } from "./load/goal.ts";
import { pairedRatios } from "./load/paired.ts";
import { gzip9, type Resource } from "./load/network.ts";
import { consoleFiguresShown, signedInStorage } from "./load/signed-in.ts";
import { bytes, kB, ms, type Summary, summarise, table } from "./load/summary.ts";
import { slow4G, type Throttling } from "./load/throttling.ts";

const usage = `node bench/login-bench.ts [--against <url>] [--against-ready <css selector>] [--against-input <css selector>]
  --against        another console's login page, loaded alternately with ours (e.g. a built Arco Design Pro)
  --against-ready  its form is visible when this matches an element with a box (default input[type=password])
  --against-input  the field typed into for time to interactive (default: its first text input)
env: BENCH_RUNS (8), BENCH_BASE_URL, BENCH_SLOW4G_CPU (1), BENCH_SKIP_CONSOLE=1`;

const { values: args } = parseArgs({
  options: {
    against: { type: "string", default: process.env.BENCH_AGAINST },
    "against-ready": { type: "string", default: process.env.BENCH_AGAINST_READY ?? "input[type=password]" },
    "against-input": {
      type: "string",
      default: process.env.BENCH_AGAINST_INPUT ?? "input:not([type]), input[type=text], input[type=email]",
    },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 8));
/** The original console's JS+CSS as measured, and the goals. */
const originalJsCssGzip9 = 849_320;
const jsCssGoalGzip9 = 170_000;

type Network = "unthrottled" | "slow4G";
const networks: { key: Network; label: string; throttling: Throttling | null }[] = [
  { key: "unthrottled", label: "unthrottled", throttling: null },
  { key: "slow4G", label: slow4G.name, throttling: slow4G },
];

interface Series {
  target: LoadTarget;
  loads: Record<Network, LoadFigures[]>;
}

const progress = (line: string) => process.stderr.write(`${line}\n`);
const withoutResources = (load: LoadFigures) => ({ ...load, resources: undefined });
const path = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/**
 * Ours and (with --against) theirs, load by load, the order rotated each run (bench/load/alternation.ts). First one
 * unthrottled load of each, not counted: the first cold load after the browser starts also pays for its GPU and
 * network processes, fonts and the server's first requests, and would land on whichever page came first.
 */
async function alternate(browser: Browser, series: Series[]) {
  for (const one of series) {
    const load = await coldLoad(browser, one.target, null);
    progress(`warm-up ${one.target.url}: first paint ${ms(load.fcpMs)} (not counted)`);
  }
  for (const network of networks) {
    for (let run = 1; run <= runs; run++) {
      for (const one of loadOrder(series, run - 1)) {
        const load = await coldLoad(browser, one.target, network.throttling);
        one.loads[network.key].push(load);
        progress(
          `${network.label} ${run}/${runs} ${one.target.url}: first paint ${ms(load.fcpMs)}, ready ${ms(load.readyMs)}, interactive ${ms(load.interactiveMs)}${load.notes.length ? ` (${load.notes.join("; ")})` : ""}`,
        );
      }
    }
  }
}

function goals(ours: Summary, other: Summary | null, network: string): Goal[] {
  const goal = (name: string, value: number | null, reference: number | null, goalRatio: number): Goal =>
    benchGoal(network, name, value, reference, goalRatio);
  const rows = [
    goal(
      "JS+CSS gzip-9 ≤ 170,000 B (a fifth of the original 849,320 B)",
      ours.jsCssGzip9Bytes,
      originalJsCssGzip9,
      jsCssGoalGzip9 / originalJsCssGzip9,
    ),
  ];
  if (other) {
    rows.unshift(
      goal("first paint ≤ 0.5 × the other's first paint", ours.fcpMs, other.fcpMs, 0.5),
      goal("form visible ≤ 0.5 × the other's form visible", ours.readyMs, other.readyMs, 0.5),
      goal("interactive ≤ the other's form visible", ours.interactiveMs, other.readyMs, 1),
    );
  }
  return rows;
}

function loginRows(name: string, summary: Summary, network: string): string[] {
  return [
    name,
    network,
    ms(summary.fcpMs),
    ms(summary.readyMs),
    `${ms(summary.interactiveMs)}${summary.framework && summary.framework !== "react" ? ` (${summary.framework})` : ""}`,
    String(summary.jsCssRequests ?? "n/a"),
    kB(summary.jsCssTransferredBytes),
    kB(summary.allTransferredBytes),
    bytes(summary.jsCssGzip9Bytes),
  ];
}

function resourceTable(resources: Resource[]): string {
  const rows = [...resources]
    .sort((a, b) => b.gzip9Bytes - a.gzip9Bytes || b.transferredBytes - a.transferredBytes)
    .map((r) => [
      path(r.url),
      r.kind,
      String(r.status) + (r.failed ? " failed" : ""),
      r.encoding || "-",
      kB(r.transferredBytes),
      kB(r.decodedBytes),
      r.gzip9Bytes ? bytes(r.gzip9Bytes) : "-",
    ]);
  return table(["resource", "kind", "status", "encoding", "transferred", "decoded", "gzip-9"], rows, 2);
}

/** Every file of dist/assets at gzip 9, and which of them the two pages loaded. */
function distAssets(login: Resource[], console: Resource[]) {
  const dir = join(repoRoot, "dist", "assets");
  if (!existsSync(dir)) return [];
  const loaded = (resources: Resource[]) => new Set(resources.map((r) => new URL(r.url).pathname));
  const byLogin = loaded(login);
  const byConsole = loaded(console);
  return readdirSync(dir)
    .filter((file) => statSync(join(dir, file)).isFile() && !/\.(br|gz)$/.test(file))
    .map((file) => {
      const content = readFileSync(join(dir, file));
      return {
        file,
        bytes: content.length,
        gzip9Bytes: gzip9(content),
        loadedByLogin: byLogin.has(`/assets/${file}`),
        loadedByConsole: byConsole.has(`/assets/${file}`),
      };
    })
    .sort((a, b) => b.gzip9Bytes - a.gzip9Bytes);
}

async function main() {
  const external = process.env.BENCH_BASE_URL?.replace(/\/+$/, "");
  const server = external ? { baseUrl: external, stop: async () => {} } : await startServer();
  const load = loadavg()[0]!;
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const ours: Series = {
      target: {
        url: `${server.baseUrl}/login`,
        readySelectors: ["input[type=password]"],
        inputSelector: "input[type=email]",
      },
      loads: { unthrottled: [], slow4G: [] },
    };
    const other: Series | null = args.against
      ? {
          target: { url: args.against, readySelectors: [args["against-ready"]], inputSelector: args["against-input"] },
          loads: { unthrottled: [], slow4G: [] },
        }
      : null;
    await alternate(browser, other ? [ours, other] : [ours]);

    const consoleLoads: LoadFigures[] = [];
    let consoleSkipped: string | null = process.env.BENCH_SKIP_CONSOLE ? "BENCH_SKIP_CONSOLE is set" : null;
    const consoleTarget: LoadTarget = {
      url: `${server.baseUrl}/console/index`,
      readySelectors: consoleFiguresShown,
      inputSelector: null,
    };
    if (!consoleSkipped) {
      try {
        consoleTarget.storageState = await signedInStorage(browser, server.baseUrl);
      } catch (error) {
        consoleSkipped = `could not sign in: ${(error as Error).message.split("\n")[0]}`;
      }
    }
    if (!consoleSkipped) {
      for (let run = 1; run <= runs; run++) {
        const figures = await coldLoad(browser, consoleTarget, null);
        consoleLoads.push(figures);
        progress(
          `console ${run}/${runs}: first paint ${ms(figures.fcpMs)}, figures shown ${ms(figures.readyMs)}${figures.notes.length ? ` (${figures.notes.join("; ")})` : ""}`,
        );
      }
    }

    const summaries = {
      ours: { unthrottled: summarise(ours.loads.unthrottled), slow4G: summarise(ours.loads.slow4G) },
      other: other ? { unthrottled: summarise(other.loads.unthrottled), slow4G: summarise(other.loads.slow4G) } : null,
    };
    const goalRows = networks.flatMap((n) => goals(summaries.ours[n.key], summaries.other?.[n.key] ?? null, n.label));
    const paired = other
      ? Object.fromEntries(networks.map((n) => [n.key, pairedRatios(ours.loads[n.key], other.loads[n.key])]))
      : null;
    const firstLogin = ours.loads.unthrottled[0]!;
    const consoleSummary = consoleLoads.length ? summarise(consoleLoads) : null;

    const out = process.stdout;
    out.write(
      `\n/login, cold cache, median of ${runs} loads each${other ? `, alternating ours and ${other.target.url} load by load, the first of each pair changing every run` : ""}, after one uncounted warm-up load of each; headless Chromium ${browser.version()}\n`,
    );
    out.write(
      `Measured under load: ${availableParallelism()} cores shared with other work (load average ${load.toFixed(2)} at the start), so the times are slower and noisier than on an idle machine.\n`,
    );
    if (runs < 8) out.write(`note: BENCH_RUNS=${runs}, fewer than the issue's 8 loads\n`);
    out.write(
      `slow 4G: Lighthouse's mobileSlow4G through Network.emulateNetworkConditions — latency ${slow4G.latencyMs} ms, down ${slow4G.downloadBytesPerSecond} B/s, up ${slow4G.uploadBytesPerSecond} B/s${slow4G.cpuSlowdown > 1 ? `, CPU ${slow4G.cpuSlowdown}× slower` : ", no CPU slowdown"}\n\n`,
    );
    const rows = networks.flatMap((n) => [
      loginRows("ours", summaries.ours[n.key], n.label),
      ...(summaries.other ? [loginRows("other", summaries.other[n.key], n.label)] : []),
    ]);
    out.write(
      `${table(["page", "network", "first paint", "form visible", "interactive", "JS+CSS requests", "transferred JS+CSS", "transferred all", "gzip-9 JS+CSS"], rows, 2)}\n`,
    );
    const notes = [
      ...networks.flatMap((n) => summaries.ours[n.key].notes.map((note) => `ours, ${n.label}, ${note}`)),
      ...networks.flatMap((n) => (summaries.other?.[n.key].notes ?? []).map((note) => `other, ${n.label}, ${note}`)),
    ];
    for (const note of notes) out.write(`note: ${note}\n`);
    if (summaries.ours.unthrottled.bytesVaried)
      out.write("note: our loads did not all fetch the same JS and CSS (the medians are shown)\n");

    out.write(
      `\n${table(
        ["goal", "network", "ours", "limit", "ratio", "goal ratio", "met"],
        goalRows.map((g) => [
          g.goal,
          g.network,
          g.goal.startsWith("JS+CSS") ? bytes(g.ours) : ms(g.ours),
          g.target === null ? "n/a" : g.goal.startsWith("JS+CSS") ? `≤ ${bytes(jsCssGoalGzip9)}` : `≤ ${ms(g.target)}`,
          g.ratio === null ? "n/a" : g.ratio.toFixed(2),
          `≤ ${g.goalRatio.toFixed(2)}`,
          g.met === null ? "n/a" : g.met ? "yes" : "NO",
        ]),
        2,
      )}\n`,
    );
    if (!other)
      out.write(
        "(the ratios against another console need --against <url>; docs/benchmarks.md: comparing with Arco Design Pro)\n",
      );
    if (paired) {
      const ratio = (r: number | null) => (r === null ? "n/a" : r.toFixed(2));
      out.write(
        "\nround by round (the median of each round's own ratio; not the goals' figure, it sways less with the machine):\n",
      );
      for (const n of networks) {
        const r = paired[n.key]!;
        out.write(
          `  ${n.label}: first paint ${ratio(r.firstPaint)}, form visible ${ratio(r.formVisible)}, interactive / other's form visible ${ratio(r.interactiveToFormVisible)}, interactive / other's interactive ${ratio(r.interactiveToInteractive)} (${r.rounds} rounds)\n`,
        );
      }
    }
    out.write(
      `\nour /login's first unthrottled load, file by file (inline <script>/<style>: ${firstLogin.inline.scripts + firstLogin.inline.styles} blocks, ${bytes(firstLogin.inline.gzip9Bytes)} gzip-9)\n\n`,
    );
    out.write(`${resourceTable(firstLogin.resources)}\n`);

    if (consoleSummary) {
      const s = consoleSummary;
      out.write(
        `\n/console/index after sign-in, cold cache, median of ${runs} loads ("all figures shown": ${consoleFiguresShown.join(" + ")})\n\n`,
      );
      out.write(
        `${table(
          ["first paint", "figures shown", "JS requests", "JS gzip-9", "CSS requests", "CSS gzip-9", "transferred all"],
          [
            [
              ms(s.fcpMs),
              ms(s.readyMs),
              String(s.jsRequests ?? "n/a"),
              bytes(s.jsGzip9Bytes),
              String(s.cssRequests ?? "n/a"),
              bytes(s.cssGzip9Bytes),
              kB(s.allTransferredBytes),
            ],
          ],
        )}\n`,
      );
      for (const note of s.notes) out.write(`note: ${note}\n`);
      out.write(
        `\nits first load, file by file\n\n${resourceTable(consoleLoads[0]!.resources.filter((r) => r.kind !== "other"))}\n`,
      );
    } else {
      out.write(`\n/console/index: not measured (${consoleSkipped})\n`);
    }

    const assets = external ? [] : distAssets(firstLogin.resources, consoleLoads[0]?.resources ?? []);
    if (assets.length) {
      const total = assets.reduce((sum, a) => sum + a.gzip9Bytes, 0);
      out.write(
        `\ndist/assets: ${assets.length} files, ${bytes(total)} at gzip-9; /login loads ${assets.filter((a) => a.loadedByLogin).length} of them, /console/index ${assets.filter((a) => a.loadedByConsole).length} (list in reports/bench.json)\n`,
      );
    }

    const report = {
      generatedAt: new Date().toISOString(),
      chromium: browser.version(),
      machine: { cores: availableParallelism(), loadAverageAtStart: Math.round(load * 100) / 100, underLoad: true },
      runs,
      throttling: { slow4G },
      login: {
        url: ours.target.url,
        formVisibleSelector: ours.target.readySelectors[0],
        interactiveInput: ours.target.inputSelector,
        unthrottled: { median: summaries.ours.unthrottled, loads: ours.loads.unthrottled.map(withoutResources) },
        slow4G: { median: summaries.ours.slow4G, loads: ours.loads.slow4G.map(withoutResources) },
        resources: firstLogin.resources.map((r) => ({ ...r, url: path(r.url) })),
      },
      against: other
        ? {
            url: other.target.url,
            formVisibleSelector: other.target.readySelectors[0],
            interactiveInput: other.target.inputSelector,
            unthrottled: { median: summaries.other?.unthrottled, loads: other.loads.unthrottled.map(withoutResources) },
            slow4G: { median: summaries.other?.slow4G, loads: other.loads.slow4G.map(withoutResources) },
            resources: other.loads.unthrottled[0]?.resources,
          }
        : null,
      goals: goalRows,
      paired,
      console: consoleSummary
        ? {
            url: consoleTarget.url,
            figuresShownSelectors: consoleFiguresShown,
            unthrottled: { median: consoleSummary, loads: consoleLoads.map(withoutResources) },
            resources: consoleLoads[0]!.resources.map((r) => ({ ...r, url: path(r.url) })),
          }
        : { notMeasured: consoleSkipped },
      assets,
    };
    mkdirSync(join(repoRoot, "reports"), { recursive: true });
    writeFileSync(join(repoRoot, "reports", "bench.json"), `${JSON.stringify(report, null, 2)}\n`);
    out.write(`\nwrote reports/bench.json\n`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

// Ctrl-C or a kill ends through process.exit, so the server started above is stopped with us.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
await main();
