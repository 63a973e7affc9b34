import { sessionMachine } from "../../machines/auth/session.ts";
import { isServerRefusal } from "../../machines/api-failure.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, saidOnce } from "./english.ts";
import { failure, loginResult, merchant, profile, storedUser } from "./fixtures.ts";

/** TOTP is on: the first factor answers a challenge instead of a session. */
export const challengeAnswer = { secondFactor: "totp", challenge: "challenge-1", expiresInSeconds: 300 } as const;
export const totpCode = "123456";

/** The code Google's (faked) popup hands over. */
export const googleCode = "4/model-test-code";

/** The server's answer when the Google account's e-mail is a merchant's who has not linked it yet. */
export const linkChallenge = { linkTicket: "L".repeat(43), email: merchant.email };
/** The code a merchant types from the mail that proves the link. */
export const linkCode = "246810";
/** The code a merchant types from the mail that lets the sign-in through the account's throttle. */
export const signInCode = "135790";

const renamed = "Shop One";

/** How the children end back at the sign-in form. */
export const linkExpired = failure("2105", "This Google sign-in has expired, please continue with Google again");
export const challengeSpent = failure("2302", "This sign-in has expired, please sign in again");
export const codesThrottled = failure("2011", "Too many failed sign-ins on this account: ask for a sign-in code");

/** The Re-Login dialog's logout runs the `logout` actor under its own invoke id. */
const aliases = { reloginLogout: "logout" } as const;
const { done, failed } = eventBuilders(sessionMachine, aliases);

export const sessionModel: MachineModel<typeof sessionMachine, typeof aliases> = {
  id: "session",
  machine: sessionMachine,
  starts: [
    { name: "signed out", input: { token: null, user: null } },
    { name: "signed in", input: { token: loginResult.accessToken, user: storedUser } },
    { name: "token without a stored user", input: { token: loginResult.accessToken, user: null } },
  ],
  // One console signs in, out and in again: every check reads the page, the storage and the calls as they are now.
  walks: true,
  // Which stored session and which problem is shown matter to the screen; the rest of the context does not.
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.token !== null,
      s.context.user !== null,
      s.context.failure?.errCode ?? null,
      Object.keys(s.context.fieldErrors),
      s.context.offerMailCode,
    ]),
  events: (s) => {
    const expire = { type: "session.expired", errMsg: "Token expired" } as const;
    if (s.matches({ signedOut: "withMailCode" }))
      // A malformed code is the plain form's invalid submit (the same transition): machines/auth/session.test.ts.
      return [
        {
          type: "login.submit",
          email: merchant.email,
          password: merchant.password,
          remember: true,
          emailCode: signInCode,
        },
      ];
    if (s.matches("signedOut"))
      return [
        { type: "login.submit", email: merchant.email, password: merchant.password, remember: true },
        { type: "login.submit", email: "", password: "", remember: false },
        { type: "login.google", grant: { code: googleCode } },
      ];
    // With the mailed code: in, or refused and back to the form with the code (the second factor after it is the
    // same step as after a password alone).
    if (s.matches("loggingIn") && s.context.offerMailCode)
      return [done("login", loginResult), failed("login", failure("2002", "Verification code is wrong"))];
    if (s.matches("loggingIn"))
      return [
        done("login", loginResult),
        done("login", challengeAnswer),
        failed("login", failure("2006", "Wrong e-mail or password")),
        failed("login", failure("network", "Failed to fetch")),
        // The account's sign-in is throttled: the form offers a code mailed to it.
        failed("login", failure("2011", "Too many failed sign-ins on this account: ask for a sign-in code")),
      ];
    if (s.matches("loggingInWithGoogle"))
      return [
        done("googleLogin", loginResult),
        done("googleLogin", linkChallenge),
        done("googleLogin", challengeAnswer),
        failed("googleLogin", failure("2102", "The Google sign-in could not be verified")),
      ];
    // The link step's and the second step's own states (a malformed proof, a wrong password or code) are their
    // children's models (google-link.model.ts, second-factor.model.ts); here, each way they end.
    if (s.matches("linkingGoogle"))
      return [
        done("googleLink", { outcome: "linked", answer: loginResult }),
        done("googleLink", { outcome: "linked", answer: challengeAnswer }),
        done("googleLink", { outcome: "expired", failure: linkExpired }),
        done("googleLink", { outcome: "cancelled" }),
      ];
    if (s.matches("secondFactor"))
      return [
        done("secondFactor", { outcome: "signedIn", result: loginResult }),
        done("secondFactor", { outcome: "spent", failure: challengeSpent }),
        done("secondFactor", { outcome: "throttled", failure: codesThrottled }),
        done("secondFactor", { outcome: "cancelled" }),
      ];
    if (s.matches({ signedIn: "loadingProfile" }))
      return [done("loadProfile", profile), failed("loadProfile", failure("5000", "Internal error")), expire];
    if (s.matches({ signedIn: "ready" })) {
      const events: ModelEvent<typeof sessionMachine, typeof aliases>[] = [
        { type: "logout" },
        expire,
        { type: "role.switch", role: s.context.role === "admin" ? "user" : "admin" },
      ];
      // The nickname dialog hands the saved profile to the session; it needs the stored user's account menu.
      if (s.context.user && s.context.user.nickName !== renamed)
        events.push({ type: "profile.updated", profile: { ...profile, nickName: renamed } });
      events.push({ type: "profile.reload" });
      return events;
    }
    if (s.matches("expired")) return [{ type: "relogin.confirm" }, { type: "relogin.cancel" }, expire];
    if (s.matches("loggingOut")) return [done("logout", null), failed("logout", failure("5000", "Internal error"))];
    if (s.matches("reloginLoggingOut"))
      return [done("reloginLogout", null), failed("reloginLogout", failure("4010", "Not logged in"))];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "login.submit":
        return `Type e-mail "${e.email}" and password "${e.password}"${e.remember ? ", tick Remember password" : ""}${e.emailCode !== undefined ? `, press Send code and type the mailed code "${e.emailCode}"` : ""}; press Sign in`;
      case "login.google":
        return "Press Continue with Google; pick the account in Google's window";
      case "xstate.done.actor.googleLogin":
        return "secondFactor" in e.output
          ? "The server accepts Google's sign-in and asks for the second factor (TOTP is on)"
          : "accessToken" in e.output
            ? "The server accepts Google's sign-in"
            : "The server answers that the Google account's e-mail belongs to an account not linked to it";
      case "xstate.done.actor.googleLink":
        if (e.output.outcome === "cancelled") return "On the link step, press Cancel";
        if (e.output.outcome === "expired")
          return `On the link step, type the account's password "${merchant.password}"; press ${english("googleLink.withPassword")}; the server refuses: "${e.output.failure.errMsg}"`;
        return `On the link step, type the account's password "${merchant.password}"; press ${english("googleLink.withPassword")}; ${
          "secondFactor" in e.output.answer
            ? "the server links the Google account and asks for the second factor (TOTP is on)"
            : "the server links the Google account and signs in"
        }`;
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
        return `Open the message box (bell); choose ${e.role === "admin" ? "Administrator" : "User"} under Role`;
      case "xstate.done.actor.login":
        return "secondFactor" in e.output
          ? "The server accepts the password and asks for the second factor (TOTP is on)"
          : "The server accepts the sign-in";
      case "xstate.done.actor.secondFactor":
        if (e.output.outcome === "cancelled") return "Press Back to sign-in";
        return `Type the code "${totpCode}" (the field has the focus); press Enter; ${
          e.output.outcome === "signedIn"
            ? "the server accepts the code"
            : `the server refuses: "${e.output.failure.errMsg}"`
        }`;
      case "xstate.done.actor.loadProfile":
        return "The server answers the profile";
      case "xstate.done.actor.logout":
      case "xstate.done.actor.reloginLogout":
        return "The server confirms the logout";
      default: {
        if (!("error" in e)) return e.type;
        const error = e.error as { errCode: string; errMsg: string };
        return isServerRefusal(error) ? `The server refuses: "${error.errMsg}"` : "The server cannot be reached";
      }
    }
  },
  describeState: (s) => {
    if (s.matches("signedOut")) {
      const failureText = s.context.failure
        ? isServerRefusal(s.context.failure)
          ? saidOnce(s.context.failure)
          : `${saidOnce(s.context.failure).replace(/; the page adds .*$/, "")}; the page adds ${english("login.loginError")}`
        : null;
      const problems = [...Object.values(s.context.fieldErrors).map(english), ...(failureText ? [failureText] : [])];
      const code = s.matches({ signedOut: "withMailCode" })
        ? ` with a code field and ${english("code.send")} under the password, and "${english("login.mailCodeHint")}"`
        : "";
      return `The sign-in page${code}${problems.length ? `, showing ${problems.join(", ")}` : ""}; no token stored`;
    }
    if (s.matches("loggingIn")) return "Sign in shows a spinner";
    if (s.matches("secondFactor"))
      return "The two-factor step asks for the app's code, its field focused; no token stored";
    if (s.matches("loggingInWithGoogle")) return "Continue with Google shows a spinner";
    if (s.matches("linkingGoogle"))
      return `${english("googleLink.title")}: the account's e-mail, a password field, a code field with Send code, and Cancel`;
    if (s.matches({ signedIn: "loadingProfile" })) return "The console, loading the profile";
    if (s.matches({ signedIn: "ready" })) return "The console shows the merchant's e-mail, nickname and user ID";
    if (s.matches("expired")) return `The blocking dialog "${s.context.expiredMessage}" with Cancel and Re-Login`;
    if (s.matches("loggingOut")) return "Log out shows a spinner";
    if (s.matches("reloginLoggingOut")) return "Re-Login shows a spinner";
    return String(s.value);
  },
  excluded: [],
};
