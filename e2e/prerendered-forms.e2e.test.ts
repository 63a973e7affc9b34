// What the prerendered public pages' forms do before the console's code runs and once it has the page (typed, ticked,
// chosen and sent), a signed-in /login that never paints the form, and Blueprint's purged rules styling focus,
// intents, the dark theme and the Re-Login dialog exactly as the whole stylesheet does. Their paint and hydration:
// e2e/prerendered-pages.e2e.test.ts.
import { describe, expect, it } from "vitest";
import { codeViaApi, defaultPassword, registerViaApi, uniqueEmail } from "./support/api.ts";
import { button, onLoginPage, signIn, waitForPath } from "./support/console.ts";
import {
  holdConsoleCode,
  hydrated,
  installProbe,
  readProbe,
  seedStorage,
  submitBeforeHydration,
  text,
  watchProblems,
} from "./support/prerendered.ts";
import { expectSameAsWholeFile, painted } from "./support/purged-styles.ts";
import { giveSession, merchantSession } from "./support/session.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();

describe("prerendered public pages", () => {
  it("keep the remembered e-mail of /login from the first paint on, and it survives hydration", async () => {
    const { context, page } = tab;
    await seedStorage(context, { rememberedEmail: "remembered@example.com" });
    const problems = await watchProblems(context, page);
    await context.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/login");
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe("remembered@example.com");
    expect(await page.getByRole("checkbox", { name: "Remember password" }).isChecked()).toBe(true);
    await context.unroute("**/assets/*.js");
    await page.reload();
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe("remembered@example.com");
    expect(await page.getByRole("checkbox", { name: "Remember password" }).isChecked()).toBe(true);
    expect(problems.filter((p) => !p.includes("ERR_FAILED"))).toEqual([]);
  });

  it("keep what was typed and ticked before the console's code ran, and sign in with it", async () => {
    const { context, page, baseUrl } = tab;
    const email = uniqueEmail("early-typing");
    await registerViaApi(baseUrl, email);
    // The console's code is held back until the merchant has filled in the prerendered form.
    const release = await holdConsoleCode(context);
    await page.goto("/login", { waitUntil: "commit" });
    const emailField = page.getByLabel("E-mail", { exact: true });
    const passwordField = page.getByLabel("Password", { exact: true });
    const remember = page.getByRole("checkbox", { name: "Remember password" });
    await emailField.fill(email);
    await passwordField.fill(defaultPassword);
    await page.locator("label", { hasText: "Remember password" }).click();
    expect(await remember.isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

    release();
    await page.waitForFunction(() => {
      const input = document.querySelector("input[type=password]");
      return input !== null && Object.keys(input).some((key) => key.startsWith("__reactProps$"));
    });
    await page.waitForLoadState("networkidle");
    expect(await emailField.inputValue()).toBe(email);
    expect(await passwordField.inputValue()).toBe(defaultPassword);
    expect(await remember.isChecked()).toBe(true);

    await passwordField.press("Enter");
    await waitForPath(page, "/console/index");
    expect(await page.evaluate(() => localStorage.getItem("rememberedEmail"))).toBe(email);
  });

  it("ease nothing in before the console's code ran (a focus ring shows at once), and ease as Blueprint does after", async () => {
    const { context, page } = tab;
    const release = await holdConsoleCode(context);
    await page.goto("/login", { waitUntil: "commit" });
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const shadowOf = (label: string) => field(label).evaluate((f) => getComputedStyle(f).boxShadow);
    const easedOf = (label: string) => field(label).evaluate((f) => getComputedStyle(f).transitionProperty);
    /** Focuses the field and lists the animations running in the next frame (Blueprint eases the ring over 100 ms). */
    const focusAndListAnimations = (label: string) =>
      field(label).evaluate(async (f) => {
        (f as HTMLElement).focus();
        await new Promise(requestAnimationFrame);
        return document
          .getAnimations()
          .map((a) => (a instanceof CSSTransition ? a.transitionProperty : a.constructor.name));
      });
    // The form has painted unfocused: a transition needs a style to start from.
    await field("E-mail").waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const atRest = await shadowOf("Password");

    expect(await easedOf("E-mail")).toBe("none");
    expect(await focusAndListAnimations("E-mail")).toEqual([]);
    const ring = await shadowOf("E-mail");
    expect(ring, "the focus ring is there at once").not.toBe(atRest);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

    release();
    await hydrated(page);
    expect(await easedOf("Password")).toContain("box-shadow");
    await field("Password").focus();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await shadowOf("Password")).toBe(ring);
  });

  it("send a sign-in pressed before the console's code ran once the console has the page, without reloading it", async () => {
    const { context, page, baseUrl } = tab;
    const email = uniqueEmail("early-enter");
    await registerViaApi(baseUrl, email);
    const release = await holdConsoleCode(context);
    await page.goto("/login", { waitUntil: "commit" });
    await submitBeforeHydration(page, [
      ["E-mail", email],
      ["Password", defaultPassword],
    ]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    release();
    await waitForPath(page, "/console/index");
    await page.getByTestId("account-email").waitFor();
    // The console's router moved to it; the browser loaded no other document.
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });

  it("send a registration pressed before the console's code ran once the console has the page", async () => {
    const { context, page, baseUrl } = tab;
    const email = uniqueEmail("early-register");
    // A code asked for earlier (say, in another tab): before the console's code runs, "Send code" does nothing.
    const code = await codeViaApi(baseUrl, email, "register");
    const release = await holdConsoleCode(context);
    await page.goto("/register", { waitUntil: "commit" });
    await submitBeforeHydration(page, [
      ["E-mail", email],
      ["Verification code", code],
      ["Password", defaultPassword],
      ["Repeat password", defaultPassword],
    ]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    release();
    await onLoginPage(page, "/login");
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe(email);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await signIn(page, email, defaultPassword);
    await waitForPath(page, "/console/index");
  });

  it("send the forgotten-password step pressed before the console's code ran once the console has the page", async () => {
    const { context, page, baseUrl } = tab;
    const email = uniqueEmail("early-forget");
    await registerViaApi(baseUrl, email);
    const code = await codeViaApi(baseUrl, email, "reset");
    const release = await holdConsoleCode(context);
    await page.goto("/forget", { waitUntil: "commit" });
    await submitBeforeHydration(page, [
      ["E-mail", email],
      ["Verification code", code],
    ]);

    release();
    // The code was checked: the second step asks for the new password.
    await page.getByText("Step 2 of 2").waitFor();
    await page.getByLabel("New password", { exact: true }).waitFor();
    expect(await page.locator("form[data-held-submit]").count()).toBe(0);
  });

  it("apply a language chosen before the console's code ran once the console has the page", async () => {
    const { context, page } = tab;
    const release = await holdConsoleCode(context);
    await page.goto("/login", { waitUntil: "commit" });
    await page.getByRole("combobox", { name: text("en-US", "language.label") }).selectOption("zh-CN");
    expect(await page.locator("h1").textContent()).toBe(text("en-US", "login.title"));

    release();
    await page.waitForFunction(
      () => document.documentElement.lang === "zh-CN" && localStorage.getItem("arco-locale") === "zh-CN",
    );
    await hydrated(page);
    await expect.poll(() => page.locator("h1").textContent()).toBe(text("zh-CN", "login.title"));
    expect(await page.getByRole("combobox", { name: text("zh-CN", "language.label") }).inputValue()).toBe("zh-CN");
  });

  it("send a signed-in /login to the console without painting the form, scripts or not", async () => {
    const { context, page, baseUrl } = tab;
    // Signed in by the calls (through the form before: /login and the console home, ~0.5 CPU-s of Chromium more).
    await giveSession(context, await merchantSession(baseUrl, "prerender"));

    await installProbe(context);
    await page.goto("/login");
    await waitForPath(page, "/console/index");
    await page.getByTestId("account-email").waitFor();
    const probe = await readProbe(page);
    expect(probe.frames.length).toBeGreaterThan(0);
    expect(probe.frames.some((frame) => frame.form)).toBe(false);

    // Without the console's code, nothing of the page paints at all.
    await context.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/login");
    expect(await page.locator("#root").evaluate((root) => root.childElementCount)).toBe(0);
  });
});

describe("Blueprint's purged rules on the prerendered pages", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`style the focus outline, intents and a failed field as the whole stylesheet does (${theme})`, async () => {
      const { context, page } = tab;
      await seedStorage(context, theme === "dark" ? { "app-settings": JSON.stringify({ theme }) } : {});
      await page.goto("/login");
      await hydrated(page);
      // A failed submit turns the fields' intent to danger; then the keyboard brings the focus to the button.
      await button(page, "Sign in").click();
      await page.getByRole("alert").first().waitFor();
      await page.getByRole("link", { name: "Forgot password?" }).focus();
      await page.keyboard.press("Tab");
      expect(await button(page, "Sign in").evaluate((b) => b === document.activeElement)).toBe(true);
      const card = page.locator(".auth-card");
      const styles = await expectSameAsWholeFile(
        page,
        `login-${theme}`,
        {
          "input[type=email]": painted,
          "input[type=password]": painted,
          ".bp6-form-group.bp6-intent-danger .bp6-form-helper-text": painted,
          "button.bp6-intent-primary": painted,
          ".bp6-checkbox .bp6-control-indicator": painted,
          ".auth-card": painted,
          body: ["color", "background-color"],
        },
        () => card.screenshot({ animations: "disabled" }),
      );
      // The focused button has Blueprint's focus outline and its intent's colour; the failed fields their danger ring.
      expect(styles["button.bp6-intent-primary"]?.["outline-style"]).toBe("solid");
      expect(styles["button.bp6-intent-primary"]?.["outline-width"]).toBe("2px");
      expect(styles["button.bp6-intent-primary"]?.["background-color"]).not.toBe("rgba(0, 0, 0, 0)");
      expect(styles["input[type=email]"]?.["box-shadow"]).toMatch(/inset/);
      expect(styles[".bp6-form-group.bp6-intent-danger .bp6-form-helper-text"]?.color).not.toBe(
        styles["input[type=password]"]?.color,
      );
      expect(styles.body?.["background-color"]).toBe(theme === "dark" ? "rgb(28, 33, 39)" : "rgb(245, 247, 250)");
    });

    it(`style the Re-Login dialog as the whole stylesheet does (${theme})`, async () => {
      const { context, page } = tab;
      // A stored session the server no longer knows: loading the profile answers a re-login code on /home.
      await seedStorage(context, {
        token: "expired-token-of-an-old-session",
        UserIdToken: JSON.stringify({
          id: "1",
          email: "old@example.com",
          language: "en-US",
          nickName: "Old",
          avatar: "",
        }),
        ...(theme === "dark" ? { "app-settings": JSON.stringify({ theme }) } : {}),
      });
      await page.goto("/home");
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Re-Login" }).waitFor();
      // Let the opening transition finish.
      await page.waitForFunction(
        () =>
          document.querySelector(
            ".bp6-overlay-enter, .bp6-overlay-enter-active, .bp6-overlay-appear, .bp6-overlay-appear-active",
          ) === null,
      );
      const styles = await expectSameAsWholeFile(
        page,
        `relogin-${theme}`,
        {
          ".bp6-dialog": painted,
          ".bp6-dialog-header": painted,
          ".bp6-dialog-body": painted,
          ".bp6-dialog-footer": painted,
          ".bp6-overlay-backdrop": painted,
          ".bp6-dialog .bp6-button.bp6-intent-primary": painted,
          ".bp6-dialog .bp6-button:not(.bp6-intent-primary)": painted,
        },
        () => page.screenshot({ animations: "disabled" }),
      );
      expect(styles[".bp6-dialog"]?.display).toBe("flex");
      expect(styles[".bp6-overlay-backdrop"]?.position).toBe("fixed");
      expect(styles[".bp6-dialog"]?.["background-color"]).toBe(
        theme === "dark" ? "rgb(28, 33, 39)" : "rgb(246, 247, 249)",
      );
    });
  }
});
