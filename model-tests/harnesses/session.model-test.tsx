// @vitest-environment happy-dom
import { act, screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { Failure } from "../../machines/api-failure.ts";
import { ApiError } from "../../src/api/api-error.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { merchant, profile } from "../models/fixtures.ts";
import { googleCode, sessionModel, totpCode } from "../models/session.model.ts";
import { chooseAccountEntry, dialogTitled, expectNoDialog } from "./account-dialogs.ts";
import { expectBusy, expectProblems, expectSaidOnce, fill, press, replaceText } from "./form-steps.ts";
import { googleConfigured } from "./google-configured.ts";
import { switchRole } from "./role-switch.ts";
import { signingInAnswers } from "./signed-in.ts";

/**
 * The answer the server gives the sign-in steps' children, set by the step that ends them (their own states are walked
 * by second-factor.model-test.tsx and google-link.model-test.tsx).
 */
type ChildAnswers = { "auth.secondFactor"?: Outcome; "auth.googleLink"?: Outcome };
type Outcome = { output: unknown } | { error: Failure };
type H = ConsoleHarness & { fake: ControlledApi; childAnswers: ChildAnswers };

const answerWith = (outcome: Outcome | undefined) =>
  !outcome
    ? Promise.reject(new Error("the path set no answer"))
    : "error" in outcome
      ? Promise.reject(new ApiError("api", outcome.error.errCode, outcome.error.errMsg))
      : Promise.resolve(outcome.output);

// Sign-in with Google is configured, and Google's library is already "loaded": its popup answers at once.
googleConfigured("model-test.apps.googleusercontent.com");
window.google = {
  accounts: {
    oauth2: {
      initCodeClient: (config) => ({ requestCode: () => config.callback({ code: googleCode, state: config.state }) }),
    },
  },
};

const sendCodeCalls = (h: H) => h.fake.calls.filter((c) => c.method === "auth.sendCode").length;

/** The sign-in page's step that links a Google account to the merchant with its e-mail. */
const linkStep = (h: H) => screen.findByRole("region", { name: h.t("googleLink.title") });

/** Google's button is disabled until the library has loaded. */
async function pressWhenReady(h: H, name: string) {
  const button = (await screen.findByRole("button", { name })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  await h.user.click(button);
}

runModel(sessionModel, {
  async start(path) {
    // Each invoke of the session and the call its actor makes (src/app/services.ts).
    const childAnswers: ChildAnswers = {};
    const fake = createControlledApi(
      {
        login: "auth.login",
        googleLogin: "auth.googleCode",
        loadProfile: "user.info",
        logout: "auth.logout",
        reloginLogout: "auth.logout",
      },
      {
        ...signingInAnswers,
        "user.updateProfile": async (body) => ({ ...profile, nickName: body.nickName }),
        "auth.secondFactor": () => answerWith(childAnswers["auth.secondFactor"]) as never,
        "auth.googleLink": () => answerWith(childAnswers["auth.googleLink"]) as never,
      },
    );
    const { token, user } = path.input;
    const storage: Record<string, string> = {};
    if (token) storage[storageKeys.token] = token;
    if (user) storage[storageKeys.user] = JSON.stringify(user);
    const h = await renderConsole({ url: token ? "/console/index" : "/login", api: fake.api, storage });
    return Object.assign(h, { fake, childAnswers });
  },
  fakeApi: (h) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "login.submit": {
        await fill(h, h.t("fields.email"), e.email);
        await fill(h, h.t("fields.password"), e.password);
        if (e.emailCode !== undefined) {
          // The account's sign-in is throttled: mail a code to it (unless this path did already, the button then
          // counting down), then type the code from the mail.
          if (screen.queryByRole("button", { name: h.t("code.send") })) {
            const sent = sendCodeCalls(h);
            await press(h, h.t("code.send"));
            await waitFor(() => expect(sendCodeCalls(h)).toBe(sent + 1));
          }
          await fill(h, h.t("fields.code"), e.emailCode);
        }
        const remember = screen.getByRole("checkbox", { name: h.t("login.remember") }) as HTMLInputElement;
        if (remember.checked !== e.remember) await h.user.click(remember);
        return press(h, h.t("login.submit"));
      }
      case "login.google":
        return pressWhenReady(h, h.t("google.continue"));
      case "xstate.done.actor.googleLink": {
        const step = within(await linkStep(h));
        if (e.output.outcome === "cancelled")
          return h.user.click(step.getByRole("button", { name: h.t("common.cancel") }));
        h.childAnswers["auth.googleLink"] =
          e.output.outcome === "expired" ? { error: e.output.failure } : { output: e.output.answer };
        await replaceText(h, step.getByLabelText(h.t("fields.password")), merchant.password);
        return h.user.click(step.getByRole("button", { name: h.t("googleLink.withPassword") }));
      }
      case "xstate.done.actor.secondFactor": {
        if (e.output.outcome === "cancelled") return press(h, h.t("login.secondFactorBack"));
        h.childAnswers["auth.secondFactor"] =
          e.output.outcome === "signedIn" ? { output: e.output.result } : { error: e.output.failure };
        // The code field has the focus: type and press Enter, no mouse.
        const input = await screen.findByLabelText(h.t("login.secondFactorCode"));
        await waitFor(() => expect(document.activeElement).toBe(input));
        await h.user.clear(input);
        await h.user.keyboard(`${totpCode}{Enter}`);
        return;
      }
      case "logout":
        return press(h, h.t("session.logout"));
      case "session.expired":
        // The real error policy turns a re-login code into session.expired.
        return act(() => h.reporter().apiError(new ApiError("api", "4010", e.errMsg)));
      case "relogin.confirm":
        return press(h, h.t("session.relogin"));
      case "relogin.cancel":
        return press(h, h.t("common.cancel"));
      case "role.switch":
        return switchRole(h, e.role as "user" | "admin");
      case "profile.reload":
        if (!h.location().startsWith("/user/center")) await h.go("/user/center");
        return press(h, h.t("profile.refresh"));
      case "profile.updated": {
        await chooseAccountEntry(h, h.t("navbar.editProfile"));
        await fill(h, h.t("fields.nickName"), e.profile.nickName);
        const dialog = await dialogTitled(h.t("profile.editTitle"));
        await h.user.click(within(dialog).getByRole("button", { name: h.t("common.save") }));
        return expectNoDialog();
      }
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("signedOut")) {
      await waitFor(() => expect(h.location()).toMatch(/^\/login/));
      expect(await screen.findByRole("heading", { name: h.t("login.title") })).toBeTruthy();
      // The code field and its Send button show only once the account's sign-in is throttled.
      if (s.matches({ signedOut: "withMailCode" })) {
        expect(await screen.findByLabelText(h.t("fields.code"))).toBeTruthy();
        expect(screen.getByText(h.t("login.mailCodeHint"))).toBeTruthy();
      } else expect(screen.queryByLabelText(h.t("fields.code"))).toBeNull();
      expect(localStorage.getItem(storageKeys.token)).toBeNull();
      expect(localStorage.getItem(storageKeys.user)).toBeNull();
      // No usable answer: the sign-in page says so in the merchant's language (spec section 8), under the toast.
      await expectProblems(h, s.context.fieldErrors, null);
      if (s.context.failure)
        await expectSaidOnce(h, s.context.failure, {
          whenNoAnswer: h.t("login.loginError"),
          fieldErrors: s.context.fieldErrors,
        });
      return;
    }
    if (s.matches("loggingIn")) return expectBusy(h.t("login.submit"));
    if (s.matches("secondFactor")) {
      expect(await screen.findByRole("heading", { name: h.t("login.secondFactorTitle") })).toBeTruthy();
      expect(localStorage.getItem(storageKeys.token)).toBeNull();
      const input = await screen.findByLabelText(h.t("login.secondFactorCode"));
      await waitFor(() => expect(document.activeElement).toBe(input));
      return;
    }
    if (s.matches("loggingInWithGoogle")) return expectBusy(h.t("google.continue"));
    if (s.matches("linkingGoogle")) {
      const step = await linkStep(h);
      expect(step.textContent).toContain(s.context.googleLink?.email);
      expect(screen.queryByRole("button", { name: h.t("login.submit") })).toBeNull();
      return;
    }
    if (s.matches("expired")) {
      const dialog = await screen.findByRole("dialog");
      expect(dialog.textContent).toContain(s.context.expiredMessage);
      expect(dialog.textContent).toContain(h.t("session.expiredText"));
      return;
    }
    if (s.matches("loggingOut")) return expectBusy(h.t("session.logout"));
    if (s.matches("reloginLoggingOut")) return expectBusy(h.t("session.relogin"));

    await waitFor(() => expect(["/console/index", "/user/center"]).toContain(h.location()));
    expect(localStorage.getItem(storageKeys.token)).toBe(s.context.token);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    if (h.location() === "/user/center") {
      // The user centre: the refresh shows a spinner while the profile loads, then the profile's e-mail.
      if (s.matches({ signedIn: "loadingProfile" })) return expectBusy(h.t("profile.refresh"));
      if (s.context.profile) await waitFor(() => expect(screen.getByText(s.context.profile?.email ?? "")).toBeTruthy());
      return;
    }
    if (s.matches({ signedIn: "ready" }) && (s.context.profile || s.context.user)) {
      const email = s.context.profile?.email ?? s.context.user?.email;
      await waitFor(() => expect(screen.getByTestId("account-email").textContent).toBe(email));
      expect(screen.getByTestId("account-user-id").textContent).toBe(s.context.profile?.userId ?? s.context.user?.id);
      await waitFor(() =>
        expect(screen.getByTestId("account-nickname").textContent).toBe(
          s.context.profile?.nickName ?? s.context.user?.nickName,
        ),
      );
    }
  },
  stop: (h) => h.cleanup(),
});
