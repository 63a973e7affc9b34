import { describe, expect, it } from "vitest";
import { defaultPassword, registerViaApi, uniqueEmail } from "./support/api.ts";
import {
  accountShown,
  button,
  consoleReady,
  expectRefusal,
  field,
  label,
  nextStep,
  onLoginPage,
  sendCodeAndRead,
  signIn,
  waitForPath,
  where,
} from "./support/console.ts";
import { passwordFieldFaults } from "./support/password-fields.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();

describe("forgot password", () => {
  it("resets the password with the code from the mail; the new one signs in, the old one is refused", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("forgot");
    const newPassword = "Newpass456";
    await registerViaApi(baseUrl, email, defaultPassword);

    await page.goto("/forget");
    await page.getByText("Step 1 of 2").waitFor();
    await consoleReady(page);
    await field(page, label.email).fill(email);
    const code = await sendCodeAndRead(page, baseUrl, email);
    await field(page, label.code).fill(code);
    await button(page, label.next).click();

    await page.getByText("Step 2 of 2").waitFor();
    expect(await passwordFieldFaults(page)).toEqual([]);
    await field(page, label.newPassword).fill(newPassword);
    await field(page, label.repeatPassword).fill(newPassword);
    await button(page, label.resetPassword).click();

    const done = page.getByRole("dialog");
    await done.waitFor();
    expect(await done.textContent()).toContain("Your password has been reset. Sign in with the new password.");
    await button(page, label.goToSignIn).click();
    await onLoginPage(page, "/login");
    expect(await passwordFieldFaults(page)).toEqual([]);

    await signIn(page, email, defaultPassword);
    await expectRefusal(page, {
      toast: "Wrong e-mail or password",
      field: label.password,
      nextStep: nextStep.checkCredentials,
    });
    expect(where(page)).toBe("/login");

    await field(page, label.password).fill(newPassword);
    await button(page, label.signIn).click();
    await waitForPath(page, "/console/index");
    await expect.poll(async () => (await accountShown(page)).email).toBe(email);
  });
});
