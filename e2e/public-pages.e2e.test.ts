import type { CDPSession, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { axeOf } from "./support/axe.ts";
import { button, waitForPath } from "./support/console.ts";
import { payFromDevnet } from "./support/orders.ts";
import { giveSession, merchantSession } from "./support/session.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();
const blocking = new Set(["serious", "critical"]);

async function blockingViolations(page: Page, name: string): Promise<string[]> {
  const { violations } = await axeOf(page).analyze();
  for (const v of violations)
    process.stdout.write(
      `axe ${name}: [${v.impact}] ${v.id} ${v.help} (${v.nodes.length} node(s)): ${v.nodes[0]?.target.join(" ") ?? ""}\n`,
    );
  return violations.filter((v) => blocking.has(v.impact ?? "")).map((v) => `${name}: ${v.id} (${v.impact}) ${v.help}`);
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const link = (page: Page, name: string) => page.getByRole("link", { name, exact: true });

/** Faces that cover Han characters (Linux's Noto, macOS's and Windows' own), and which of them fits each CJK locale. */
const cjkFace = /CJK|Source Han|PingFang|Hiragino|YaHei|JhengHei|Yu Gothic|Meiryo|Malgun|Apple SD Gothic/;
const cjkFaceOf: Record<string, RegExp | undefined> = {
  "zh-CN": /CJK SC|Source Han Sans SC|PingFang SC|YaHei/,
  "zh-TW": /CJK TC|CJK HK|Source Han Sans TC|PingFang TC|JhengHei/,
  "ja-JP": /CJK JP|Source Han Sans JP|Hiragino|Yu Gothic|Meiryo/,
  "ko-KR": /CJK KR|Source Han Sans KR|Apple SD Gothic|Malgun/,
};

/** The platform fonts the browser drew an element's text with (DevTools' "Rendered Fonts"). */
async function fontsOf(cdp: CDPSession, selector: string): Promise<string[]> {
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  return fonts.map((font) => font.familyName);
}

/**
 * Signs the tab in as a new merchant from its next page load on: these journeys are about the pages, the sign-in form
 * has journeys of its own (through it, /login and the console home cost Chromium ~0.5 CPU-s more).
 */
async function signInNewMerchant(page: Page, baseUrl: string, tag: string) {
  await giveSession(page.context(), await merchantSession(baseUrl, tag));
}

describe("public pages", () => {
  it("leads from home to the enterprise pack and on to registration", async () => {
    const { page } = tab;
    await page.goto("/home");
    await heading(page, "Accept USDT from anywhere, settle in minutes").waitFor();
    for (const text of ["Ethereum", "BNB Chain", "ERC-20", "BEP-20", "How it works", "Packages priced in USDT"]) {
      expect(await page.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    // The year the page is shown in, not one written once.
    expect(await page.locator("footer").textContent()).toContain(`Copyright © ${new Date().getFullYear()}`);
    await link(page, "See the enterprise pack").click();
    await waitForPath(page, "/products/enterprise-pack");
    await heading(page, "Enterprise pack").waitFor();
    expect(await page.getByRole("rowheader", { name: "Applications" }).count()).toBe(1);
    // The real package from the public catalogue (migration 0006's enterprise pack), and where a merchant buys it.
    await expect.poll(() => page.getByTestId("pack-price").textContent()).toBe("999.00 USDT");
    expect(await page.getByTestId("pack-term").textContent()).toBe("1 year from the day it is paid");
    // The limit, and what it means in a merchant's words.
    const apps = (await page.getByTestId("pack-apps").textContent()) ?? "";
    expect(apps).toMatch(/^Unlimited/);
    expect(apps).toContain("Connect as many shops or sites to the open API as you need");
    expect(await link(page, "Sign in to upgrade").getAttribute("href")).toBe("/login?redirect=orderBuy");
    await link(page, "Register to choose a package").click();
    await waitForPath(page, "/register");
    await button(page, "Register").waitFor();
  });

  it("makes the demo a real invoice: /demo01 goes on to its checkout page, which turns paid live once paid on the devnet", async () => {
    const { page, baseUrl } = tab;
    await page.goto("/demo01");
    // The demo shop's invoice on the hosted checkout page, in place of /demo01.
    await page.getByRole("heading", { level: 1, name: "Demo shop" }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/pay\/[A-Za-z0-9_-]{22}$/);
    await page.getByText("Waiting for your payment").waitFor();
    const amount = (await page.getByTestId("checkout-amount").textContent()) ?? "";
    expect(amount).toMatch(/^[1-9]\.\d{2} USDT$/);
    const address = (await page.getByTestId("checkout-address").textContent()) ?? "";
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // Paid as a visitor would from the command line (`npm run chain -- pay --to <address> --amount <usdt>`).
    await payFromDevnet(inject("dataDir"), address, amount.replace(" USDT", ""));
    await page.getByText("Paid. Thank you!").waitFor({ timeout: 20_000 });
    // The way back leads to this server's landing page.
    const back = page.getByRole("link", { name: `Return to ${new URL(baseUrl).host}` });
    expect(await back.getAttribute("href")).toBe(`${baseUrl}/home`);
  }, 60_000);

  it("offers no Google sign-in and loads nothing from Google when no client id is configured", async () => {
    const { page } = tab;
    const outside: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(tab.baseUrl)) outside.push(request.url());
    });
    const response = await page.goto("/login");
    await button(page, "Sign in").waitFor();
    expect(await page.getByRole("button", { name: "Continue with Google" }).count()).toBe(0);
    expect(outside).toEqual([]);
    // The same build as the Google journey's (e2e/google-sign-in.e2e.test.ts): the server names no client id and its
    // CSP keeps Google out.
    expect(await page.locator('meta[name="google-client-id"]').count()).toBe(0);
    expect(response?.headers()["content-security-policy"]).not.toContain("google");
  });

  it("leads from the not-found page home outside the console, and to the console inside it", async () => {
    const { page, baseUrl } = tab;
    await page.goto("/no-such-page");
    await heading(page, "Page not found").waitFor();
    await link(page, "Go home").click();
    await waitForPath(page, "/home");

    await signInNewMerchant(page, baseUrl, "notfound");
    // Signed in, a path the console does not know is the not-found page inside the layout.
    await page.goto("/console/no-such-page");
    await heading(page, "Page not found").waitFor();
    expect(await blockingViolations(page, "not-found in the console")).toEqual([]);
    await link(page, "Back to the console").click();
    await waitForPath(page, "/console/index");
  });

  it("shows the public pages in all six languages, Han characters in the language's own glyph forms", async () => {
    const { page, context } = tab;
    const cdp = await context.newCDPSession(page);
    const titles = new Set<string>();
    // Each language stored, then the page loaded again (one load a language: it was two).
    await page.goto("/home");
    for (const locale of ["en-US", "zh-CN", "zh-TW", "ja-JP", "ko-KR", "th-TH"]) {
      await page.evaluate((l) => localStorage.setItem("arco-locale", l), locale);
      await page.reload({ waitUntil: "load" });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 10_000 }).toBe(locale);
      const h1 = page.getByRole("heading", { level: 1 });
      await h1.waitFor();
      const title = (await h1.textContent()) ?? "";
      expect(title, locale).not.toMatch(/^home\./);
      titles.add(title);
      // Chinese, Japanese and Korean share code points with different glyphs: a font stack that names one CJK
      // face would draw a Japanese 直 or 骨 in its Chinese form. The browser picks the face by <html lang>.
      const cjk = (await fontsOf(cdp, "h1")).filter((family) => cjkFace.test(family));
      const wanted = cjkFaceOf[locale];
      if (wanted) {
        expect(cjk.length, `${locale}: no CJK face drew "${title}"`).toBeGreaterThan(0);
        for (const family of cjk) expect(family, locale).toMatch(wanted);
      } else {
        expect(cjk, locale).toEqual([]);
      }
    }
    expect(titles.size).toBe(6);
  });

  it("writes form controls in the console's typeface, on the prerendered pages and in the console", async () => {
    const { page, baseUrl } = tab;
    // Browsers give fields, buttons and selects a typeface of their own (Chromium on Linux: Arial); Blueprint leaves
    // them to normalize.css, which makes them inherit the page's.
    const strangers = () =>
      page.evaluate(() => {
        const typeface = getComputedStyle(document.body).fontFamily;
        return [
          ...document.querySelectorAll<HTMLElement>(
            "input:not([type=checkbox]):not([type=radio]):not([type=color]), button, select, textarea",
          ),
        ]
          .filter((control) => control.getClientRects().length > 0 && getComputedStyle(control).fontFamily !== typeface)
          .map((control) => `${control.outerHTML.slice(0, 80)}: ${getComputedStyle(control).fontFamily}`);
      });
    await page.goto("/login");
    await button(page, "Sign in").waitFor();
    expect(await strangers(), "/login").toEqual([]);
    await page.goto("/register");
    await button(page, "Register").waitFor();
    expect(await strangers(), "/register").toEqual([]);

    await signInNewMerchant(page, baseUrl, "typeface");
    await page.goto("/console/index");
    await waitForPath(page, "/console/index");
    await page.getByTestId("account-email").waitFor();
    expect(await strangers(), "/console/index").toEqual([]);
  });
});

describe("accessibility of the public pages (axe), light and dark", () => {
  // /demo01 goes on to the checkout page, which e2e/checkout.e2e.test.ts gives to axe light and dark.
  const pages: Array<[string, string]> = [
    ["/home", "Accept USDT from anywhere, settle in minutes"],
    ["/products/enterprise-pack", "Enterprise pack"],
    ["/no-such-page", "Page not found"],
  ];

  for (const theme of ["light", "dark"] as const) {
    it(`finds no serious or critical violation in the ${theme} theme`, async () => {
      const { page, context } = tab;
      await context.addInitScript((t) => localStorage.setItem("app-settings", JSON.stringify({ theme: t })), theme);
      const found: string[] = [];
      for (const [path, title] of pages) {
        await page.goto(path);
        await heading(page, title).waitFor();
        expect(await page.evaluate(() => document.documentElement.classList.contains("bp6-dark"))).toBe(
          theme === "dark",
        );
        found.push(...(await blockingViolations(page, `${path} (${theme})`)));
      }
      expect(found).toEqual([]);
    });
  }
});
