import { describe, expect, it } from "vitest";
import { auditLayout } from "./support/layout-audit.ts";
import { withConsoleTab } from "./support/tab.ts";

// The layout audit (support/layout-audit.ts) that the responsive and phone journeys rely on, on pages made to fail it.
const tab = withConsoleTab();

const kinds = async (html: string) => {
  const { page } = tab;
  await page.setViewportSize({ width: 375, height: 740 });
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
});
