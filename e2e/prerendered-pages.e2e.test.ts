// The public entry pages come prerendered (scripts/prerender.ts): the first paint already shows the merchant's
// stored language and theme, hydration adopts that markup without a mismatch or a Suspense fallback, and the inline
// scripts and styles pass the CSP. What their forms do before the console's code runs, a signed-in /login and
// Blueprint's purged rules: e2e/prerendered-forms.e2e.test.ts.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeContexts, workerBrowser } from "./support/browser.ts";
import {
  type FirstVisitTab,
  firstVisit,
  hydrated,
  inParallel,
  type Locale,
  locales,
  openFirstVisitTab,
  pages,
  readProbe,
  text,
} from "./support/prerendered.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
/**
 * A tab per entry page for the whole file, each load in it a first visit (support/prerendered.ts): the 35 loads below
 * had a context each before.
 */
const entryTabs = new Map<string, FirstVisitTab>();
const entryTab = (path: string) => entryTabs.get(path) as FirstVisitTab;
beforeAll(async () => {
  browser = await workerBrowser();
  for (const { path } of pages)
    entryTabs.set(path, await openFirstVisitTab(browser, { baseURL: baseUrl, locale: "en-US" }));
});
afterAll(async () => {
  await closeContexts(browser);
});

/** The languages whose hydration is walked in the dark theme below; their light pages are read with scripts blocked. */
const darkHere: ReadonlySet<Locale> = new Set(["ko-KR", "th-TH"]);
const lightOnlyHere = locales.filter((locale) => darkHere.has(locale));

/** The page as parsed, before the console's code: the stored language's heading and title, nothing hidden or left. */
const parsedAs = (locale: Locale, heading: string) => ({
  heading: text(locale, heading),
  lang: locale,
  visible: "visible",
  templates: 0,
  title: expect.stringContaining(text(locale, "app.name")),
});

describe("prerendered public pages", () => {
  // The other four languages' light pages are read as their hydration below starts, before the console's module runs.
  it("paint in the stored language before any script of the console runs (scripts blocked), in ko-KR and th-TH light", async () => {
    await inParallel(pages, async ({ path, heading }) => {
      const tab = entryTab(path);
      // The console's own code never arrives: what shows is what the HTML and its inline scripts painted.
      await tab.page.route("**/assets/*.js", (route) => route.abort());
      try {
        for (const locale of lightOnlyHere) {
          await firstVisit(tab, path, { "arco-locale": locale });
          const shown = await tab.page.evaluate(() => ({
            heading: document.querySelector("#root h1")?.textContent,
            lang: document.documentElement.lang,
            visible: getComputedStyle(document.getElementById("root") as Element).visibility,
            templates: document.querySelectorAll("template").length,
            title: document.title,
          }));
          expect(shown, `${path} ${locale}`).toEqual(parsedAs(locale, heading));
        }
      } finally {
        await tab.page.unroute("**/assets/*.js");
      }
    });
  });

  it("show the default (en-US) markup to a browser without scripts", async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const { path, heading } of pages) {
        await page.goto(path);
        expect(await page.locator("#root h1").textContent(), path).toBe(text("en-US", heading));
        expect(await page.locator("#root h1").isVisible(), path).toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  for (const locale of locales) {
    // ko-KR and th-TH in the dark theme: the home and enterprise pages have dark variants of their own.
    it(`hydrate in ${locale} without a mismatch, a fallback, a flash of another language or a CSP violation`, async () => {
      // The five pages side by side, each a first visit in its page's tab: most of a page's time is spent waiting for
      // the network to go quiet, and the waits overlap.
      await inParallel(pages, async ({ path, heading }) => {
        const tab = entryTab(path);
        const { page, problems } = tab;
        const dark = darkHere.has(locale);
        await firstVisit(tab, path, {
          "arco-locale": locale,
          ...(dark ? { "app-settings": JSON.stringify({ theme: "dark" }) } : {}),
        });
        await hydrated(page);
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(150);
        const probe = await readProbe(page);
        const where = `${path} ${locale}`;
        expect(probe.parsed, `${where} before any script of the console ran`).toEqual(parsedAs(locale, heading));
        expect(problems, where).toEqual([]);
        expect(probe.hydrated, where).toBe(true);
        expect(probe.sameHeading, `${where}: hydration kept the prerendered h1`).toBe(true);
        // Every frame that could paint showed this page in this language and theme, and never a fallback.
        expect(probe.frames.length, where).toBeGreaterThan(0);
        for (const frame of probe.frames)
          expect(frame, where).toEqual({
            heading: text(locale, heading),
            lang: locale,
            form: path === "/login",
            fallback: false,
            dark,
          });
        expect(await page.locator("#root h1").textContent(), where).toBe(text(locale, heading));
      });
    });
  }

  it("paint a phone's navbar before any script runs, and hydrate it without a mismatch (375 × 740, touch)", async () => {
    const phone = { baseURL: baseUrl, viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
    const withoutScripts = await browser.newContext({ ...phone, javaScriptEnabled: false });
    try {
      const page = await withoutScripts.newPage();
      for (const { path } of pages) {
        await page.goto(path);
        const spills = await page.evaluate(() =>
          [...document.querySelectorAll("#root *")]
            .filter(
              (element) =>
                element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === "visible",
            )
            .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`),
        );
        expect({ path, scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth), spills }).toEqual({
          path,
          scrollWidth: 375,
          spills: [],
        });
      }
    } finally {
      await withoutScripts.close();
    }
    // One phone tab, each page a first visit in it in turn (a context each cost ~0.15 CPU-s more).
    const tab = await openFirstVisitTab(browser, phone);
    try {
      for (const { path } of pages) {
        await firstVisit(tab, path);
        await hydrated(tab.page);
        await tab.page.waitForLoadState("networkidle");
        await tab.page.waitForTimeout(150);
        expect(tab.problems, path).toEqual([]);
        expect((await readProbe(tab.page)).sameHeading, `${path}: hydration kept the prerendered h1`).toBe(true);
      }
    } finally {
      await tab.context.close();
    }
  });
});
