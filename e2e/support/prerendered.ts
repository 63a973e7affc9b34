import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { repoRoot } from "./server.ts";

/** What the prerendered-page journeys share: the pages, their texts, and the probes they watch them with. */
export const locales = ["en-US", "zh-CN", "zh-TW", "ja-JP", "ko-KR", "th-TH"] as const;
export type Locale = (typeof locales)[number];
const messages = Object.fromEntries(
  locales.map((l) => [l, JSON.parse(readFileSync(join(repoRoot, "locales", `${l}.json`), "utf8"))]),
) as Record<Locale, unknown>;
export const text = (locale: Locale, key: string): string => {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[locale]);
  if (typeof value !== "string") throw new Error(`${locale} has no ${key}`);
  return value;
};

export const pages = [
  { path: "/login", heading: "login.title" },
  { path: "/register", heading: "register.title" },
  { path: "/forget", heading: "forgot.title" },
  { path: "/home", heading: "home.title" },
  { path: "/products/enterprise-pack", heading: "enterprise.title" },
] as const;

/** What the page stores before it loads (the storage of a merchant who came before). */
export async function seedStorage(context: BrowserContext, items: Record<string, string>) {
  await context.addInitScript((seed) => {
    if (sessionStorage.getItem("seeded")) return;
    for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, value);
    sessionStorage.setItem("seeded", "1");
  }, items);
}

export interface Frame {
  heading: string | null;
  lang: string;
  form: boolean;
  fallback: boolean;
  dark: boolean;
}

/** The page as its parsing ended: its inline scripts have run, the console's module (deferred) has not. */
export interface Parsed {
  heading: string | null | undefined;
  lang: string;
  visible: string;
  templates: number;
  title: string;
}

interface Probe {
  /** The DOM before each frame that could paint with #root visible, whenever it changed. */
  frames: Frame[];
  parsed: Parsed | null;
  /** Whether the h1 in #root when parsing ended is still the one in the DOM (hydration adopted it). */
  sameHeading: boolean | null;
  hydrated: boolean;
}

/**
 * Watches every frame from the document's start: a requestAnimationFrame callback runs right before the
 * frame paints, so what it sees in a visible #root is what the merchant sees.
 */
export async function installProbe(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __frames: Frame[]; __heading: Element | null; __parsed: Parsed | null };
    w.__frames = [];
    w.__heading = null;
    w.__parsed = null;
    const started = performance.now();
    const look = () => {
      const root = document.getElementById("root");
      if (root && getComputedStyle(root).visibility === "visible") {
        const frame: Frame = {
          heading: root.querySelector("h1")?.textContent ?? null,
          lang: document.documentElement.lang,
          form: root.querySelector("input[type=password]") !== null && location.pathname === "/login",
          fallback: document.querySelector(".route-progress") !== null,
          dark: document.documentElement.classList.contains("bp6-dark"),
        };
        const last = w.__frames.at(-1);
        if (!last || JSON.stringify(last) !== JSON.stringify(frame)) w.__frames.push(frame);
      }
      if (performance.now() - started < 8000) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
    document.addEventListener("readystatechange", () => {
      // Parsing is over and the inline scripts have run; the console's module has not.
      if (document.readyState !== "interactive") return;
      w.__heading = document.querySelector("#root h1");
      const root = document.getElementById("root");
      w.__parsed = {
        heading: w.__heading?.textContent,
        lang: document.documentElement.lang,
        visible: root ? getComputedStyle(root).visibility : "no #root",
        templates: document.querySelectorAll("template").length,
        title: document.title,
      };
    });
  });
}

export async function readProbe(page: Page): Promise<Probe> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: Frame[]; __heading: Element | null; __parsed: Parsed | null };
    const root = document.getElementById("root");
    return {
      frames: w.__frames,
      parsed: w.__parsed,
      sameHeading: w.__heading ? document.querySelector("#root h1") === w.__heading : null,
      hydrated: root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer")),
    };
  });
}

/** Console errors and warnings, uncaught errors and CSP violations of the page. */
export async function watchProblems(context: BrowserContext, page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  await context.exposeBinding("__cspViolation", (_source, v: string) => void problems.push(`csp: ${v}`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      void (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${e.effectiveDirective} ${e.blockedURI} ${e.sample}`,
      );
    });
  });
  return problems;
}

export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById("root");
    return root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer"));
  });

/** Holds the console's scripts back until the returned function is called: the prerendered page alone meanwhile. */
export async function holdConsoleCode(context: BrowserContext): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Fills the prerendered form's fields (label → value), in order, and presses Enter in the last one before the console's
 * code runs: the page's inline script holds the submit back and marks the form.
 */
export async function submitBeforeHydration(page: Page, fields: Array<[label: string, value: string]>) {
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel(fields.at(-1)![0], { exact: true }).press("Enter");
  expect(await page.locator("form[data-held-submit]").count()).toBe(1);
}

/**
 * Runs `each` for every item at once and waits for all of them; the first failure is thrown once every run has ended
 * (so none is still using a context the test's end closes).
 */
export async function inParallel<T>(items: readonly T[], each: (item: T) => Promise<void>): Promise<void> {
  const failed = (await Promise.allSettled(items.map(each))).find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
}

/** A tab whose every load is a first visit (firstVisit), with the frame probe and the problems of its last load. */
export interface FirstVisitTab {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/**
 * A tab kept for many loads, each still a first visit: the HTTP cache off (DevTools' "Disable cache"), cookies and
 * storage emptied and seeded again before each (firstVisit). A new context for each load cost Chromium its context and
 * renderer again: 2.25 CPU-s for the five entry pages against 1.7 in a kept tab.
 */
export async function openFirstVisitTab(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0],
): Promise<FirstVisitTab> {
  const context = await browser.newContext(options);
  await installProbe(context);
  const page = await context.newPage();
  const problems = await watchProblems(context, page);
  const devtools = await context.newCDPSession(page);
  await devtools.send("Network.enable");
  await devtools.send("Network.setCacheDisabled", { cacheDisabled: true });
  return { context, page, problems };
}

/**
 * Loads `path` in the tab as a first visit with `storage` stored, as a merchant who came before left it (emptied and
 * seeded as the document starts, before its inline scripts: a page of no script loaded for it first cost Chromium
 * ~0.07 CPU-s a visit); the problems are counted from this load on.
 */
export async function firstVisit(tab: FirstVisitTab, path: string, storage: Record<string, string> = {}) {
  await tab.context.clearCookies();
  const seeding = await tab.page.addInitScript((items) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, storage);
  tab.problems.length = 0;
  try {
    return await tab.page.goto(path);
  } finally {
    await seeding.dispose();
  }
}
