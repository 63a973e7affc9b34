/**
 * A signed-in merchant for the /console/index loads: registered through the API (the code read from the test
 * server's dev outbox, e2e/support/api.ts), then signed in through /login's form in a browser, as a merchant would.
 * The context's storage afterwards (the token and user the console keeps in localStorage, and any cookie) is what
 * each cold /console/index load starts from: a new context with that storage and an empty HTTP cache.
 */
import type { Browser, BrowserContext } from "playwright-core";
import { defaultPassword, registerViaApi, uniqueEmail } from "../../e2e/support/api.ts";

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * What "all figures shown" means on the console home (src/features/console): every card has its answer — the
 * account card's e-mail filled and its profile spinner gone, the previous sign-in answered (not loading, no retry
 * button), the package card's plan answered (not loading, not an alert) and its balance shown (not loading, no alert).
 * Each must have a box in the same frame.
 */
export const consoleFiguresShown = [
  "[data-testid=account-email]:not(:empty)",
  ".account-card:not(:has(.bp6-spinner))",
  "[data-testid=last-login]:not([aria-busy]):not(:has(button))",
  "[data-testid=subscription-plan]:not([aria-busy]):not([role=alert])",
  '[data-testid=console-balance]:not([aria-busy]) [data-value]:not([data-value=""])',
];

export async function signedInStorage(browser: Browser, baseUrl: string): Promise<StorageState> {
  const email = uniqueEmail("bench");
  await registerViaApi(baseUrl, email);
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: "en-US",
    viewport: { width: 1280, height: 800 },
  });
  try {
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(defaultPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/console/index");
    for (const selector of consoleFiguresShown) await page.locator(selector).waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}
