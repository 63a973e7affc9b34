import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { defaultPassword } from "./support/api.ts";
import {
  accountShown,
  button,
  expectRefusal,
  field,
  label,
  nextStep,
  onLoginPage,
  sendCodeAndRead,
  signIn,
  waitForPath,
} from "./support/console.ts";
import { repoRoot } from "./support/server.ts";
import { giveSession, merchantSession } from "./support/session.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();
const locales = ["zh-CN", "zh-TW", "ja-JP", "ko-KR", "th-TH", "en-US"] as const;
const messages = (locale: string) =>
  JSON.parse(readFileSync(`${repoRoot}/locales/${locale}.json`, "utf8")) as {
    menu: Record<string, string>;
    settings: Record<string, string>;
    language: Record<string, string>;
  };

/** A new merchant's console page, the session given to the tab (the sign-in form has journeys of its own). */
async function signedInMerchant(page: Page, baseUrl: string, tag: string) {
  const session = await merchantSession(baseUrl, tag);
  await giveSession(page.context(), session);
  await page.goto("/console/index");
  await waitForPath(page, "/console/index");
  await accountShown(page);
  return session.email;
}

/** The language the server keeps for the signed-in merchant (User/Language saved it). */
async function savedLanguage(page: Page, baseUrl: string) {
  const { token, user } = await page.evaluate(() => ({
    token: localStorage.getItem("token"),
    user: JSON.parse(localStorage.getItem("UserIdToken") ?? "{}"),
  }));
  const answer = await fetch(`${baseUrl}/api/user/logout?id=${user.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as { resData: { language: string } }).resData.language;
}

/** Clicks a drawer switch's visible label (its input is visually hidden) until it reads `on`. */
async function setSwitch(drawer: Locator, name: string, on: boolean) {
  const input = drawer.getByLabel(name, { exact: true });
  if ((await input.isChecked()) !== on) {
    const control = drawer.locator("label.bp6-switch").filter({ hasText: new RegExp(`^${name}$`) });
    await control.scrollIntoViewIfNeeded();
    await control.click();
  }
  await expect.poll(() => input.isChecked()).toBe(on);
}

const rootState = (page: Page) =>
  page.evaluate(() => ({
    dark: document.documentElement.classList.contains("bp6-dark"),
    filter: document.documentElement.style.filter,
  }));

describe("the console shell", () => {
  it("switches to each of the six languages, shows translated text after the reload and saves the choice", async () => {
    const { page, baseUrl } = tab;
    await signedInMerchant(page, baseUrl, "languages");
    let current = "en-US";
    for (const locale of locales) {
      // The change saves the language, then reloads the page: wait for that reload, not the page already there.
      const reloaded = page.waitForEvent("load", { timeout: 15_000 });
      await page
        .getByRole("combobox", { name: messages(current).language.label })
        .first()
        .selectOption(locale);
      await reloaded;
      const menu = page.getByRole("navigation", { name: messages(locale).menu.label });
      await expect
        .poll(() => menu.getByRole("link").first().textContent(), { timeout: 15_000 })
        .toBe(messages(locale).menu.console);
      expect(await page.evaluate(() => localStorage.getItem("arco-locale"))).toBe(locale);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      expect(await savedLanguage(page, baseUrl)).toBe(locale);
      current = locale;
    }
  });

  it("keeps the dark theme across a reload", async () => {
    const { page, baseUrl } = tab;
    await signedInMerchant(page, baseUrl, "dark");
    await button(page, "Dark theme").click();
    await expect.poll(() => rootState(page)).toMatchObject({ dark: true });
    await page.reload();
    await accountShown(page);
    expect(await rootState(page)).toMatchObject({ dark: true });
    await button(page, "Light theme").click();
    await expect.poll(() => rootState(page)).toMatchObject({ dark: false });
  });

  it("applies and removes the colour-weak filter, and reopens settings from the floating button when the navbar is hidden", async () => {
    const { page, baseUrl } = tab;
    await signedInMerchant(page, baseUrl, "settings");
    await button(page, "Page settings").click();
    const drawer = page.locator(".settings-drawer");
    await setSwitch(drawer, "Colour-weak mode", true);
    await expect.poll(() => rootState(page)).toMatchObject({ filter: "invert(80%)" });
    await setSwitch(drawer, "Colour-weak mode", false);
    await expect.poll(() => rootState(page)).toMatchObject({ filter: "" });

    await setSwitch(drawer, "Navbar", false);
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => page.locator(".app-navbar").count()).toBe(0);
    const floating = page.locator(".settings-fab");
    await floating.click();
    await setSwitch(drawer, "Navbar", true);
    await expect.poll(() => floating.count()).toBe(0);
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => page.locator(".app-navbar").count()).toBe(1);
  });

  it("changes the password, then signs in with the new one only", async () => {
    const { page, baseUrl } = tab;
    const email = await signedInMerchant(page, baseUrl, "password");
    const nickName = (await accountShown(page)).nickName;
    await page.getByRole("button", { name: nickName, exact: true }).click();
    await page.getByRole("menuitem", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog");
    // The dialog puts the cursor in Old password: a merchant types at once, and goes on typing while the menu
    // closes behind it. The closing menu once handed focus back to its button, and the dialog then took it to its
    // own edge: the rest of the password went nowhere.
    const oldPassword = dialog.getByLabel("Old password", { exact: true });
    await expect.poll(() => oldPassword.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type(defaultPassword.slice(0, 4));
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.keyboard.type(defaultPassword.slice(4));
    expect(await oldPassword.inputValue()).toBe(defaultPassword);
    await dialog.getByLabel(label.code, { exact: true }).fill(await sendCodeAndRead(page, baseUrl, email));
    await dialog.getByLabel("New password", { exact: true }).fill("Better123");
    await dialog.getByLabel("Repeat password", { exact: true }).fill("Better123");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await button(page, label.logout).click();
    await onLoginPage(page);
    await signIn(page, email, defaultPassword);
    await expectRefusal(page, {
      toast: "Wrong e-mail or password",
      field: label.password,
      nextStep: nextStep.checkCredentials,
    });
    await field(page, label.password).fill("Better123");
    await button(page, label.signIn).click();
    await waitForPath(page, "/console/index");
  });
});
