import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { publicRouteNames, type RouteName, routePaths } from "../src/app/route-names.ts";
import {
  chooseFromAccountMenu,
  openAccountMenu,
  openSettings,
  pressEscapeIn,
  settled,
  stoppedMoving,
} from "./support/console.ts";
import { auditLayout, describeAudit } from "./support/layout-audit.ts";
import { merchantWithOrders } from "./support/orders.ts";
import { repoRoot } from "./support/server.ts";
import { withConsoleTab } from "./support/tab.ts";

/**
 * Every route of the route table (contracts/console-routes.ts), public ones signed out and the others signed in, at the
 * issue's four widths and at 1024 px (the first wide one): the page never scrolls sideways, nothing is cut off,
 * targets are large enough, text is readable (support/layout-audit.ts). A new route is walked without touching this
 * file. At 375 px each page (and each dialog below) is also saved to reports/screens/ for a reviewer.
 *
 * Each page is loaded at one width and then resized through the others, as a merchant turns a phone or widens a
 * window; the width it is loaded at turns with its place in the route table, so every route is audited both as loaded
 * and as resized to, and every width sees pages as loaded. One load a page instead of one a width: page loads are
 * most of the suite's browser time, and the walk grows with every area.
 */
const tab = withConsoleTab();
const widths = [
  { width: 375, height: 740 },
  { width: 768, height: 1024 },
  // The breakpoint's first wide width: the whole navbar and the side menu at their tightest.
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;
const screensDir = join(repoRoot, "reports", "screens");
const routes = Object.entries(routePaths) as Array<[RouteName, string]>;
const publicRoutes = routes.filter(([name]) => publicRouteNames.has(name));
const signedInRoutes = routes.filter(([name]) => !publicRouteNames.has(name));

interface Check {
  where: string;
  page: Page;
  width: number;
  screenshot?: string;
  /** The whole page, or (an overlay) the screen as the merchant sees it. */
  fullPage?: boolean;
}

/** Audits what is on screen; returns the failure message, or null. */
async function check({ where, page, width, screenshot, fullPage = true }: Check): Promise<string | null> {
  const audit = await auditLayout(page, { primaryMin: 44 });
  if (screenshot && width === 375) {
    mkdirSync(screensDir, { recursive: true });
    await page.screenshot({ path: join(screensDir, `${screenshot}.png`), fullPage });
  }
  return audit.problems.length > 0 ? describeAudit(`${where} at ${width} px`, audit) : null;
}

/** The overlays of the signed-in console, opened on the route they belong to. Routes without one are walked all the same. */
const overlays: Array<{ route: RouteName; name: string; open(page: Page): Promise<boolean> }> = [
  {
    route: "console",
    name: "menu-drawer",
    async open(page) {
      const button = page.getByRole("button", { name: "Open menu" });
      if (!(await button.isVisible())) return false; // wide screen: the menu is beside the page
      await button.click();
      await page.locator(".nav-drawer").waitFor();
      return true;
    },
  },
  {
    route: "console",
    name: "message-box",
    async open(page) {
      await page.getByRole("button", { name: /^Messages, \d+ unread$/ }).click();
      await page.getByRole("region", { name: "Messages", exact: true }).waitFor();
      return true;
    },
  },
  {
    route: "console",
    name: "account-menu",
    async open(page) {
      await openAccountMenu(page);
      return true;
    },
  },
  {
    route: "console",
    name: "settings-drawer",
    async open(page) {
      await openSettings(page);
      return true;
    },
  },
  {
    route: "console",
    name: "change-password-dialog",
    async open(page) {
      await chooseFromAccountMenu(page, "Change password");
      await page.getByRole("dialog").waitFor();
      return true;
    },
  },
  {
    route: "order",
    name: "order-details-dialog",
    async open(page) {
      await page.getByTestId("orders-table").getByRole("button", { name: "Details" }).first().click();
      await page.getByTestId("order-facts").waitFor();
      return true;
    },
  },
  {
    route: "order",
    name: "pay-dialog",
    async open(page) {
      await page.getByTestId("orders-table").getByRole("button", { name: "Pay", exact: true }).first().click();
      await page.getByTestId("pay-address").waitFor();
      return true;
    },
  },
];

/**
 * The layout settings keep working on every width (on a narrow screen they mean what machines/shell/layout-selectors.ts
 * says): each variant is stored as the settings drawer would store it and the console page audited with it.
 */
const layoutVariants: Array<{ name: string; settings: Record<string, unknown>; everyPageAsTab?: boolean }> = [
  { name: "tab-bar-every-page", settings: { tabBar: true }, everyPageAsTab: true },
  { name: "top-menu", settings: { topMenu: true } },
  { name: "no-navbar", settings: { navbar: false } },
  { name: "collapsed-400px-menu", settings: { menuCollapse: true, menuWidth: 400 } },
  { name: "400px-menu-dark", settings: { menuWidth: 400, theme: "dark" } },
];

/** Goes to a page inside the running console (a reload would forget the open tabs). */
const goInside = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);

/** The widths in the order a page is audited at: `turn` picks the one it is loaded at. */
const widthsFrom = (turn: number) => widths.map((_, i) => widths[(turn + i) % widths.length]!);

/** Audits the page on screen at every width, from the first of `sizes` (the one it was loaded at) through the others. */
async function auditAtEveryWidth(
  page: Page,
  sizes: ReadonlyArray<{ width: number; height: number }>,
  where: string,
  screenshot: string,
): Promise<string[]> {
  const failures: string[] = [];
  for (const [i, size] of sizes.entries()) {
    if (i > 0) {
      await page.setViewportSize(size);
      await settled(page);
    }
    const failure = await check({ where, page, width: size.width, screenshot });
    if (failure) failures.push(failure);
  }
  return failures;
}

/** Closes the open overlay (dialog, drawer, menu) with Escape, as a merchant would, and waits until it is gone. */
async function closeOverlay(page: Page) {
  for (let presses = 0; presses < 3 && (await page.locator(".bp6-overlay-open").count()) > 0; presses++) {
    await pressEscapeIn(page, ".bp6-overlay-open .bp6-overlay-content, .bp6-overlay-open.bp6-overlay-content");
    await page
      .waitForFunction(() => !document.querySelector(".bp6-overlay-open"), null, { timeout: 5_000 })
      .catch(() => undefined);
  }
  await stoppedMoving(page);
}

describe("at every width (375, 768, 1024, 1280 and 1440 px)", () => {
  it("no public route scrolls sideways, cuts anything off, or has a small target", async () => {
    const { page } = tab;
    const failures: string[] = [];
    for (const [turn, [name, path]] of publicRoutes.entries()) {
      const sizes = widthsFrom(turn);
      await page.setViewportSize(sizes[0]!);
      await page.goto(path);
      await settled(page);
      failures.push(...(await auditAtEveryWidth(page, sizes, `${path} (${name})`, `public-${name}`)));
    }
    expect(failures.join("\n\n")).toBe("");
  }, 180_000);

  it("no signed-in route scrolls sideways, cuts anything off, or has a small target", async () => {
    const { page, baseUrl } = tab;
    await merchantWithOrders(page, baseUrl);
    const failures: string[] = [];
    for (const [turn, [name, path]] of signedInRoutes.entries()) {
      const sizes = widthsFrom(turn);
      await page.setViewportSize(sizes[0]!);
      await page.goto(path);
      await settled(page);
      failures.push(...(await auditAtEveryWidth(page, sizes, `${path} (${name})`, name)));
    }
    expect(failures.join("\n\n")).toBe("");
  }, 180_000);

  it("no dialog or drawer of the signed-in console scrolls sideways, cuts anything off, or has a small target", async () => {
    const { page, baseUrl } = tab;
    await merchantWithOrders(page, baseUrl);
    const failures: string[] = [];
    for (const [turn, overlay] of overlays.entries()) {
      const sizes = widthsFrom(turn);
      const path = routePaths[overlay.route];
      await page.setViewportSize(sizes[0]!);
      await page.goto(path);
      await settled(page);
      for (const size of sizes) {
        await page.setViewportSize(size);
        await settled(page);
        if (!(await overlay.open(page))) continue;
        await settled(page);
        const where = `${path} (${overlay.route}) with the ${overlay.name}`;
        const found = await check({
          where,
          page,
          width: size.width,
          screenshot: `${overlay.route}--${overlay.name}`,
          fullPage: false,
        });
        if (found) failures.push(found);
        await closeOverlay(page);
      }
    }
    expect(failures.join("\n\n")).toBe("");
  }, 300_000);

  it("the console page keeps fitting under every layout setting", async () => {
    const { page, baseUrl } = tab;
    await merchantWithOrders(page, baseUrl);
    const failures: string[] = [];
    for (const [turn, variant] of layoutVariants.entries()) {
      const sizes = widthsFrom(turn);
      await page.setViewportSize(sizes[0]!);
      await page.evaluate(
        (settings) => localStorage.setItem("app-settings", JSON.stringify(settings)),
        variant.settings,
      );
      await page.goto(routePaths.console);
      await settled(page);
      if (variant.everyPageAsTab) {
        for (const [, path] of signedInRoutes) await goInside(page, path);
        await goInside(page, routePaths.console);
        await settled(page);
      }
      const where = `${routePaths.console} with settings ${JSON.stringify(variant.settings)}`;
      failures.push(...(await auditAtEveryWidth(page, sizes, where, `layout--${variant.name}`)));
    }
    expect(failures.join("\n\n")).toBe("");
  }, 180_000);
});

/**
 * The other five languages at 375 px: their words are longer (Thai has no spaces to break at, Japanese and Chinese
 * break anywhere), so each route is walked in each of them too, pages without their dialogs.
 */
const otherLocales = ["zh-CN", "zh-TW", "ja-JP", "ko-KR", "th-TH"] as const;

describe("at 375 px in every language", () => {
  it.each(otherLocales)(
    "%s: no route scrolls sideways, cuts anything off, or has a small target",
    async (locale) => {
      const { page, baseUrl } = tab;
      await page.setViewportSize({ width: 375, height: 740 });
      const failures: string[] = [];
      const walk = async (list: Array<[RouteName, string]>) => {
        for (const [name, path] of list) {
          await page.goto(path);
          await settled(page);
          expect(await page.evaluate(() => document.documentElement.lang), path).toBe(locale);
          const failure = await check({
            where: `${path} (${name}) in ${locale}`,
            page,
            width: 375,
            screenshot: `${locale}--${name}`,
          });
          if (failure) failures.push(failure);
        }
      };
      await page.goto(routePaths.home);
      await page.evaluate((l) => localStorage.setItem("arco-locale", l), locale);
      await walk(publicRoutes);
      // Signing in goes through the English form; the console is then shown in the language again.
      await page.evaluate(() => localStorage.removeItem("arco-locale"));
      await merchantWithOrders(page, baseUrl);
      await page.evaluate((l) => localStorage.setItem("arco-locale", l), locale);
      await walk(signedInRoutes);
      expect(failures.join("\n\n")).toBe("");
    },
    180_000,
  );
});
