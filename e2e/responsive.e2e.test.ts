import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { publicRouteNames, type RouteName, routePaths } from "../src/app/route-names.ts";
import {
  chooseFromAccountMenu,
  openAccountMenu,
  openSettings,
  pressEscapeIn,
  rowButton,
  settled,
  stoppedMoving,
} from "./support/console.ts";
import { axeScan } from "./support/axe.ts";
import { auditLayout, describeAudit } from "./support/layout-audit.ts";
import { merchantWithOrders } from "./support/orders.ts";
import { repoRoot } from "./support/server.ts";
import { withConsoleTab } from "./support/tab.ts";
import { storeTheme, switchTheme } from "./support/theme.ts";

/**
 * Every route of the route table (contracts/console-routes.ts), public ones signed out and the others signed in, at
 * 375, 768, 1024 (the first wide width), 1280, 1440 and 1920 px, and in the dark theme again at the three desktop
 * widths: the page never scrolls sideways, nothing is cut off (a table's cells and row actions included), no value
 * breaks mid-word, targets are large enough, text is readable (support/layout-audit.ts). A new route is walked without
 * touching this file. With `SCREENS=1` (`npm run screens`), each page (and each dialog below) is also saved to
 * reports/screens/ at 375 and at 1440 px (`-1440`): for a reviewer's eyes, no test reads them, and encoding them cost
 * about 17 CPU-seconds of every `npm test`.
 *
 * Each page is loaded at one width and then resized through the others, as a merchant turns a phone or widens a
 * window, and switched to the dark theme in place (support/theme.ts); the width it is loaded at turns with its place
 * in the route table, so every route is audited both as loaded and as resized to, and every width sees pages as
 * loaded. One load a page instead of one a width and theme: page loads are most of the suite's browser time, and the
 * walk grows with every area. The walk asks for reduced motion (the console then has no transitions): it audits what
 * stays on screen, and waiting out each dialog's fade in and out was a third of its time.
 *
 * The walk also runs axe (support/axe.ts, no serious or critical violation) on the states the accessibility journey
 * would otherwise load again: every signed-in route at 375 px, the phone's menu drawer, message sheet, account menu and
 * settings drawer at 375 px, and the sign-in, registration and forgotten-password pages at 1280 px (light). The
 * accessibility journey keeps the states a walk does not reach (a form's errors, the shell's dialogs, the order pages).
 */
const tab = withConsoleTab({ reducedMotion: true });
const widths = [
  { width: 375, height: 740 },
  { width: 768, height: 1024 },
  // The breakpoint's first wide width: the whole navbar and the side menu at their tightest.
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;
/** The desktop widths, audited in the dark theme too: widest first, where the theme is switched. */
const darkWidths = [
  { width: 1920, height: 1080 },
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
] as const;
const isWide = (width: number) => width >= 1280;
const screensDir = join(repoRoot, "reports", "screens");
const savingScreens = process.env.SCREENS === "1";
const routes = Object.entries(routePaths) as Array<[RouteName, string]>;
// /demo01 leaves for an invoice's hosted checkout page, a page of its own whose widths, themes (the system's) and
// languages e2e/checkout.e2e.test.ts audits; the demo's own states are walked by its model test.
const publicRoutes = routes.filter(([name]) => publicRouteNames.has(name) && name !== "demo01");
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
  if (savingScreens && screenshot && (width === 375 || width === 1440)) {
    mkdirSync(screensDir, { recursive: true });
    const file = width === 375 ? `${screenshot}.png` : `${screenshot}-${width}.png`;
    await page.screenshot({ path: join(screensDir, file), fullPage });
  }
  return audit.problems.length > 0 ? describeAudit(`${where} at ${width} px`, audit) : null;
}

/** The overlays of the signed-in console, opened on the route they belong to. Routes without one are walked all the same. */
const overlays: Array<{
  route: RouteName;
  name: string;
  /** What axe calls it, at 375 px in the light theme; without it, the overlay is not given to axe here. */
  axe?: string;
  open(page: Page): Promise<boolean>;
}> = [
  {
    route: "console",
    name: "menu-drawer",
    axe: "the menu drawer",
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
    axe: "the message sheet",
    async open(page) {
      await page.getByRole("button", { name: /^Messages, \d+ unread$/ }).click();
      await page.getByRole("region", { name: "Messages", exact: true }).waitFor();
      return true;
    },
  },
  {
    route: "console",
    name: "account-menu",
    axe: "the account menu",
    async open(page) {
      await openAccountMenu(page);
      return true;
    },
  },
  {
    route: "console",
    name: "settings-drawer",
    axe: "the settings drawer",
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
      await rowButton(page, "orders", "Details").click();
      await page.getByTestId("order-facts").waitFor();
      return true;
    },
  },
  {
    route: "order",
    name: "pay-dialog",
    async open(page) {
      await rowButton(page, "orders", "Pay").click();
      await page.getByTestId("pay-address").waitFor();
      return true;
    },
  },
  {
    route: "wallet",
    name: "address-add-dialog",
    async open(page) {
      await page.getByRole("button", { name: "Add address", exact: true }).click();
      await page.getByRole("dialog").getByLabel("Address (checksummed)", { exact: true }).waitFor();
      return true;
    },
  },
  {
    route: "wallet",
    name: "withdraw-dialog",
    async open(page) {
      await page.getByRole("button", { name: "Withdraw", exact: true }).click();
      await page.getByRole("dialog").getByLabel("Amount (USDT)", { exact: true }).waitFor();
      return true;
    },
  },
  {
    route: "app",
    name: "app-add-dialog",
    async open(page) {
      await page.getByRole("button", { name: "Add application", exact: true }).click();
      await page.getByRole("dialog").getByLabel("Withdraw callback URL", { exact: true }).waitFor();
      return true;
    },
  },
  {
    route: "app",
    name: "app-verify-dialog",
    async open(page) {
      await rowButton(page, "apps", "Rotate secret").click();
      await page.getByRole("dialog").getByLabel("Old secret keeps working").waitFor();
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

/**
 * The public pages given to axe in the walk, at 1280 px and light, as the accessibility journey loaded them. /home is
 * not among them: e2e/public-pages.e2e.test.ts runs axe on it at 1280 px in both themes.
 */
const axedPublicRoutes: ReadonlySet<RouteName> = new Set(["login", "register", "forget"]);

/** Goes to a page inside the running console (a reload would forget the open tabs). */
const goInside = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);

/**
 * Goes to a signed-in page inside the running console, as its side menu would, and waits until that page is the one
 * on screen: the console keeps the last page until the next can show (src/app/page-first-router.tsx), and names the
 * browser tab after the page once it shows (every signed-in page has a title of its own). A page load costs the
 * browser the console's whole start again; the walk in five languages made 65 of them.
 */
async function showInside(page: Page, path: string) {
  const before = await page.title();
  await goInside(page, path);
  // A route that redirects (/dashboard/workplace) changes the address again instead.
  await page.waitForFunction(([title, to]) => document.title !== title || location.pathname !== to, [before, path]);
  await settled(page);
}

/** The signed-in walks' merchant (support/orders.ts), made once; each test's fresh context gets its session. */
let merchantSession: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;
const keptAcrossLoads = new Set(["app-settings", "arco-locale"]);

/** Signs the tab in as the walks' merchant: made by the first test that asks, its session given to the others. */
async function signInMerchant(page: Page, baseUrl: string) {
  if (!merchantSession) {
    await merchantWithOrders(page, baseUrl);
    merchantSession = await page.context().storageState();
    return;
  }
  await page.context().addCookies(merchantSession.cookies);
  if (!page.url().startsWith(baseUrl)) await page.goto(routePaths.login);
  const items = merchantSession.origins
    .flatMap((origin) => origin.localStorage)
    .filter((item) => !keptAcrossLoads.has(item.name));
  await page.evaluate((entries) => {
    for (const { name, value } of entries) localStorage.setItem(name, value);
  }, items);
}

/** A signed-in page that sent the tab to the sign-in form would be audited as that form: the session must hold. */
const expectSignedIn = (page: Page, path: string) =>
  expect(new URL(page.url()).pathname, `${path}: the merchant's session was refused`).not.toBe(routePaths.login);

/** The widths in the order a page is audited at: `turn` picks the one it is loaded at. */
const widthsFrom = (turn: number) => widths.map((_, i) => widths[(turn + i) % widths.length]!);

/**
 * Audits the page on screen at every width, from the first of `sizes` (the one it was loaded at) through the others;
 * `axeAt` also runs axe at that width (its findings named `${where} at <width> px`).
 */
async function auditAtEveryWidth(
  page: Page,
  sizes: ReadonlyArray<{ width: number; height: number }>,
  where: string,
  screenshot: string,
  axeAt?: number,
): Promise<string[]> {
  const failures: string[] = [];
  for (const [i, size] of sizes.entries()) {
    if (i > 0) {
      await page.setViewportSize(size);
      await settled(page);
    }
    const failure = await check({ where, page, width: size.width, screenshot });
    if (failure) failures.push(failure);
    if (size.width === axeAt) failures.push(...(await axeScan(page, `${where} at ${size.width} px`)));
  }
  return failures;
}

/**
 * Audits the page on screen in the dark theme at the desktop widths, switched in place, then puts the light theme
 * back (stored only, when switching needed a reload: the caller's next step loads a page).
 */
async function auditInDark(page: Page, where: string): Promise<string[]> {
  const failures: string[] = [];
  await page.setViewportSize(darkWidths[0]);
  await settled(page);
  const reloaded = await switchTheme(page, "dark");
  for (const [i, size] of darkWidths.entries()) {
    if (i > 0) {
      await page.setViewportSize(size);
      await settled(page);
    }
    const failure = await check({ where: `${where} in the dark theme`, page, width: size.width });
    if (failure) failures.push(failure);
  }
  if (reloaded) await storeTheme(page, "light");
  else await switchTheme(page, "light");
  return failures;
}

/**
 * The overlay tests' steps: each narrow width alone (the overlay is opened anew, its presentation may change), the
 * desktop widths together (opened once and resized open, as a merchant widens a window). `turn` picks the first.
 */
const stepsFrom = (turn: number) => {
  const steps = [
    ...widths.filter((size) => !isWide(size.width)).map((size) => [size]),
    widths.filter((size) => isWide(size.width)),
  ];
  return steps.map((_, i) => steps[(turn + i) % steps.length]!);
};

/** Opens the overlay at the step's first width, audits it there and at the step's other widths, and closes it. */
async function auditOverlay(
  page: Page,
  overlay: (typeof overlays)[number],
  sizes: ReadonlyArray<{ width: number; height: number }>,
  theme: string,
): Promise<string[]> {
  const failures: string[] = [];
  await page.setViewportSize(sizes[0]!);
  await settled(page);
  if (!(await overlay.open(page))) return failures;
  const path = routePaths[overlay.route];
  const moving = await page.evaluate(
    () =>
      document
        .getAnimations()
        .filter(
          (a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        ).length,
  );
  if (moving > 0) failures.push(`${path}: the ${overlay.name} moved on opening although reduced motion was asked`);
  for (const size of sizes) {
    await page.setViewportSize(size);
    await settled(page);
    const found = await check({
      where: `${path} (${overlay.route}) with the ${overlay.name}${theme}`,
      page,
      width: size.width,
      screenshot: theme ? undefined : `${overlay.route}--${overlay.name}`,
      fullPage: false,
    });
    if (found) failures.push(found);
    if (overlay.axe && !theme && size.width === 375)
      failures.push(...(await axeScan(page, `${overlay.axe} at 375 px`)));
  }
  if (await closeOverlay(page))
    failures.push(`${path}: the ${overlay.name} stayed drawn while closing although reduced motion was asked`);
  return failures;
}

/**
 * Closes the open overlay (dialog, drawer, menu) with Escape, as a merchant would, and waits until it is gone; answers
 * whether it was still drawn, leaving, once closed (with reduced motion it must vanish at once: src/styles/motion.css).
 */
async function closeOverlay(page: Page): Promise<boolean> {
  let lingered = false;
  for (let presses = 0; presses < 3 && (await page.locator(".bp6-overlay-open").count()) > 0; presses++) {
    await pressEscapeIn(page, ".bp6-overlay-open .bp6-overlay-content, .bp6-overlay-open.bp6-overlay-content");
    await page
      .waitForFunction(() => !document.querySelector(".bp6-overlay-open"), null, { timeout: 5_000 })
      .catch(() => undefined);
    lingered ||= await page.evaluate(() =>
      [...document.querySelectorAll('[class*="-exit-active"], [class*="-exit "]')].some(
        (node) => node.getClientRects().length > 0,
      ),
    );
  }
  await stoppedMoving(page);
  return lingered;
}

describe("at every width (375, 768, 1024, 1280, 1440 and 1920 px), the desktop ones in light and dark", () => {
  it("no public route scrolls sideways, cuts anything off, or has a small target", async () => {
    const { page } = tab;
    const failures: string[] = [];
    for (const [turn, [name, path]] of publicRoutes.entries()) {
      const sizes = widthsFrom(turn);
      await page.setViewportSize(sizes[0]!);
      await page.goto(path);
      await settled(page);
      const axeAt = axedPublicRoutes.has(name) ? 1280 : undefined;
      failures.push(...(await auditAtEveryWidth(page, sizes, `${path} (${name})`, `public-${name}`, axeAt)));
      failures.push(...(await auditInDark(page, `${path} (${name})`)));
    }
    expect(failures.join("\n\n")).toBe("");
  }, 180_000);

  it("no signed-in route scrolls sideways, cuts anything off, or has a small target", async () => {
    const { page, baseUrl } = tab;
    await signInMerchant(page, baseUrl);
    const failures: string[] = [];
    for (const [turn, [name, path]] of signedInRoutes.entries()) {
      const sizes = widthsFrom(turn);
      await page.setViewportSize(sizes[0]!);
      await page.goto(path);
      await settled(page);
      expectSignedIn(page, path);
      failures.push(...(await auditAtEveryWidth(page, sizes, `${path} (${name})`, name, 375)));
      failures.push(...(await auditInDark(page, `${path} (${name})`)));
    }
    expect(failures.join("\n\n")).toBe("");
  }, 180_000);

  it("no dialog or drawer of the signed-in console scrolls sideways, cuts anything off, or has a small target", async () => {
    const { page, baseUrl } = tab;
    await signInMerchant(page, baseUrl);
    const failures: string[] = [];
    // One load a route: its overlays are opened and closed (Escape) one after another on it, in the light theme and
    // then, switched once, in the dark one.
    const byRoute = new Map<RouteName, Array<[number, (typeof overlays)[number]]>>();
    for (const [turn, overlay] of overlays.entries())
      byRoute.set(overlay.route, [...(byRoute.get(overlay.route) ?? []), [turn, overlay]]);
    for (const [route, group] of byRoute) {
      await page.setViewportSize(stepsFrom(group[0]![0])[0]![0]!);
      await page.goto(routePaths[route]);
      await settled(page);
      for (const [turn, overlay] of group) {
        for (const step of stepsFrom(turn)) failures.push(...(await auditOverlay(page, overlay, step, "")));
      }
      await page.setViewportSize(darkWidths[0]);
      await settled(page);
      const reloaded = await switchTheme(page, "dark");
      for (const [, overlay] of group) {
        failures.push(...(await auditOverlay(page, overlay, darkWidths, " in the dark theme")));
      }
      if (reloaded) await storeTheme(page, "light");
      else await switchTheme(page, "light");
    }
    expect(failures.join("\n\n")).toBe("");
  }, 300_000);

  it("the console page keeps fitting under every layout setting", async () => {
    const { page, baseUrl } = tab;
    await signInMerchant(page, baseUrl);
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
      // The public pages loaded each (they are entry pages of their own); the console's from its menu after the first.
      const walk = async (list: Array<[RouteName, string]>, inside: boolean) => {
        for (const [i, [name, path]] of list.entries()) {
          if (inside && i > 0) await showInside(page, path);
          else {
            await page.goto(path);
            await settled(page);
          }
          expect(await page.evaluate(() => document.documentElement.lang), path).toBe(locale);
          if (inside) expectSignedIn(page, path);
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
      await walk(publicRoutes, false);
      // Signing in (the first time) goes through the English form; the console is then shown in the language again.
      await page.evaluate(() => localStorage.removeItem("arco-locale"));
      await signInMerchant(page, baseUrl);
      await page.evaluate((l) => localStorage.setItem("arco-locale", l), locale);
      await walk(signedInRoutes, true);
      expect(failures.join("\n\n")).toBe("");
    },
    180_000,
  );
});
