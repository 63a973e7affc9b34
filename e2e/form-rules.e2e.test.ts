import { describe, expect, it } from "vitest";
import { registerViaApi, uniqueEmail } from "./support/api.ts";
import { button, consoleReady, expectAlert, expectRefusal, field, label, nextStep, where } from "./support/console.ts";
import { passwordFieldFaults } from "./support/password-fields.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();

async function fillRegister(values: { email: string; code?: string; password: string; repeatPassword: string }) {
  const { page } = tab;
  await page.goto("/register");
  await consoleReady(page);
  await field(page, label.email).fill(values.email);
  await field(page, label.code).fill(values.code ?? "123456");
  await field(page, label.password).fill(values.password);
  await field(page, label.repeatPassword).fill(values.repeatPassword);
  await button(page, label.register).click();
}

describe("register form rules in the browser", () => {
  it("shows 'E-mail format error' for a bad e-mail", async () => {
    await fillRegister({ email: "not-an-email", password: "Merchant7Pass", repeatPassword: "Merchant7Pass" });
    await expectAlert(tab.page, "E-mail format error");
    expect(await field(tab.page, label.email).getAttribute("aria-invalid")).toBe("true");
    expect(where(tab.page)).toBe("/register");
    expect(await passwordFieldFaults(tab.page)).toEqual([]);
  });

  it("shows the mismatch message when the repeat differs", async () => {
    await fillRegister({ email: uniqueEmail("mismatch"), password: "Merchant7Pass", repeatPassword: "Secret124" });
    await expectAlert(tab.page, "The two passwords are not equal, please re-enter");
    expect(await field(tab.page, label.repeatPassword).getAttribute("aria-invalid")).toBe("true");
    expect(where(tab.page)).toBe("/register");
  });

  it("shows the password rule for a weak password", async () => {
    await fillRegister({ email: uniqueEmail("weak"), password: "secret", repeatPassword: "secret" });
    await expectAlert(tab.page, "At least 8 characters, with upper case, lower case and digits");
    expect(await field(tab.page, label.password).getAttribute("aria-invalid")).toBe("true");
    expect(where(tab.page)).toBe("/register");
  });

  it("refuses a code for an e-mail that is already registered", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("taken");
    await registerViaApi(baseUrl, email);
    await page.goto("/register");
    await consoleReady(page);
    await field(page, label.email).fill(email);
    await button(page, label.sendCode).click();
    await expectRefusal(page, { toast: "E-mail already exists", nextStep: nextStep.emailTaken });
  });

  it("refuses to send a code to a bad e-mail", async () => {
    const { page } = tab;
    await page.goto("/register");
    await consoleReady(page);
    await field(page, label.email).fill("bad@");
    await button(page, label.sendCode).click();
    await expectAlert(page, "E-mail format error");
    expect(where(page)).toBe("/register");
  });
});
