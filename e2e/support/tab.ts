import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { launchBrowser, openPage } from "./browser.ts";

export interface ConsoleTab {
  readonly baseUrl: string;
  browser: Browser;
  /** A new context per test: no storage, cookies or cache survive from the previous test. */
  context: BrowserContext;
  page: Page;
}

/** One Chromium per file, a fresh context and page per test. */
export function withConsoleTab(): ConsoleTab {
  const tab = { baseUrl: inject("baseUrl") } as ConsoleTab;
  beforeAll(async () => {
    tab.browser = await launchBrowser();
  });
  afterAll(async () => {
    await tab.browser?.close();
  });
  beforeEach(async () => {
    const { context, page } = await openPage(tab.browser, tab.baseUrl);
    tab.context = context;
    tab.page = page;
  });
  afterEach(async () => {
    await tab.context?.close();
  });
  return tab;
}
