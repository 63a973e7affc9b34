import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerViaApi, uniqueEmail } from "./support/api.ts";
import {
  button,
  expectRefusal,
  field,
  label,
  nextStep,
  onLoginPage,
  settled,
  signIn,
  waitForPath,
} from "./support/console.ts";
import { auditLayout, describeAudit } from "./support/layout-audit.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();

const text = {
  turnOn: "Turn on",
  password: "Your password",
  passwordWrong: "The password is wrong",
  appCode: "Code from the app",
  saved: "I have saved them",
  secondFactorTitle: "Two-factor sign-in",
  authCode: "Authentication code",
} as const;

/** The authenticator app: the code of the step `offsetSeconds` from now. */
const codeOf = (secret: string, offsetSeconds = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSeconds * 1000 });

/** The code field has the focus: the merchant types and presses Enter, no mouse. */
async function typeCodeAndEnter(page: Page, fieldLabel: string, code: string) {
  const input = page.getByLabel(fieldLabel, { exact: true });
  await input.waitFor();
  await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
}

async function logOut(page: Page) {
  await button(page, label.logout).click();
  await onLoginPage(page);
}

async function passwordStep(page: Page, email: string) {
  await signIn(page, email);
  await page.getByRole("heading", { name: text.secondFactorTitle }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
}

describe("two-factor sign-in (TOTP)", () => {
  it("turns TOTP on in the user centre, signs in with a code, and takes a recovery code once", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("totp");
    await registerViaApi(baseUrl, email);
    await page.goto("/login");
    await signIn(page, email);
    await waitForPath(page, "/console/index");

    // Turn on: the password first (a wrong one shows no key), then the QR code carries the otpauth URI, the key is
    // shown as text, a current code confirms.
    await page.goto("/user/center");
    await button(page, text.turnOn).click();
    await typeCodeAndEnter(page, text.password, "Not-the-password1");
    await page.getByText(text.passwordWrong).waitFor();
    expect(await page.getByTestId("two-factor-secret").count()).toBe(0);
    await page.getByLabel(text.password, { exact: true }).fill("Merchant7Pass");
    await page.keyboard.press("Enter");
    const secret = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByTestId("two-factor-qr").getAttribute("data-value")).toContain(`secret=${secret}`);
    await typeCodeAndEnter(page, text.appCode, codeOf(secret));
    await page.getByTestId("recovery-codes").waitFor();
    const codes = await page.getByTestId("recovery-codes").locator("li").allTextContents();
    expect(codes).toHaveLength(10);
    await button(page, text.saved).click();
    await expect.poll(() => page.getByTestId("two-factor-state").textContent()).toBe("On");
    await expect.poll(() => page.getByTestId("recovery-codes").count()).toBe(0);

    // Sign in again: the password, then the code (the next step's: the one that turned TOTP on is spent).
    await logOut(page);
    await passwordStep(page, email);
    await typeCodeAndEnter(page, text.authCode, codeOf(secret, 30));
    await button(page, label.logout).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).not.toBeNull();

    // A recovery code signs in once, and never again.
    await logOut(page);
    await passwordStep(page, email);
    await typeCodeAndEnter(page, text.authCode, codes[0] ?? "");
    await button(page, label.logout).waitFor();
    await logOut(page);
    await passwordStep(page, email);
    await typeCodeAndEnter(page, text.authCode, codes[0] ?? "");
    await expectRefusal(page, {
      toast: "The two-factor code is wrong",
      field: text.authCode,
      nextStep: nextStep.authenticatorCode,
    });
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});

/** The page fits the phone once it has settled: no sideways scrolling, nothing cut off, targets large enough. */
async function expectFits(page: Page, where: string) {
  await settled(page);
  const audit = await auditLayout(page, { primaryMin: 44 });
  expect(audit.problems.length === 0 ? "" : describeAudit(where, audit)).toBe("");
}

describe("two-factor sign-in on a phone, dark theme (375 × 740, touch)", () => {
  it("fits the set-up, the recovery codes and the sign-in's code step", async () => {
    const context = await tab.browser.newContext({
      baseURL: tab.baseUrl,
      locale: "en-US",
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });
    try {
      // The theme as the settings drawer stores it.
      await context.addInitScript(() => localStorage.setItem("app-settings", JSON.stringify({ theme: "dark" })));
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const email = uniqueEmail("totp-phone");
      await registerViaApi(tab.baseUrl, email);
      await page.goto("/login");
      await onLoginPage(page);
      await field(page, label.email).fill(email);
      await field(page, label.password).fill("Merchant7Pass");
      await page.getByRole("button", { name: label.signIn, exact: true }).tap();
      await waitForPath(page, "/console/index");
      expect(await page.locator(".bp6-dark").count()).toBeGreaterThan(0);

      await page.goto("/user/center");
      await page.getByRole("button", { name: text.turnOn, exact: true }).tap();
      await expectFits(page, "the two-factor password step");
      await typeCodeAndEnter(page, text.password, "Merchant7Pass");
      const secret = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
      await expectFits(page, "the two-factor set-up");
      await typeCodeAndEnter(page, text.appCode, codeOf(secret));
      await page.getByTestId("recovery-codes").waitFor();
      await expectFits(page, "the recovery codes");
      await page.getByRole("button", { name: text.saved, exact: true }).tap();

      // A browser without the session: the sign-in asks for the code after the password.
      await page.evaluate(() => localStorage.clear());
      await page.goto("/login");
      await onLoginPage(page);
      await field(page, label.email).fill(email);
      await field(page, label.password).fill("Merchant7Pass");
      await page.getByRole("button", { name: label.signIn, exact: true }).tap();
      await page.getByRole("heading", { name: text.secondFactorTitle }).waitFor();
      await expectFits(page, "the sign-in's code step");
      await typeCodeAndEnter(page, text.authCode, codeOf(secret, 30));
      await waitForPath(page, "/console/index");
    } finally {
      await context.close();
    }
  });
});
