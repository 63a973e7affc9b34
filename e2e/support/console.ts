import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";
import { defaultPassword, nextCode, outbox } from "./api.ts";
import { describePage } from "./page-diary.ts";

/** The en-US labels of locales/en-US.json the journeys click and read. */
export const label = {
  email: "E-mail",
  password: "Password",
  newPassword: "New password",
  repeatPassword: "Repeat password",
  code: "Verification code",
  sendCode: "Send code",
  register: "Register",
  signIn: "Sign in",
  logout: "Log out",
  next: "Next",
  resetPassword: "Reset password",
  goToSignIn: "Go to sign in",
} as const;

export const field = (page: Page, name: string) => page.getByLabel(name, { exact: true });
export const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
/** Field errors and server refusals are announced with role=alert. */
export const alerts = (page: Page) => page.getByRole("alert");

/** The path and query the page shows now. */
export const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Waits for the page at `pathAndQuery` as a person sees it: the address, and the page's content (`pageShown`), never
 * the address alone. On a timeout the error describes the page and what it went through.
 */
export async function waitForPath(page: Page, pathAndQuery: string, timeout = 15_000) {
  await explained(`the page did not reach ${pathAndQuery}`, page, () =>
    page.waitForURL((url) => `${url.pathname}${url.search}` === pathAndQuery, { timeout }),
  );
  await explained(`${pathAndQuery} showed no page`, page, () => pageShown(page, timeout));
}

/**
 * A page is on screen: its main landmark shows a level-1 heading and no page is loading (the route's labelled progress
 * bar, shown while the next page is prepared or a page's code arrives).
 */
export async function pageShown(page: Page, timeout = 15_000) {
  await page.locator("main h1:visible").first().waitFor({ state: "visible", timeout });
  await page.locator(".route-progress[role=progressbar]").waitFor({ state: "detached", timeout });
}

async function explained(what: string, page: Page, wait: () => Promise<unknown>) {
  try {
    await wait();
  } catch (error) {
    const cause = (error as Error).message.split("\n")[0];
    throw new Error(`${what} (${cause}); it shows ${await describePage(page)}`);
  }
}

/** The sign-in page is on screen, its form ready to take what is typed (at `pathAndQuery` when given). */
export async function onLoginPage(page: Page, pathAndQuery?: string) {
  if (pathAndQuery) await waitForPath(page, pathAndQuery);
  else {
    await explained("the page did not reach /login", page, () =>
      page.waitForURL((url) => url.pathname === "/login", { timeout: 15_000 }),
    );
    await explained("/login showed no page", page, () => pageShown(page));
  }
  await button(page, label.signIn).waitFor({ state: "visible" });
  await consoleReady(page);
}

/**
 * A prerendered page shows its form before the console's code runs; the form is sent only once the console has
 * taken the page over (`<html data-hydrated>`, src/main.tsx). A merchant who presses too early presses again.
 */
export async function consoleReady(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * The code button once it may be pressed: "Send code", or "Resend code" where the console's sender of that purpose
 * sent one before (it lives as long as the console: a dialog of the same purpose opened again counts down first).
 */
export const sendCodeButton = (scope: Page | Locator) => scope.getByRole("button", { name: /^(Send|Resend) code$/ });

/** Presses "Send code" and returns the code the server put in the dev outbox. */
export async function sendCodeAndRead(page: Page, baseUrl: string, email: string): Promise<string> {
  const seen = (await outbox(baseUrl, email)).length;
  await sendCodeButton(page).click();
  return nextCode(baseUrl, email, seen);
}

export async function signIn(page: Page, email: string, password = defaultPassword) {
  await consoleReady(page);
  await field(page, label.email).fill(email);
  await field(page, label.password).fill(password);
  await button(page, label.signIn).click();
}

/** Registers through /register and leaves the browser on /login. */
export async function registerThroughUi(page: Page, baseUrl: string, email: string, password = defaultPassword) {
  await page.goto("/register");
  await consoleReady(page);
  await field(page, label.email).fill(email);
  const code = await sendCodeAndRead(page, baseUrl, email);
  await field(page, label.code).fill(code);
  await field(page, label.password).fill(password);
  await field(page, label.repeatPassword).fill(password);
  await button(page, label.register).click();
  await onLoginPage(page, "/login");
}

/** What the console page says about the signed-in merchant. */
export async function accountShown(page: Page) {
  const email = page.getByTestId("account-email");
  await email.waitFor({ state: "visible" });
  return {
    email: (await email.textContent())?.trim() ?? "",
    nickName: (await page.getByTestId("account-nickname").textContent())?.trim() ?? "",
    userId: (await page.getByTestId("account-user-id").textContent())?.trim() ?? "",
  };
}

export async function expectAlert(page: Page, text: string) {
  const alert = alerts(page).filter({ hasText: text }).first();
  await alert.waitFor({ state: "visible", timeout: 10_000 });
  expect(await alert.textContent()).toContain(text);
}

/**
 * A refusal said once: the error toast names it; the page adds `nextStep` — under the refused field, which is
 * marked and has the focus, or in an alert — and never the toast's words outside the toast.
 */
export async function expectRefusal(page: Page, refusal: { toast: string; nextStep: string; field?: string }) {
  await page.locator(".bp6-toast").filter({ hasText: refusal.toast }).first().waitFor({ timeout: 10_000 });
  if (refusal.field) {
    const input = field(page, refusal.field);
    await expect.poll(() => input.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
    const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(refusal.nextStep);
  } else await expectAlert(page, refusal.nextStep);
  const pageText = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const toasts of copy.querySelectorAll(".bp6-toast-container")) toasts.remove();
    return copy.textContent ?? "";
  });
  expect(pageText, "the page repeats the toast's words").not.toContain(refusal.toast);
}

/** What the pages add to the refusals the journeys meet (locales/en-US.json, errorPage). */
export const nextStep = {
  checkCredentials: "Check the e-mail above, then type the password again",
  emailTaken: "Sign in with this e-mail instead, or register with another one",
  authenticatorCode:
    "Each code works once: type the next code your authenticator app shows, or a recovery code you have not used yet",
  mailSignInCode: "Press Send code, then type the code from the e-mail along with your password",
} as const;

/** The account menu's button: the merchant's name on a wide screen, an icon on a narrow one. */
export const accountMenuButton = (page: Page) => page.getByTestId("account-menu-button");

/**
 * Opens the account menu and returns it once it has finished growing in, as a person sees it before choosing: an item
 * clicked while the menu still scales up is aimed at where it was a frame ago, and on a loaded machine can land on the
 * part above it that does not close the menu (CI once saw the menu stay open for 15 s after "Change password").
 */
export async function openAccountMenu(page: Page) {
  await accountMenuButton(page).click();
  const menu = page.getByRole("menu", { name: "Account" });
  await menu.waitFor();
  await stoppedMoving(page);
  return menu;
}

/**
 * Chooses an item of the account menu and waits until the menu has gone, as a person sees it close: its closing
 * transition shrinks the items, and a layout check made meanwhile would measure them at a fraction of their size.
 */
export async function chooseFromAccountMenu(page: Page, item: string) {
  const menu = await openAccountMenu(page);
  await menu.getByRole("menuitem", { name: item }).click();
  await menu.waitFor({ state: "hidden" });
}

/** Opens the settings drawer: from the navbar on a wide screen, from the account menu on a narrow one. */
export async function openSettings(page: Page) {
  const inNavbar = page.locator(".app-navbar").getByRole("button", { name: "Page settings", exact: true });
  if (await inNavbar.isVisible()) await inNavbar.click();
  else await chooseFromAccountMenu(page, "Page settings");
  const drawer = page.locator(".settings-drawer");
  await drawer.waitFor();
  return drawer;
}

/**
 * The page has rendered and stopped moving: its heading shown, no route or list loading, transitions over. One
 * evaluation in the page, checking once a frame, rather than a locator, a polled function and an evaluation: the
 * DevTools protocol's round trips were a third of the renderer's work in the responsive walk.
 */
export async function settled(page: Page) {
  const heading = await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const until = async (test: () => boolean, ms: number) => {
      const end = performance.now() + ms;
      while (!test()) {
        if (performance.now() > end) return false;
        await frame();
      }
      return true;
    };
    // As Playwright's :visible: a box of some size, and not hidden.
    const shown = (h: Element) => {
      const box = h.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(h).visibility === "visible";
    };
    if (!(await until(() => [...document.querySelectorAll("h1")].some(shown), 15_000))) return false;
    await until(() => !document.querySelector(".route-progress, [aria-busy=true], .bp6-spinner"), 10_000);
    return true;
  });
  if (!heading) throw new Error(`settled: no heading shown on ${page.url()} within 15 s`);
  await stoppedMoving(page);
}

/** Fonts loaded, transitions over (a drawer sliding in, a dialog fading in): what is measured now is what stays. */
export async function stoppedMoving(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = () =>
      document
        .getAnimations()
        .filter(
          (a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        );
    // A closing overlay stays in its leaving state (shrunk, faded) until its transition's time is up; with reduced
    // motion the console hides it at once (src/styles/motion.css), and what is not drawn is not waited for.
    const leaving = () =>
      [...document.querySelectorAll('[class*="-exit-active"]')].some((node) => node.getClientRects().length > 0);
    for (let i = 0; i < 40 && (finite().length > 0 || leaving()); i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * Presses Escape in the Blueprint overlay (dialog, drawer) that holds `selector`. The overlay listens for it on its
 * own container and takes the focus a frame after it opens (later on a loaded machine): a merchant sees it open
 * before pressing, so the key is pressed once the focus is inside.
 */
export async function pressEscapeIn(page: Page, selector: string) {
  await page.waitForFunction((inside) => {
    const overlay = document.querySelector(inside)?.closest(".bp6-overlay");
    return overlay?.contains(document.activeElement) ?? false;
  }, selector);
  await page.keyboard.press("Escape");
}

/**
 * A row's button in a list as the width shows it: in the table's row (or the data grid's) on a wider screen, in the
 * row's card on a phone (src/ui/list-table.tsx draws both; list-page.css shows one).
 */
export const rowButton = (page: Page, area: string, name: string) =>
  page
    .locator(`[data-testid="${area}-table"], [data-testid="${area}-cards"]`)
    .getByRole("button", { name, exact: true })
    .filter({ visible: true })
    .first();

/**
 * A row of a list's data grid (src/ui/list-grid.tsx), found by what one of its cells holds: its cells, which Blueprint's
 * table draws with no element around a row (each carries its row's key, `data-row`). Waits for the row.
 */
export async function gridRow(
  grid: Locator,
  filter: { has?: Locator; hasText?: string | RegExp },
  timeout?: number,
): Promise<Locator> {
  const cell = grid.locator("[data-row]").filter(filter).first();
  await cell.waitFor({ timeout });
  return grid.locator(`[data-row="${await cell.getAttribute("data-row")}"]`);
}

/** The rows a list's data grid shows now (its header row aside). */
export const gridRowCount = (grid: Locator, rowName: string) =>
  grid.locator(`[data-testid^="${rowName}-row-"]`).count();
