import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { auditLayout } from "./support/layout-audit.ts";
import { repoRoot } from "./support/server.ts";
import { withConsoleTab } from "./support/tab.ts";

// The layout audit (support/layout-audit.ts) that the responsive and phone journeys rely on, on pages made to fail it.
const tab = withConsoleTab();

const kinds = async (html: string, width = 375) => {
  const { page } = tab;
  await page.setViewportSize({ width, height: 740 });
  await page.setContent(`<!doctype html><html><body style="margin:0;font-size:14px">${html}</body></html>`);
  const audit = await auditLayout(page, { primaryMin: 44 });
  return audit.problems.map((p) => `${p.kind}: ${p.element.split(" ")[0]}`);
};

describe("the layout audit", () => {
  it("passes a page that fits", async () => {
    expect(await kinds('<main><p>Fits.</p><button style="width:48px;height:48px">Go</button></main>')).toEqual([]);
  });

  it("finds a page that scrolls sideways and the element that makes it", async () => {
    const found = await kinds('<div id="wide" style="width:600px;height:10px"></div>');
    expect(found).toContain("page scrolls sideways: html");
    expect(found).toContain("overflows: div#wide");
  });

  it("finds a target under 24 px and a primary action under 44 px", async () => {
    const found = await kinds(
      '<button id="tiny" style="width:16px;height:16px"></button><button id="go" class="bp6-button bp6-intent-primary" style="width:80px;height:30px">Go</button>',
    );
    expect(found).toEqual([
      "target under 24 px: button#tiny",
      "primary action under 44 px: button#go.bp6-button.bp6-intent-primary",
    ]);
  });

  it("finds a target drawn over another, but not a page's buttons behind an overlay", async () => {
    const covered = await kinds(
      '<button id="under" style="position:absolute;left:10px;top:10px;width:60px;height:40px">A</button><button id="over" style="position:absolute;left:20px;top:15px;width:60px;height:40px">B</button>',
    );
    expect(covered).toEqual(["target covered: button#under"]);
    const overlay = await kinds(
      '<button id="page" style="width:60px;height:40px">A</button><div class="bp6-portal"><div class="bp6-overlay" style="position:fixed;inset:0"><button style="width:60px;height:40px">B</button></div></div>',
    );
    expect(overlay).toEqual([]);
  });

  it("leaves alone a target scrolled away inside a box that scrolls, under whatever is beside the box", async () => {
    const scrolled = await kinds(
      '<div style="display:flex;flex-direction:column;height:200px"><div style="flex:1;overflow-y:auto"><div style="height:400px"></div><button style="width:60px;height:40px">Far</button></div><footer style="height:60px"><button style="width:60px;height:40px">Close</button></footer></div>',
    );
    expect(scrolled).toEqual([]);
  });

  it("finds text an ellipsis cuts, unless its whole text shows on hover", async () => {
    const cut = () =>
      `<span id="name" style="display:inline-block;max-width:60px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">a-rather-long-nickname</span>`;
    expect(await kinds(cut())).toEqual(["cut off: span#name"]);
    expect(
      await kinds(`<button style="min-height:48px" title="Account: a-rather-long-nickname">${cut()}</button>`),
    ).toEqual([]);
    expect(await kinds(`<button style="min-height:48px" title="Account: a-rather">${cut()}</button>`)).toEqual([
      "cut off: span#name",
    ]);
  });

  it("finds a table cell whose text is cut by its own box, unless its whole value shows on hover", async () => {
    const cell = (title: string) =>
      `<table><tr><td id="paid"${title} style="max-width:60px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">Nov 25, 2026, 14:51</td></tr></table>`;
    expect(await kinds(cell(""), 1440)).toContain("cell clipped: td#paid");
    expect(await kinds(cell(' title="Nov 25, 2026, 14:51"'), 1440)).toEqual([]);
  });

  // Today's My orders at 1440 px: a 1,255 px table in a 920 px region, the paid date cut, Pay type and Operations off.
  const wideTable = (actionsCell: string) =>
    `<section data-scroll-x style="overflow-x:auto;width:400px"><table style="border-collapse:collapse"><tr><td style="white-space:nowrap;padding:0 8px">202611250000000001</td><td style="white-space:nowrap;padding:0 8px">Basic, 1 month</td><td id="paid" style="white-space:nowrap;padding:0 8px">Nov 25, 2026, 14:51</td><td id="type" style="white-space:nowrap;padding:0 8px">Chain</td>${actionsCell}</tr></table></section>`;

  it("finds cells and row actions past a scroll region that gives no sign of scrolling", async () => {
    const found = await kinds(
      wideTable('<td><button id="pay" style="min-width:48px;min-height:32px">Pay</button></td>'),
      1440,
    );
    expect(found).toContain("cell clipped: td#paid");
    expect(found).toContain("cell clipped: td#type");
    expect(found).toContain("control out of view: button#pay");
  });

  // Application bills at 1440 px before issue 40: sixteen columns, the status and notice status past the region's edge.
  const scannedTable = (status: string) =>
    `<section data-scroll-x style="overflow-x:auto;width:600px"><table style="border-collapse:collapse"><thead><tr><th data-scanned style="white-space:nowrap;padding:0 8px">Bill number</th><th style="white-space:nowrap;padding:0 8px">From address, to address</th><th id="status" data-scanned style="white-space:nowrap;padding:0 8px">${status}</th><th style="position:sticky;right:0;background:#fff;box-shadow:-6px 0 6px -6px rgba(0,0,0,.4);padding:0 8px">Operations</th></tr></thead></table></section>`;

  it("finds a column a list is scanned by outside what it shows without scrolling on a desktop, not on a tablet", async () => {
    const status = "Status of the bill as the chain and the ledger see it";
    expect(await kinds(scannedTable(status), 1440)).toContain("scanned column out of view: th#status");
    expect(await kinds(scannedTable(status), 1024)).not.toContain("scanned column out of view: th#status");
    expect(await kinds(scannedTable("Status"), 1440)).not.toContain("scanned column out of view: th#status");
  });

  it("passes a table that scrolls with its row actions pinned to the region's edge", async () => {
    const pinned =
      '<td style="position:sticky;right:0;background:#fff;box-shadow:-6px 0 6px -6px rgba(0,0,0,.4)"><button style="min-width:48px;min-height:32px">Pay</button></td>';
    expect(await kinds(wideTable(pinned), 1440)).toEqual([]);
  });

  // A list's data grid (src/ui/list-grid.tsx): cells and headers by their roles, in a body that scrolls sideways and
  // shades the edge it scrolls toward (data-scroll-more).
  const grid = (more: string) =>
    `<div ${more}><div data-scroll-x style="overflow-x:auto;width:400px"><div style="display:flex;width:600px"><div role="columnheader" data-scanned style="width:300px">Bill number</div><div role="columnheader" id="status" data-scanned style="width:300px">Status</div></div><div style="display:flex;width:600px"><div role="rowheader" style="width:300px">202611250000000001</div><div role="gridcell" id="paid" style="width:300px;white-space:nowrap">Nov 25, 2026, 14:51</div></div></div></div>`;

  it("reads a data grid's cells and headers as a table's, and its shaded edge as a sign that it scrolls", async () => {
    const found = await kinds(grid(""), 1440);
    expect(found).toContain("cell clipped: div#paid");
    expect(found).toContain("scanned column out of view: div#status");
    expect(await kinds(grid('data-scroll-more="right"'), 1440)).toEqual(["scanned column out of view: div#status"]);
  });

  // Invoices at 1440 px: a status's two tags (their words may wrap anywhere) squeezed to the cell the grid first drew,
  // measured there, and the column fitted to that: "Overpaid" cut by 13 px. A cell's content keeps its own width.
  it("finds tags cut by a data grid's cell, and keeps a cell's content at its own width under the console's stylesheet", async () => {
    const stylesheet = readFileSync(join(repoRoot, "src/ui/list-grid.css"), "utf8");
    const tag = (word: string) =>
      `<span style="display:inline-flex;padding:0 6px"><span style="overflow:hidden;white-space:normal;overflow-wrap:anywhere">${word}</span></span>`;
    const found = await kinds(
      `<style>${stylesheet}</style><div class="list-grid"><div role="gridcell" id="status" class="list-grid-cell list-wrap" style="width:90px;height:56px"><div class="list-grid-content"><span class="invoice-tags">${tag("Paid")}${tag("Overpaid")}</span></div></div></div>`,
      1440,
    );
    expect(found).toContain("cell clipped: div#status.list-grid-cell.list-wrap");
    const { page } = tab;
    const [content, tags] = await page.evaluate(() => {
      const box = document.querySelector(".list-grid-content");
      const spans = [...(box?.querySelectorAll(".invoice-tags > span") ?? [])];
      return [
        box?.getBoundingClientRect().width ?? 0,
        spans.reduce((sum, s) => sum + s.getBoundingClientRect().width, 0),
      ];
    });
    expect(content).toBeGreaterThanOrEqual(Math.floor(tags));
  });

  // Currency list and My currencies at 1440 px: a plain list table's first column, its row header, left out of the
  // row's stripe (Blueprint stripes a striped table's td only).
  it("stripes a list table's row header with the rest of its row, in both themes", async () => {
    const styles = ["node_modules/@blueprintjs/core/lib/css/blueprint.css", "src/ui/list-page.css"]
      .map((file) => readFileSync(join(repoRoot, file), "utf8"))
      .join("\n");
    const row = (n: number) => `<tr><th scope="row" id="head-${n}">Token ${n}</th><td id="cell-${n}">Devnet</td></tr>`;
    const { page } = tab;
    const backgrounds = async (theme: string) => {
      await page.setContent(
        `<!doctype html><html><head><style>${styles}</style></head><body class="${theme}"><table class="bp6-html-table bp6-html-table-striped list-table"><tbody>${row(1)}${row(2)}</tbody></table></body></html>`,
      );
      return page.evaluate(() =>
        [1, 2].map((n) =>
          ["head", "cell"].map(
            (part) => getComputedStyle(document.getElementById(`${part}-${n}`) as Element).backgroundColor,
          ),
        ),
      );
    };
    for (const theme of ["", "bp6-dark"]) {
      const [odd, even] = await backgrounds(theme);
      expect(odd?.[0], `the first row's header (${theme || "light"})`).toBe(odd?.[1]);
      expect(odd?.[1], `the first row striped (${theme || "light"})`).not.toBe(even?.[1]);
      expect(even?.[0], `the second row's header (${theme || "light"})`).toBe(even?.[1]);
    }
  });

  it("finds a value broken between two letters, not one broken after @ or . (a <wbr>)", async () => {
    const value = (inner: string, wrap: string) =>
      `<p id="email" data-value style="width:100px;overflow-wrap:${wrap}">${inner}</p>`;
    expect(await kinds(value("merchant@example.com", "anywhere"), 1440)).toEqual(["value broken mid-word: p#email"]);
    expect(await kinds(value("merchant@<wbr>example.<wbr>com", "break-word"), 1440)).toEqual([]);
  });

  it("finds a table cell's text broken between two letters (a status squeezed by its column), not at a space", async () => {
    const cell = (wrap: string) =>
      `<table><tr><td id="status" style="width:40px;overflow-wrap:${wrap}">Pending payment</td></tr></table>`;
    expect(await kinds(cell("anywhere"), 1440)).toEqual(["value broken mid-word: td#status"]);
    expect(await kinds(cell("normal"), 1440)).toEqual([]);
  });

  it("finds a signed-in page capped far below the width it is given on a desktop, not one that uses it", async () => {
    const page = (cap: string) =>
      `<main class="app-content" style="padding:0 24px"><section id="orders" class="page" style="${cap}"><h1>My orders</h1></section></main>`;
    expect(await kinds(page("max-width:930px"), 1440)).toEqual(["content capped: section#orders.page"]);
    expect(await kinds(page(""), 1440)).toEqual([]);
    expect(await kinds(page("max-width:930px"), 375)).toEqual([]);
  });

  it("finds two cards of a page run together, stacked or side by side, not cards with their gap", async () => {
    const cards = (gap: number, direction: string) =>
      `<main class="app-content"><section class="page" style="display:flex;flex-direction:${direction};gap:${gap}px"><div id="one" class="bp6-card" style="height:40px;width:120px">One</div><div id="two" class="bp6-card" style="height:40px;width:120px">Two</div></section></main>`;
    expect(await kinds(cards(0, "column"))).toEqual(["cards without their gap: div#one.bp6-card"]);
    expect(await kinds(cards(2, "row"))).toEqual(["cards without their gap: div#one.bp6-card"]);
    expect(await kinds(cards(16, "column"))).toEqual([]);
    expect(await kinds(cards(16, "row"))).toEqual([]);
  });
});
