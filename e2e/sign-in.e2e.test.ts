import { describe, expect, it } from "vitest";
import { registerViaApi, uniqueEmail } from "./support/api.ts";
import {
  accountShown,
  button,
  expectRefusal,
  nextStep,
  label,
  onLoginPage,
  signIn,
  waitForPath,
  where,
} from "./support/console.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();

describe("sign in", () => {
  it("refuses a wrong password with the error and stays on /login", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("wrong");
    await registerViaApi(baseUrl, email);

    await page.goto("/login");
    await signIn(page, email, "Wrong1234");
    await expectRefusal(page, {
      toast: "Wrong e-mail or password",
      field: label.password,
      nextStep: nextStep.checkCredentials,
    });
    expect(where(page)).toBe("/login");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    expect(await button(page, label.signIn).isEnabled()).toBe(true);
  });

  it("sends a signed-out deep link to /login and back to it after sign-in", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("deeplink");
    await registerViaApi(baseUrl, email);

    await page.goto("/order/list?status=1");
    await onLoginPage(page, "/login?redirect=order&status=1");
    await signIn(page, email);
    await waitForPath(page, "/order/list?status=1");
    // The order list is inside the signed-in frame.
    await button(page, label.logout).waitFor();
  });

  it("lands on the console when signing in without a deep link", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("plain");
    await registerViaApi(baseUrl, email);

    await page.goto("/login");
    await signIn(page, email);
    await waitForPath(page, "/console/index");
    await expect.poll(async () => (await accountShown(page)).email).toBe(email);
    await page.goto("/login");
    // A signed-in merchant who opens /login is taken back to the console.
    await waitForPath(page, "/console/index");
  });
});
