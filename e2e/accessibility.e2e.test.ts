import AxeBuilder from "@axe-core/playwright";
import type { Result } from "axe-core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { publicRouteNames, type RouteName, routePaths } from "../src/app/route-names.ts";
import { registerViaApi, uniqueEmail } from "./support/api.ts";
import {
  accountShown,
  button,
  expectAlert,
  label,
  openAccountMenu,
  openSettings,
  pressEscapeIn,
  settled,
  signIn,
  waitForPath,
} from "./support/console.ts";
import { merchantWithOrders, orderLabel, orderPackage, signedInMerchant } from "./support/orders.ts";
import { passwordFieldFaults } from "./support/password-fields.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();
const blocking = new Set(["serious", "critical"]);

function describeViolation(v: Result): string {
  const nodes = v.nodes
    .slice(0, 5)
    .map((n) => `      ${n.target.join(" ")}: ${n.failureSummary?.split("\n").join(" ") ?? ""}`);
  return [`  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s)) ${v.helpUrl}`, ...nodes].join("\n");
}

/** Fonts, frames and finite transitions over: colours read now are a state the page stays in. */
async function stillPage(page: Page): Promise<void> {
  // Colours read halfway through a transition (a dialog's buttons fading in) are neither the start nor the end state.
  // Endless ones (a spinner) are left alone. Two frames first: a popover opened by the last click starts its fade-in
  // only once React has committed it, and a check before that would find nothing running yet.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * Runs axe on what the page shows now, prints every violation and returns the serious and critical ones. A transition
 * that starts while axe reads the page (a toast timing out and fading) blends colours for a moment, so a page with
 * violations is read once more when still: what counts is what is still there.
 */
async function scan(page: Page, name: string): Promise<string[]> {
  await stillPage(page);
  let { violations } = await new AxeBuilder({ page }).analyze();
  if (violations.length) {
    await stillPage(page);
    ({ violations } = await new AxeBuilder({ page }).analyze());
  }
  if (violations.length)
    process.stdout.write(
      `axe ${name}: ${violations.length} violation(s)\n${violations.map(describeViolation).join("\n")}\n`,
    );
  return violations.filter((v) => blocking.has(v.impact ?? "")).map((v) => `${name}: ${v.id} (${v.impact}) ${v.help}`);
}

describe("accessibility (axe)", () => {
  it("finds no serious or critical violation on the public pages", async () => {
    const { page } = tab;
    const pages: Array<[string, () => Promise<void>]> = [
      ["/login", () => button(page, label.signIn).waitFor()],
      ["/register", () => button(page, label.register).waitFor()],
      ["/forget", () => button(page, label.next).waitFor()],
      ["/home", () => page.getByRole("heading", { level: 1 }).first().waitFor()],
    ];
    const found: string[] = [];
    for (const [path, ready] of pages) {
      await page.goto(path);
      await ready();
      found.push(...(await scan(page, path)));
    }
    // A form that shows its errors must stay accessible too.
    await page.goto("/register");
    await button(page, label.register).click();
    await expectAlert(page, "Please enter your e-mail");
    found.push(...(await scan(page, "/register with errors")));
    expect(found).toEqual([]);
  });

  it("finds no serious or critical violation on the console page", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("axe");
    await registerViaApi(baseUrl, email);
    await page.goto("/login");
    await signIn(page, email);
    await waitForPath(page, "/console/index");
    await expect.poll(async () => (await accountShown(page)).userId).toMatch(/\S/);
    expect(await scan(page, "/console/index")).toEqual([]);
  });

  it("finds no serious or critical violation in the shell: drawer, dialogs, user centre, tab bar, dark theme", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("axe-shell");
    await registerViaApi(baseUrl, email);
    await page.goto("/login");
    await page.evaluate(() => localStorage.setItem("app-settings", JSON.stringify({ tabBar: true })));
    await signIn(page, email);
    await waitForPath(page, "/console/index");
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
    const { page, baseUrl } = tab;
    await signedInMerchant(page, baseUrl, "axe-orders");
    const found: string[] = [];
    const { orderCode } = await orderPackage(page, "basic");
    await page.getByTestId("pay-qr").waitFor();
    found.push(...(await scan(page, "/order/buy with the pay dialog")));
    await button(page, orderLabel.cancelOrder).click();
    await page.getByRole("alertdialog").waitFor();
    found.push(...(await scan(page, "the cancel confirmation")));
    await button(page, "Keep the order").click();
    await button(page, "Close").click();
    found.push(...(await scan(page, "/order/buy")));
    await page.goto("/order/list");
    const row = page.getByTestId(`order-row-${orderCode}`);
    await row.waitFor();
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

  it("finds no serious or critical violation at 375 px on any signed-in route of the route table, nor in the phone's drawer, message sheet, account menu and settings", async () => {
    const { page, baseUrl } = tab;
    await page.setViewportSize({ width: 375, height: 740 });
    await merchantWithOrders(page, baseUrl);
    const found: string[] = [];
    const signedIn = (Object.entries(routePaths) as Array<[RouteName, string]>).filter(
      ([name]) => !publicRouteNames.has(name),
    );
    for (const [name, path] of signedIn) {
      await page.goto(path);
      await settled(page);
      found.push(...(await scan(page, `${path} (${name}) at 375 px`)));
    }
    const overlays: Array<[string, () => Promise<unknown>]> = [
      [
        "the menu drawer",
        async () => {
          await page.getByRole("button", { name: "Open menu" }).click();
          await page.locator(".nav-drawer").waitFor();
        },
      ],
      [
        "the message sheet",
        async () => {
          await page.getByRole("button", { name: /^Messages, \d+ unread$/ }).click();
          await page.getByRole("region", { name: "Messages", exact: true }).waitFor();
        },
      ],
      ["the account menu", () => openAccountMenu(page)],
      ["the settings drawer", () => openSettings(page)],
    ];
    for (const [name, open] of overlays) {
      await page.goto(routePaths.console);
      await settled(page);
      await open();
      await settled(page);
      found.push(...(await scan(page, `${name} at 375 px`)));
    }
    expect(found).toEqual([]);
  }, 180_000);

  it("announces each drawer as a modal dialog with its name, its headings in order under the page's", async () => {
    const { page, baseUrl } = tab;
    await page.setViewportSize({ width: 375, height: 740 });
    await signedInMerchant(page, baseUrl, "drawers");
    const drawers: Array<[string, string, () => Promise<unknown>]> = [
      ["Page settings", ".settings-drawer", () => openSettings(page)],
      ["Menu", ".nav-drawer", () => page.getByRole("button", { name: "Open menu" }).click()],
      ["Messages", ".message-sheet", () => page.getByRole("button", { name: /^Messages, \d+ unread$/ }).click()],
    ];
    for (const [name, panel, open] of drawers) {
      await page.goto(routePaths.console);
      await settled(page);
      await open();
      const dialog = page.getByRole("dialog", { name, exact: true });
      await dialog.waitFor();
      expect(await dialog.getAttribute("aria-modal"), name).toBe("true");
      expect(await dialog.evaluate((element, selector) => element.matches(selector), panel), name).toBe(true);
      await settled(page);
      const { violations } = await new AxeBuilder({ page })
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

  it("works by keyboard: skip link, menu and the settings drawer", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("keys");
    await registerViaApi(baseUrl, email);
    await page.goto("/login");
    await signIn(page, email);
    await waitForPath(page, "/console/index");
    await accountShown(page);
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
