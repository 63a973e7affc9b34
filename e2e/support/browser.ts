import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** Flags that keep Debian's Chromium quiet and offline (docs/architecture.md section 8). */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * What the tests drive: Debian's chromium-headless-shell, the same Blink and V8 as `chromium` without the browser's
 * own shell, which spent about a third more CPU on the same journeys; on two cores shared with the rest of npm test,
 * that is the suite's largest cost. The benchmark measures what merchants run, the full Chromium.
 */
export const headlessShellPath = () => process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** A headless Chromium for the tests; playwright gives each launch its own temporary user-data-dir. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: headlessShellPath(), args: chromiumArgs, headless: true });
}

let shared: Promise<Browser> | undefined;

/**
 * The one headless Chromium of this test worker, launched by the first file that asks and kept for the files after it
 * (e2e/vitest.config.ts runs a worker's files in one module cache): a launch cost about a CPU-second, once per file.
 * Each test still gets a context of its own (no storage, cookies or cache shared); the browser ends with its worker.
 */
export function workerBrowser(): Promise<Browser> {
  // Set before any await: two files' hooks asking at once get the same launch. A browser that crashed or never
  // started is launched again.
  shared = (shared ?? launchBrowser()).then(
    (browser) => (browser.isConnected() ? browser : launchBrowser()),
    () => launchBrowser(),
  );
  return shared;
}

/**
 * Closes every context left open in the worker's browser when a file ends (its files run one after another): a page
 * left open keeps its timers and live streams running through the files after it.
 */
export async function closeContexts(browser: Browser | undefined) {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/** The full Chromium, headless, as the benchmark measures it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
}

/**
 * A fresh context (own storage, cookies and cache) with one page on the console; `reducedMotion` asks for no motion,
 * as a merchant's system setting can (the console then opens and closes overlays without transitions).
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  { reducedMotion = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: "en-US",
    viewport: { width: 1280, height: 800 },
    reducedMotion: reducedMotion ? "reduce" : "no-preference",
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  return { context, page };
}
