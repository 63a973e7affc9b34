import { describe, expect, it } from "vitest";
import { registerViaApi, uniqueEmail } from "./support/api.ts";
import { axeScan as scan, axeOf } from "./support/axe.ts";
import {
  accountShown,
  button,
  expectAlert,
  gridRow,
  label,
  openSettings,
  pressEscapeIn,
  settled,
  signIn,
  waitForPath,
} from "./support/console.ts";
import { orderLabel, orderPackage } from "./support/orders.ts";
import { passwordFieldFaults } from "./support/password-fields.ts";
import { giveSession, merchantSession } from "./support/session.ts";
import { type ConsoleTab, withConsoleTab } from "./support/tab.ts";

/**
 * axe (no serious or critical violation) on the states a merchant reaches by doing something: a form's errors, the
 * shell's drawer, menu and dialogs, the order pages, the drawers' names and headings, the keyboard. The pages as they
 * load are given to axe where they are loaded anyway, by the responsive walk (e2e/responsive.e2e.test.ts): every
 * signed-in route and the phone's drawer, message sheet, account menu and settings drawer at 375 px, and /login,
 * /register and /forget at 1280 px; /home by e2e/public-pages.e2e.test.ts, light and dark.
 */
const tab = withConsoleTab();

/**
 * A new merchant's session given to the tab (and `settings` stored), then `path` loaded: the journeys below are about
 * the pages, the sign-in form has journeys of its own (the keyboard one below signs in through it). Through the form,
 * each sign-in cost Chromium /login and the console home, ~0.5 CPU-s.
 */
async function signedInAt({ page, context, baseUrl }: ConsoleTab, tag: string, path: string, settings?: object) {
  const session = await merchantSession(baseUrl, tag);
  await giveSession(context, session, settings ? { "app-settings": JSON.stringify(settings) } : {});
  await page.goto(path);
  await waitForPath(page, path);
}

describe("accessibility (axe)", () => {
  it("finds no serious or critical violation on a public form that shows its errors", async () => {
    const { page } = tab;
    const found: string[] = [];
    // A form that shows its errors must stay accessible too (the form as it loads: the responsive walk).
    await page.goto("/register");
    await button(page, label.register).click();
    await expectAlert(page, "Please enter your e-mail");
    found.push(...(await scan(page, "/register with errors")));
    expect(found).toEqual([]);
  });

  it("finds no serious or critical violation in the shell: drawer, dialogs, user centre, tab bar, dark theme", async () => {
    const { page } = tab;
    await signedInAt(tab, "axe-shell", "/console/index", { tabBar: true });
    const { nickName } = await accountShown(page);
    const found: string[] = [];

    await button(page, "Page settings").click();
    await page.locator(".settings-drawer").waitFor();
    found.push(...(await scan(page, "settings drawer")));
    await page.locator(".settings-drawer").getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: nickName, exact: true }).click();
    await page.getByRole("menuitem", { name: "Change password" }).waitFor();
    found.push(...(await scan(page, "account menu")));
    await page.getByRole("menuitem", { name: "Change password" }).click();
    await page.getByRole("dialog").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Change password" }).click();
    await expectAlert(page, "Please enter your password");
    found.push(...(await scan(page, "change password dialog with errors")));
    found.push(...(await passwordFieldFaults(page)));
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("link", { name: "User centre" }).first().click();
    await waitForPath(page, "/user/center");
    await page.getByRole("heading", { level: 1, name: "User centre" }).waitFor();
    found.push(...(await scan(page, "/user/center with the tab bar")));

    await button(page, "Dark theme").click();
    await page.waitForFunction(() => document.documentElement.classList.contains("bp6-dark"));
    found.push(...(await scan(page, "/user/center, dark theme")));
    await page.goto("/console/index");
    await accountShown(page);
    found.push(...(await scan(page, "/console/index, dark theme")));
    expect(found).toEqual([]);
  });

  it("finds no serious or critical violation on the order pages: buy, pay dialog, cancel, my orders, details, light and dark", async () => {
    const { page } = tab;
    await signedInAt(tab, "axe-orders", "/order/buy");
    const found: string[] = [];
    const { orderCode } = await orderPackage(page, "basic", { loaded: true });
    await page.getByTestId("pay-qr").waitFor();
    found.push(...(await scan(page, "/order/buy with the pay dialog")));
    await button(page, orderLabel.cancelOrder).click();
    await page.getByRole("alertdialog").waitFor();
    found.push(...(await scan(page, "the cancel confirmation")));
    await button(page, "Keep the order").click();
    await button(page, "Close").click();
    found.push(...(await scan(page, "/order/buy")));
    // On from the side menu, as a merchant goes (a page load cost Chromium ~0.25 CPU-s more).
    await page.getByRole("navigation").getByRole("link", { name: "My orders", exact: true }).first().click();
    await waitForPath(page, "/order/list");
    const row = await gridRow(page.getByTestId("orders-table"), { hasText: orderCode });
    found.push(...(await scan(page, "/order/list")));
    await row.getByRole("button", { name: orderLabel.details }).click();
    await page.getByTestId("order-facts").waitFor();
    found.push(...(await scan(page, "the order details")));
    await pressEscapeIn(page, "[data-testid=order-facts]");
    await button(page, "Dark theme").click();
    await page.waitForFunction(() => document.documentElement.classList.contains("bp6-dark"));
    found.push(...(await scan(page, "/order/list, dark theme")));
    await row.getByRole("button", { name: "Pay" }).click();
    await page.getByTestId("pay-qr").waitFor();
    found.push(...(await scan(page, "the pay dialog, dark theme")));
    expect(found).toEqual([]);
  });

  it("announces each drawer as a modal dialog with its name, its headings in order under the page's", async () => {
    const { page } = tab;
    await page.setViewportSize({ width: 375, height: 740 });
    await signedInAt(tab, "drawers", "/console/index");
    const drawers: Array<[string, string, () => Promise<unknown>]> = [
      ["Page settings", ".settings-drawer", () => openSettings(page)],
      ["Menu", ".nav-drawer", () => page.getByRole("button", { name: "Open menu" }).click()],
      ["Messages", ".message-sheet", () => page.getByRole("button", { name: /^Messages, \d+ unread$/ }).click()],
    ];
    // Each opened from the console page, and closed again before the next.
    await settled(page);
    for (const [name, panel, open] of drawers) {
      await open();
      const dialog = page.getByRole("dialog", { name, exact: true });
      await dialog.waitFor();
      expect(await dialog.getAttribute("aria-modal"), name).toBe("true");
      expect(await dialog.evaluate((element, selector) => element.matches(selector), panel), name).toBe(true);
      await settled(page);
      const { violations } = await axeOf(page)
        .withRules(["heading-order", "aria-dialog-name", "aria-allowed-attr"])
        .analyze();
      expect(violations.map((v) => `${name}: ${v.id}`)).toEqual([]);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.locator(panel).count(), { timeout: 5_000 }).toBe(0);
    }
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await openSettings(page);
    expect(
      await page
        .getByRole("dialog", { name: "Page settings" })
        .getByRole("heading", { level: 2, name: "Page settings" })
        .count(),
    ).toBe(1);
  });

  // One sign-in for two tests that each began with it: axe reads the page and moves no focus, so the keys start from
  // the page as it loaded all the same.
  it("finds no serious or critical violation on a new merchant's console page, and it works by keyboard: skip link, menu and the settings drawer", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("keys");
    await registerViaApi(baseUrl, email);
    await page.goto("/login");
    await signIn(page, email);
    await waitForPath(page, "/console/index");
    await expect.poll(async () => (await accountShown(page)).userId).toMatch(/\S/);
    const focused = () => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? null);
    const focusBefore = await focused();
    expect(await scan(page, "/console/index")).toEqual([]);
    expect(await focused(), "axe left the focus where it was").toBe(focusBefore);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");
    // Tab on through the page to the settings button (however many links the console home holds) and open it with the keyboard.
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = (await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))) === "Page settings";
    }
    expect(reached, "the settings button is reachable with Tab").toBe(true);
    await page.keyboard.press("Enter");
    await page.locator(".settings-drawer").waitFor();
    await pressEscapeIn(page, ".settings-drawer");
    await expect.poll(() => page.locator(".settings-drawer").count()).toBe(0);
  });
});
