import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "./support/api.ts";
import {
  accountShown,
  button,
  consoleReady,
  field,
  label,
  onLoginPage,
  registerThroughUi,
  sendCodeAndRead,
  waitForPath,
  where,
} from "./support/console.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();
const storedSession = (p: Page) =>
  p.evaluate(() => ({ token: localStorage.getItem("token"), user: localStorage.getItem("UserIdToken") }));

describe("a new merchant", () => {
  it("registers with the code from the mail, signs in, stays signed in across a reload and logs out", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("register");
    await registerThroughUi(page, baseUrl, email);

    expect(where(page)).toBe("/login");
    expect(await field(page, label.email).inputValue()).toBe(email);

    await field(page, label.password).fill("Merchant7Pass");
    await button(page, label.signIn).click();
    await waitForPath(page, "/console/index");

    const shown = { email, nickName: expect.stringMatching(/\S/), userId: expect.stringMatching(/\S/) };
    await expect.poll(() => accountShown(page), { timeout: 15_000 }).toMatchObject(shown);
    const before = await accountShown(page);
    const session = await storedSession(page);
    expect(session.token).toBeTruthy();
    expect(session.user).toBeTruthy();

    await page.reload();
    await expect.poll(() => accountShown(page), { timeout: 15_000 }).toEqual(before);
    expect(where(page)).toBe("/console/index");

    const token = session.token ?? "";
    await button(page, label.logout).click();
    // The guard may keep where the merchant was (?redirect=console); the page is the sign-in page.
    await onLoginPage(page);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    // Logging out revokes the token on the server, not only in the browser.
    const reused = await fetch(`${baseUrl}/api/Login/CheckLastLogin`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await reused.json()).toMatchObject({ success: false, errCode: "4010" });

    // Signed out means the console is closed again.
    await page.goto("/console/index");
    await onLoginPage(page);
  });
});

describe("the hand-off from registering to signing in", () => {
  it("keeps the register page's address until the sign-in page can show its form, so nothing is typed into a form that is going away", async () => {
    const { page, context, baseUrl } = tab;
    const email = uniqueEmail("hand-off");
    // The sign-in page's code is held back, as on a slow network: the register page stays the page shown.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route("**/assets/login-page-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/register");
    await consoleReady(page);
    await field(page, label.email).fill(email);
    await field(page, label.code).fill(await sendCodeAndRead(page, baseUrl, email));
    await field(page, label.password).fill("Merchant7Pass");
    await field(page, label.repeatPassword).fill("Merchant7Pass");
    const registered = page.waitForResponse((r) => r.url().endsWith("/api/Register/Register"));
    await button(page, label.register).click();
    expect((await (await registered).json()).success).toBe(true);
    // Two frames after the answer: time enough for a navigation that does not wait.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(where(page)).toBe("/register");

    release();
    await onLoginPage(page, "/login");
    expect(await field(page, label.email).inputValue()).toBe(email);
  });
});
