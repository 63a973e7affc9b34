import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { defaultPassword, uniqueEmail } from "./support/api.ts";
import { button, consoleReady, field, label, sendCodeAndRead } from "./support/console.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();
/**
 * Rounds in a row, two of them on through the side menu. What it was written against showed in every round on the code
 * before: an address change with another page's heading on screen (100 of 100) and a stale "code sent" toast (20 of
 * 20); 20 rounds, 12 more of the same, cost about 1.8 CPU-s each (36.7 for the file).
 */
const rounds = 8;

/** The heading each page of the round shows (en-US): the address must never name a page before it is on screen. */
const headingOf: Record<string, RegExp> = {
  "/register": /^Create your merchant account$/,
  "/login": /^Sign in$/,
  "/console/index": /^Welcome, /,
  "/order/list": /^My orders$/,
  "/home": /^Accept USDT from anywhere, settle in minutes$/,
};

interface AddressChange {
  path: string;
  heading: string | null;
}

/** Notes, at the moment the console changes the address, which page's heading is on screen. */
function noteAddressChanges() {
  const changes: AddressChange[] = [];
  (window as unknown as { addressChanges: AddressChange[] }).addressChanges = changes;
  const note = () => {
    const heading = [...document.querySelectorAll("main h1")].find((h) => h.checkVisibility());
    changes.push({ path: location.pathname, heading: heading?.textContent ?? null });
  };
  for (const name of ["pushState", "replaceState"] as const) {
    const original = history[name];
    history[name] = function (this: History, ...args: Parameters<History["pushState"]>) {
      original.apply(this, args);
      note();
    };
  }
  addEventListener("popstate", note);
}

const form = (page: Page, name: string) => page.getByRole("form", { name, exact: true });

/**
 * What registering said before the sign-in page and still says on it: "Registered" stays, "code sent" goes with the
 * register page (it would go by itself 3 s after it came; the sign-in page shows well within a second of it).
 */
async function toastsLeftBehind(page: Page): Promise<string | null> {
  const toasts = page.locator(".bp6-toast");
  await toasts.filter({ hasText: "Registered." }).waitFor({ state: "visible" });
  const codeSent = toasts.filter({ hasText: "A verification code was sent" });
  return codeSent
    .waitFor({ state: "hidden", timeout: 1500 })
    .then(() => null)
    .catch(async () => (await codeSent.textContent()) ?? "a toast");
}

/**
 * One merchant as a person at full speed: waits only for what they are about to use, types where the cursor is. A
 * round that goes through the side menu starts from a page load (the console's code all new, My orders' not come yet);
 * the others from the sign-in form the last round logged out to, through its brand link to /home, without a load.
 */
async function registerAndSignIn(page: Page, baseUrl: string, email: string, throughMenu: boolean) {
  if (throughMenu) {
    await page.goto("/home");
    await consoleReady(page);
  } else {
    await page.getByRole("link", { name: "Merchant Console home", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: headingOf["/home"] }).waitFor({ state: "visible" });
  }
  await page.getByRole("link", { name: label.register, exact: true }).first().click();
  await form(page, "Create your merchant account").waitFor({ state: "visible" });
  await page.keyboard.type(email); // the register page puts the cursor in its e-mail field
  const typed = await field(page, label.email).inputValue();
  await field(page, label.code).fill(await sendCodeAndRead(page, baseUrl, email));
  await field(page, label.password).fill(defaultPassword);
  await field(page, label.repeatPassword).fill(defaultPassword);
  await page.keyboard.press("Enter");

  await form(page, label.signIn).waitFor({ state: "visible" });
  const staleToast = await toastsLeftBehind(page);
  // The sign-in page comes with the e-mail filled in and the cursor in it: on to the password.
  await page.keyboard.press("Tab");
  await page.keyboard.type(defaultPassword);
  const offered = await field(page, label.email).inputValue();
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: /^Welcome, / }).waitFor({ state: "visible" });
  if (throughMenu) {
    // On through the side menu to a page whose code has not come yet.
    await page.getByRole("navigation").getByRole("link", { name: "My orders", exact: true }).first().click();
    await page.getByRole("heading", { level: 1, name: "My orders", exact: true }).waitFor({ state: "visible" });
  }
  await button(page, label.logout).click();
  await form(page, label.signIn).waitFor({ state: "visible" });
  return { typed, offered, staleToast };
}

describe("registering and signing in at full speed", () => {
  it(`never shows a half-swapped page, a doubled e-mail or a stale toast, ${rounds} times in a row`, async () => {
    const { page, baseUrl } = tab;
    await page.addInitScript(noteAddressChanges);
    const doubled: string[] = [];
    const halfSwapped: string[] = [];
    const staleToasts: string[] = [];
    for (let round = 1; round <= rounds; round++) {
      const email = uniqueEmail(`full-speed-${round}`);
      const { typed, offered, staleToast } = await registerAndSignIn(page, baseUrl, email, round % 4 === 1);
      if (staleToast) staleToasts.push(`round ${round}: ${staleToast}`);
      if (typed !== email || offered !== email)
        doubled.push(`round ${round}: typed ${JSON.stringify(typed)}, sign-in offered ${JSON.stringify(offered)}`);
      const changes = await page.evaluate(
        () => (window as unknown as { addressChanges: AddressChange[] }).addressChanges,
      );
      for (const change of changes) {
        const expected = headingOf[change.path];
        if (expected && !expected.test(change.heading ?? ""))
          halfSwapped.push(`round ${round}: ${change.path} while ${JSON.stringify(change.heading)} was on screen`);
      }
    }
    expect({ doubled, halfSwapped, staleToasts }).toEqual({ doubled: [], halfSwapped: [], staleToasts: [] });
  }, 300_000);
});
