import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";
import { closeContexts, openPage, workerBrowser } from "./browser.ts";
import { describePage, keepDiary } from "./page-diary.ts";

export interface ConsoleTab {
  readonly baseUrl: string;
  browser: Browser;
  /** A new context per test: no storage, cookies or cache survive from the previous test. */
  context: BrowserContext;
  page: Page;
}

/**
 * The worker's one Chromium (`workerBrowser`), a fresh context and page per test; `reducedMotion` for a walk that audits end states only
 * (no transition to wait out after each dialog opened, closed or resized).
 */
export function withConsoleTab(options: { reducedMotion?: boolean } = {}): ConsoleTab {
  const tab = { baseUrl: inject("baseUrl") } as ConsoleTab;
  beforeAll(async () => {
    tab.browser = await workerBrowser();
  });
  afterAll(async () => {
    await closeContexts(tab.browser);
  });
  let missingKeys: string[] = [];
  beforeEach(async () => {
    const { context, page } = await openPage(tab.browser, tab.baseUrl, options);
    tab.context = context;
    tab.page = page;
    keepDiary(page);
    // A text the console could not find in the shown language nor in English (src/i18n/i18n.ts) fails the journey.
    missingKeys = [];
    context.on("console", (message) => {
      if (message.type() === "error" && message.text().startsWith("i18n: missing")) missingKeys.push(message.text());
    });
  });
  afterEach(async ({ task }) => {
    // A journey that fails on a loaded machine says what its page showed and went through (its last API answers,
    // errors, addresses), whatever step failed: the log of one rare failure is all there is to go on.
    // The error goes with it: a stage stopped by the other lane's failure never prints Vitest's summary.
    if (task.result?.state === "fail" && tab.page) {
      const error = task.result.errors?.[0];
      const why = error ? `${error.message}\n${(error.stack ?? "").split("\n").slice(1, 6).join("\n")}` : "no error";
      process.stdout.write(`${task.name} failed: ${why}\nits page: ${await describePage(tab.page)}\n`);
    }
    await tab.context?.close();
    expect(missingKeys, "texts missing from the locale files").toEqual([]);
  });
  return tab;
}
