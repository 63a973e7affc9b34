import { type ActorRefFrom, assertEvent, assign, setup } from "xstate";
import type { LoginRequest, LoginResult } from "../../contracts/schemas/auth.ts";
import { loginRequest } from "../../contracts/schemas/auth.ts";
import type { GoogleLinkChallenge, GoogleSignInResult } from "../../contracts/schemas/google.ts";
import type { LoginAnswer } from "../../contracts/schemas/two-factor.ts";
import { roleField, type UserProfile } from "../../contracts/schemas/user.ts";
import { fieldErrorsOf, toFailure } from "../api-failure.ts";
import { googleLinkMachine } from "./google-link.ts";
import { secondFactorMachine } from "./second-factor.ts";
import { sessionGuards } from "./session-guards.ts";
import {
  challengeOf,
  codeSession,
  endingFailure,
  forgottenSession,
  type GoogleGrant,
  initialContext,
  keptSession,
  linkAnswer,
  loginBody,
  providedByApp,
  refusedSignIn,
  rememberedOf,
  renamed,
  sessionOf,
  type SessionTypes,
  type SessionUser,
  storeAndGreet,
} from "./session-context.ts";

export const sessionMachine = setup({
  types: {} as SessionTypes,
  actors: {
    login: providedByApp<LoginAnswer, LoginRequest>("login"),
    loadProfile: providedByApp<UserProfile, { userId: string }>("loadProfile"),
    googleLogin: providedByApp<GoogleSignInResult, GoogleGrant>("googleLogin"),
    logout: providedByApp<unknown, { userId: string }>("logout"),
    // The child machines of the two sign-in steps; the app provides their calls.
    googleLink: googleLinkMachine,
    secondFactor: secondFactorMachine,
  },
  actions: {
    // Effects on storage, the page and other screens; the app provides them.
    saveSession: (_, _params: { token: string; user: SessionUser }) => {},
    saveUser: (_, _params: { user: SessionUser }) => {},
    rememberEmail: (_, _params: { email: string | null }) => {},
    clearSession: () => {},
    announceLogout: () => {},
    announceWelcome: (_, _params: { nickName: string }) => {},
    reloadPage: () => {},
    // A sign-in step answered a session: keep it (then store it and greet: storeAndGreet).
    keepSession: assign((_, { result }: { result: LoginResult }) => keptSession(result)),
    refuseSignIn: assign((_, { error }: { error: unknown }) => refusedSignIn(error)),
    forgetSession: assign(forgottenSession),
  },
  guards: sessionGuards,
}).createMachine({
  id: "session",
  context: ({ input }) => initialContext(input),
  initial: "booting",
  states: {
    booting: {
      always: [{ guard: "hasToken", target: "signedIn" }, { target: "signedOut" }],
    },
    // The sign-in form: e-mail and password, and, once the account's sign-in is throttled, a code mailed to it.
    signedOut: {
      initial: "password",
      states: {
        password: { entry: assign({ offerMailCode: false }) },
        withMailCode: { tags: ["mailCode"], entry: assign({ offerMailCode: true }) },
      },
      on: {
        "login.submit": [
          {
            guard: "loginFormValid",
            target: "loggingIn",
            actions: [
              assign({ fieldErrors: {}, failure: null, rememberedEmail: ({ event }) => rememberedOf(event) }),
              { type: "rememberEmail", params: ({ event }) => ({ email: rememberedOf(event) }) },
            ],
          },
          { actions: assign({ fieldErrors: ({ event }) => fieldErrorsOf(loginRequest.safeParse(loginBody(event))) }) },
        ],
        "login.google": {
          guard: "googleGrantValid",
          target: "loggingInWithGoogle",
          actions: assign({ fieldErrors: {}, failure: null }),
        },
      },
    },
    // Sign-in with Google: the server checks Google's answer and signs in (or registers) the merchant.
    loggingInWithGoogle: {
      invoke: {
        id: "googleLogin",
        src: "googleLogin",
        input: ({ event }) => {
          assertEvent(event, "login.google");
          return event.grant;
        },
        onDone: [
          {
            // The Google account's e-mail is a merchant's who has not linked it: that merchant proves it first.
            guard: { type: "linkRequired", params: ({ event }) => ({ output: event.output }) },
            target: "linkingGoogle",
            actions: assign({ googleLink: ({ event }) => event.output as GoogleLinkChallenge }),
          },
          {
            guard: { type: "askedSecondFactor", params: ({ event }) => ({ answer: event.output }) },
            target: "secondFactor",
            actions: assign({ challenge: ({ event }) => challengeOf(event.output) }),
          },
          {
            target: "signedIn",
            actions: [
              { type: "keepSession", params: ({ event }) => ({ result: sessionOf(event.output) }) },
              ...storeAndGreet,
            ],
          },
        ],
        onError: {
          target: "signedOut",
          actions: [{ type: "refuseSignIn", params: ({ event }) => ({ error: event.error }) }, "clearSession"],
        },
      },
    },
    // Linking a Google account to the merchant with its e-mail: the `googleLink` child asks their password or a mailed
    // code, or goes back to sign-in.
    linkingGoogle: {
      invoke: {
        id: "googleLink",
        src: "googleLink",
        input: ({ context }) => ({ link: context.googleLink ?? { linkTicket: "", email: "" } }),
        onDone: [
          {
            guard: { type: "linkedBeforeSecondFactor", params: ({ event }) => ({ output: event.output }) },
            target: "secondFactor",
            actions: assign({ googleLink: null, challenge: ({ event }) => challengeOf(linkAnswer(event.output)) }),
          },
          {
            guard: { type: "linked", params: ({ event }) => ({ output: event.output }) },
            target: "signedIn",
            actions: [
              assign({ googleLink: null }),
              { type: "keepSession", params: ({ event }) => ({ result: sessionOf(linkAnswer(event.output)) }) },
              ...storeAndGreet,
            ],
          },
          // Cancelled, or the ticket expired (said on the form).
          {
            target: "signedOut",
            actions: assign({ googleLink: null, fieldErrors: {}, failure: ({ event }) => endingFailure(event.output) }),
          },
        ],
      },
    },
    loggingIn: {
      invoke: {
        id: "login",
        src: "login",
        input: ({ event }) => {
          assertEvent(event, "login.submit");
          return loginRequest.parse(loginBody(event));
        },
        onDone: [
          {
            guard: { type: "askedSecondFactor", params: ({ event }) => ({ answer: event.output }) },
            target: "secondFactor",
            actions: assign({ challenge: ({ event }) => challengeOf(event.output) }),
          },
          {
            target: "signedIn",
            actions: [
              { type: "keepSession", params: ({ event }) => ({ result: sessionOf(event.output) }) },
              ...storeAndGreet,
            ],
          },
        ],
        onError: [
          {
            guard: "needsMailCode",
            target: "signedOut.withMailCode",
            actions: [{ type: "refuseSignIn", params: ({ event }) => ({ error: event.error }) }, "clearSession"],
          },
          {
            target: "signedOut",
            actions: [{ type: "refuseSignIn", params: ({ event }) => ({ error: event.error }) }, "clearSession"],
          },
        ],
      },
    },
    // TOTP is on: the password (or Google) held; the `secondFactor` child asks the app's code or a recovery code.
    secondFactor: {
      tags: ["secondFactor"],
      invoke: {
        id: "secondFactor",
        src: "secondFactor",
        input: ({ context }) => ({ challenge: context.challenge ?? "" }),
        onDone: [
          {
            guard: { type: "signedInWithCode", params: ({ event }) => ({ output: event.output }) },
            target: "signedIn",
            actions: [
              { type: "keepSession", params: ({ event }) => ({ result: codeSession(event.output) }) },
              ...storeAndGreet,
            ],
          },
          {
            guard: { type: "codesThrottled", params: ({ event }) => ({ output: event.output }) },
            target: "signedOut.withMailCode",
            actions: assign({ challenge: null, failure: ({ event }) => endingFailure(event.output) }),
          },
          // Cancelled, or the challenge expired, spent or out of attempts (said on the form): back to the password.
          {
            target: "signedOut",
            actions: assign({ challenge: null, fieldErrors: {}, failure: ({ event }) => endingFailure(event.output) }),
          },
        ],
      },
    },
    signedIn: {
      initial: "loadingProfile",
      on: {
        logout: [
          { guard: "hasStoredUser", target: "loggingOut" },
          { target: "signedOut", actions: ["forgetSession", "clearSession", "reloadPage"] },
        ],
        "session.expired": { target: "expired", actions: assign({ expiredMessage: ({ event }) => event.errMsg }) },
        "role.switch": { guard: "otherRole", actions: assign({ role: ({ event }) => roleField.parse(event.role) }) },
        "profile.updated": {
          actions: [
            assign({
              profile: ({ event }) => event.profile,
              user: ({ context, event }) => renamed(context.user, event.profile),
            }),
            { type: "saveUser", params: ({ context }) => ({ user: context.user as SessionUser }) },
          ],
        },
      },
      states: {
        loadingProfile: {
          invoke: {
            id: "loadProfile",
            src: "loadProfile",
            input: ({ context }) => ({ userId: context.user?.id ?? "" }),
            onDone: {
              target: "ready",
              actions: assign({
                profile: ({ event }) => event.output,
                role: ({ context, event }) => context.role || event.output.role,
              }),
            },
            onError: { target: "ready", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
          },
        },
        ready: {
          on: { "profile.reload": "loadingProfile" },
        },
      },
    },
    expired: {
      tags: ["reloginOpen"],
      on: {
        "relogin.cancel": "signedIn.ready",
        "relogin.confirm": [
          { guard: "hasStoredUser", target: "reloginLoggingOut" },
          { target: "signedOut", actions: ["forgetSession", "clearSession", "reloadPage"] },
        ],
        "session.expired": {},
      },
    },
    // Logout clears the session even when the call fails (spec section 4).
    loggingOut: {
      invoke: {
        id: "logout",
        src: "logout",
        input: ({ context }) => ({ userId: context.user?.id ?? "" }),
        onDone: { target: "signedOut", actions: ["forgetSession", "clearSession"] },
        onError: { target: "signedOut", actions: ["forgetSession", "clearSession"] },
      },
    },
    // The Re-Login dialog's confirm: server logout, 'Logout succeed', clear, reload (spec section 8).
    reloginLoggingOut: {
      tags: ["reloginOpen", "reloginBusy"],
      invoke: {
        id: "reloginLogout",
        src: "logout",
        input: ({ context }) => ({ userId: context.user?.id ?? "" }),
        onDone: { target: "signedOut", actions: ["announceLogout", "forgetSession", "clearSession", "reloadPage"] },
        onError: { target: "signedOut", actions: ["announceLogout", "forgetSession", "clearSession", "reloadPage"] },
      },
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
