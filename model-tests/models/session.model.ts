import { sessionMachine } from "../../machines/session.ts";
import { isServerRefusal } from "../../machines/api-failure.ts";
import type { MachineModel } from "../framework/model.ts";
import { english } from "./english.ts";
import { failure, loginResult, merchant, profile, storedUser } from "./fixtures.ts";

/** The code Google's (faked) popup hands over. */
export const googleCode = "4/model-test-code";

const renamed = "Shop One";

export const sessionModel: MachineModel<typeof sessionMachine> = {
  id: "session",
  machine: sessionMachine,
  starts: [
    { name: "signed out", input: { token: null, user: null } },
    { name: "signed in", input: { token: loginResult.accessToken, user: storedUser } },
    { name: "token without a stored user", input: { token: loginResult.accessToken, user: null } },
  ],
  // Which stored session and which problem is shown matter to the screen; the rest of the context does not.
  serialize: (s) =>
    JSON.stringify([s.value, s.context.token !== null, s.context.user !== null, s.context.failure?.errCode ?? null, Object.keys(s.context.fieldErrors)]),
  events: (s) => {
    const expire = { type: "session.expired", errMsg: "Token expired" } as const;
    if (s.matches("signedOut"))
      return [
        { type: "login.submit", email: merchant.email, password: merchant.password, remember: true },
        { type: "login.submit", email: "", password: "", remember: false },
        { type: "login.google", grant: { code: googleCode } },
      ];
    if (s.matches("loggingIn"))
      return [
        { type: "xstate.done.actor.login", output: loginResult },
        { type: "xstate.error.actor.login", error: failure("2006", "Wrong e-mail or password") },
        { type: "xstate.error.actor.login", error: failure("network", "Failed to fetch") },
      ] as never;
    if (s.matches("loggingInWithGoogle"))
      return [
        { type: "xstate.done.actor.googleLogin", output: loginResult },
        { type: "xstate.error.actor.googleLogin", error: failure("2102", "The Google sign-in could not be verified") },
      ] as never;
    if (s.matches({ signedIn: "loadingProfile" }))
      return [
        { type: "xstate.done.actor.loadProfile", output: profile },
        { type: "xstate.error.actor.loadProfile", error: failure("5000", "Internal error") },
        expire,
      ] as never;
    if (s.matches({ signedIn: "ready" })) {
      const events: Array<Record<string, unknown>> = [{ type: "logout" }, expire, { type: "role.switch", role: s.context.role === "admin" ? "user" : "admin" }];
      // The nickname dialog hands the saved profile to the session; it needs the stored user's account menu.
      if (s.context.user && s.context.user.nickName !== renamed) events.push({ type: "profile.updated", profile: { ...profile, nickName: renamed } });
      events.push({ type: "profile.reload" });
      return events as never;
    }
    if (s.matches("expired")) return [{ type: "relogin.confirm" }, { type: "relogin.cancel" }, expire];
    if (s.matches("loggingOut"))
      return [
        { type: "xstate.done.actor.logout", output: null },
        { type: "xstate.error.actor.logout", error: failure("5000", "Internal error") },
      ] as never;
    if (s.matches("reloginLoggingOut"))
      return [
        { type: "xstate.done.actor.reloginLogout", output: null },
        { type: "xstate.error.actor.reloginLogout", error: failure("4010", "Not logged in") },
      ] as never;
    return [];
  },
  describeEvent: (event) => {
    const e = event as { type: string; email?: string; password?: string; remember?: boolean; errMsg?: string; error?: { errMsg: string } };
    switch (e.type) {
      case "login.submit":
        return `Type e-mail "${e.email}" and password "${e.password}"${e.remember ? ", tick Remember password" : ""}; press Sign in`;
      case "login.google":
        return "Press Continue with Google; pick the account in Google's window";
      case "xstate.done.actor.googleLogin":
        return "The server accepts Google's sign-in";
      case "logout":
        return "Press Log out";
      case "session.expired":
        return `A call is answered with a re-login code ("${e.errMsg}")`;
      case "relogin.confirm":
        return "Press Re-Login";
      case "relogin.cancel":
        return "Press Cancel";
      case "profile.reload":
        return "Go to the user centre; press Refresh profile";
      case "profile.updated":
        return `Open the account menu; choose Edit personal info; type "${renamed}"; press Save`;
      case "role.switch":
        return `Open the message box (bell); choose ${(e as { role?: string }).role === "admin" ? "Administrator" : "User"} under Role`;
      case "xstate.done.actor.login":
        return "The server accepts the sign-in";
      case "xstate.done.actor.loadProfile":
        return "The server answers the profile";
      case "xstate.done.actor.logout":
      case "xstate.done.actor.reloginLogout":
        return "The server confirms the logout";
      default:
        if (!e.error) return e.type;
        return isServerRefusal(e.error as { errCode: string; errMsg: string }) ? `The server refuses: "${e.error.errMsg}"` : "The server cannot be reached";
    }
  },
  describeState: (s) => {
    if (s.matches("signedOut")) {
      const failureText = s.context.failure ? (isServerRefusal(s.context.failure) ? s.context.failure.errMsg : english("login.loginError")) : null;
      const problems = [...Object.values(s.context.fieldErrors).map(english), ...(failureText ? [failureText] : [])];
      return `The sign-in page${problems.length ? `, showing ${problems.join(", ")}` : ""}; no token stored`;
    }
    if (s.matches("loggingIn")) return "Sign in shows a spinner";
    if (s.matches("loggingInWithGoogle")) return "Continue with Google shows a spinner";
    if (s.matches({ signedIn: "loadingProfile" })) return "The console, loading the profile";
    if (s.matches({ signedIn: "ready" })) return "The console shows the merchant's e-mail, nickname and user ID";
    if (s.matches("expired")) return `The blocking dialog "${s.context.expiredMessage}" with Cancel and Re-Login`;
    if (s.matches("loggingOut")) return "Log out shows a spinner";
    if (s.matches("reloginLoggingOut")) return "Re-Login shows a spinner";
    return String(s.value);
  },
  excluded: [],
};
