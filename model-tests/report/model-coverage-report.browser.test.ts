import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../e2e/support/browser.ts";
import { allModels } from "../models/all-models.ts";

const repoRoot = resolve(import.meta.dirname, "../..");

const reportFile = join(repoRoot, "reports/model-coverage.html");
const jsonFile = join(repoRoot, "reports/model-coverage.json");

interface MachineSummary {
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  paths: { total: number; passed: number };
  excluded: Array<{ transition: string; why: string }>;
}

let browser: Browser;
let page: Page;

// QA opens the report from the file system: no server, nothing fetched.
describe("the model coverage report (reports/model-coverage.html)", () => {
  beforeAll(async () => {
    for (const file of [reportFile, jsonFile]) {
      if (!existsSync(file))
        throw new Error(
          `${file} is missing: run \`npm run model-test\` first (npm test runs it before the browser journeys)`,
        );
    }
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith("file:")) fetched.push(request.url());
    });
    await page.goto(pathToFileURL(reportFile).href);
    expect(fetched, "the report fetches nothing").toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("draws every machine of all-models.ts as a laid-out diagram", async () => {
    const shown = await page
      .locator("section.machine")
      .evaluateAll((sections) => sections.map((s) => s.getAttribute("data-machine")));
    expect(shown, "the report lists the machines of all-models.ts (an old report? run `npm run model-test`)").toEqual(
      allModels.map((m) => m.id),
    );
    for (const model of allModels) {
      const diagram = page.locator(`section[data-machine="${model.id}"] figure.diagram svg`);
      expect(await diagram.count(), `${model.id} has one diagram`).toBe(1);
      expect(await diagram.locator("g.node").count(), `${model.id}'s diagram has its states`).toBeGreaterThan(0);
      expect(
        await diagram.locator("g.transition").count(),
        `${model.id}'s diagram has its transitions`,
      ).toBeGreaterThan(0);
      const box = await diagram.boundingBox();
      expect(box?.width ?? 0, `${model.id}'s diagram is drawn`).toBeGreaterThan(50);
    }
  });

  it("shows each machine's numbers as reports/model-coverage.json has them", async () => {
    const { machines } = JSON.parse(readFileSync(jsonFile, "utf8")) as { machines: Record<string, MachineSummary> };
    for (const model of allModels) {
      const expected = machines[model.id];
      expect(expected, `${model.id} is in model-coverage.json`).toBeDefined();
      if (!expected) continue;
      const { states, transitions, paths, excluded } = expected;
      const summary = (await page.locator(`section[data-machine="${model.id}"] .summary`).innerText()).replace(
        /\s+/g,
        " ",
      );
      expect(summary).toContain(`States ${states.covered}/${states.total}`);
      expect(summary).toContain(
        `Transitions ${transitions.covered}/${transitions.total} covered, ${excluded.length} excluded`,
      );
      expect(summary).toContain(`Paths ${paths.passed}/${paths.total} passed`);
      const listed = page.locator(`section[data-machine="${model.id}"] details.path`);
      expect(await listed.count()).toBe(paths.total);
    }
  });

  it("says on hover why a transition is excluded, and lists a path's steps", async () => {
    const model = allModels.find((m) => m.excluded.length > 0);
    if (!model) return;
    const [exclusion] = model.excluded;
    const titles = await page
      .locator(`section[data-machine="${model.id}"] svg .transition.excluded > title`)
      .evaluateAll((elements) => elements.map((e) => e.textContent ?? ""));
    expect(
      titles.some((title) => title.includes(exclusion?.transition ?? "?") && title.includes(exclusion?.why ?? "?")),
    ).toBe(true);

    const first = page.locator(`section[data-machine="${model.id}"] details.path`).first();
    await first.locator("summary").click();
    expect(await first.locator("pre.steps").innerText()).toMatch(/^Path 1\b[\s\S]*Expect: /);
  });
});
