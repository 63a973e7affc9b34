import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { registerViaApi, uniqueEmail } from "./support/api.ts";
import {
  accountMenuButton,
  accountShown,
  field,
  label,
  onLoginPage,
  pressEscapeIn,
  settled,
  stoppedMoving,
  pageShown,
  waitForPath,
} from "./support/console.ts";
import { auditLayout, describeAudit } from "./support/layout-audit.ts";
import { repoRoot } from "./support/server.ts";
import { giveSession, merchantSession } from "./support/session.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();
const phone = { width: 375, height: 740 };

interface Messages {
  navbar: Record<string, string>;
  settings: Record<string, string>;
  session: Record<string, string>;
  menu: Record<string, string>;
  messageBox: Record<string, string>;
  language: Record<string, string>;
}
const messages = (locale: string) => JSON.parse(readFileSync(`${repoRoot}/locales/${locale}.json`, "utf8")) as Messages;

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A phone: 375 × 740, touch, the page laid out for a mobile viewport. */
async function openPhone(): Promise<Page> {
  context = await tab.browser.newContext({
    baseURL: tab.baseUrl,
    locale: "en-US",
    viewport: phone,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on screen");
  return found;
};

/** The page fits the phone once it has loaded (no spinner left) and stopped moving: no sideways scrolling, nothing cut off, targets large enough. */
async function expectFits(page: Page, where: string) {
  await settled(page);
  const audit = await auditLayout(page, { primaryMin: 44 });
  expect(audit.problems.length === 0 ? "" : describeAudit(where, audit)).toBe("");
}

const drawer = (page: Page) => page.locator(".nav-drawer");

/** The navbar's buttons whose centre something else covers (a toast over the menu button), with what covers them. */
const coveredControls = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".app-navbar button")].flatMap((button) => {
      const { x, y, width, height } = button.getBoundingClientRect();
      if (width === 0 || height === 0) return [];
      const top = document.elementFromPoint(x + width / 2, y + height / 2);
      return top && button.contains(top)
        ? []
        : [`${button.getAttribute("aria-label") ?? button.textContent ?? ""} under ${top?.className ?? "nothing"}`];
    }),
  );

describe("the console on a phone (375 × 740, touch)", () => {
  it("signs in, uses the menu drawer, goes to my orders, reads messages, changes the language, opens settings and signs out", async () => {
    const page = await openPhone();
    const email = uniqueEmail("phone");
    await registerViaApi(tab.baseUrl, email);

    // Sign in.
    await page.goto("/login");
    await onLoginPage(page);
    await field(page, label.email).fill(email);
    await field(page, label.password).fill("Merchant7Pass");
    await page.getByRole("button", { name: label.signIn, exact: true }).tap();
    await waitForPath(page, "/console/index");
    let text = messages("en-US");
    // The "Welcome" toast shows for a few seconds: it must leave the navbar's controls free.
    await page.locator(".bp6-toast").first().waitFor();
    await stoppedMoving(page);
    expect(await coveredControls(page)).toEqual([]);
    await accountShown(page);
    await expectFits(page, "/console/index");

    // The menu is a drawer: Escape closes it, so does a tap outside it, so does going to a page from it.
    const openMenu = page.getByRole("button", { name: text.navbar.openMenu, exact: true });
    expect(await page.getByRole("navigation", { name: text.menu.label }).count()).toBe(0);
    await openMenu.tap();
    await drawer(page).waitFor();
    expect(await openMenu.getAttribute("aria-expanded")).toBe("true");
    await expectFits(page, "the menu drawer");
    await pressEscapeIn(page, ".nav-drawer");
    await drawer(page).waitFor({ state: "detached" });

    await openMenu.tap();
    await drawer(page).waitFor();
    const width = (await box(drawer(page))).width;
    expect(width).toBeLessThanOrEqual(phone.width - 48);
    await page.touchscreen.tap(phone.width - 20, phone.height / 2);
    await drawer(page).waitFor({ state: "detached" });

    await openMenu.tap();
    await drawer(page).getByRole("link", { name: text.menu.orders }).tap();
    await waitForPath(page, "/order/list");
    await drawer(page).waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 1, name: "My orders" }).waitFor();
    await expectFits(page, "/order/list");

    // The message box is a full-screen sheet.
    await page.getByRole("button", { name: /^Messages, \d+ unread$/ }).tap();
    const sheet = page.getByRole("region", { name: text.messageBox.title, exact: true });
    await sheet.waitFor();
    await stoppedMoving(page); // the sheet slides in
    expect(await box(page.locator(".message-sheet"))).toEqual({ x: 0, y: 0, width: phone.width, height: phone.height });
    await expectFits(page, "the message sheet");
    await sheet.getByRole("button", { name: text.messageBox.close, exact: true }).tap();
    await sheet.waitFor({ state: "detached" });

    // The language is in the account menu; the console reloads in it.
    await accountMenuButton(page).tap();
    const reloaded = page.waitForEvent("load", { timeout: 15_000 });
    await page.getByRole("combobox", { name: text.language.label }).selectOption("ja-JP");
    await reloaded;
    text = messages("ja-JP");
    await page.getByRole("button", { name: text.navbar.openMenu, exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ja-JP");
    await expectFits(page, "/order/list in Japanese");

    // Settings from the account menu: the drawer takes the whole width.
    await accountMenuButton(page).tap();
    await page.getByRole("menuitem", { name: text.settings.title }).tap();
    const settings = page.locator(".settings-drawer");
    await settings.waitFor();
    await stoppedMoving(page);
    expect((await box(settings)).width).toBe(phone.width);
    await expectFits(page, "the settings drawer");
    await settings.getByRole("button", { name: text.settings.close, exact: true }).tap();
    await settings.waitFor({ state: "detached" });

    // Sign out from the account menu.
    await accountMenuButton(page).tap();
    await page.getByRole("menuitem", { name: text.session.logout }).tap();
    // The sign-in page, in the language just chosen.
    await page.waitForURL((url) => url.pathname === "/login");
    await pageShown(page);
  });

  it("turns the frame wide when the phone turns, and narrow again, with the drawer closed", async () => {
    const page = await openPhone();
    // Signed in by the documented calls: signing in on the phone is the journey above.
    await giveSession(page.context(), await merchantSession(tab.baseUrl, "rotate"));
    await page.goto("/console/index");
    await waitForPath(page, "/console/index");
    await accountShown(page);
    const text = messages("en-US");
    await page.getByRole("button", { name: text.navbar.openMenu, exact: true }).tap();
    await drawer(page).waitFor();

    await page.setViewportSize({ width: 1280, height: 740 });
    await drawer(page).waitFor({ state: "detached" });
    await page.locator("nav.side-menu").waitFor();
    expect(
      await page.locator(".app-navbar").getByRole("button", { name: text.settings.title, exact: true }).isVisible(),
    ).toBe(true);
    await expectFits(page, "/console/index turned wide");

    await page.setViewportSize(phone);
    await page.getByRole("button", { name: text.navbar.openMenu, exact: true }).waitFor();
    expect(await drawer(page).count()).toBe(0);
    await expectFits(page, "/console/index narrow again");
  });
});
