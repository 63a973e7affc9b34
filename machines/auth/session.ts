import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from "xstate";
import type { LoginRequest, LoginResult } from "../../contracts/schemas/auth.ts";
import { loginRequest } from "../../contracts/schemas/auth.ts";
import { type GoogleLinkChallenge, type GoogleSignInResult, isLinkChallenge } from "../../contracts/schemas/google.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { LoginAnswer } from "../../contracts/schemas/two-factor.ts";
import { type Role, roleField, type UserProfile } from "../../contracts/schemas/user.ts";
import { fieldErrorsOf, toFailure } from "../api-failure.ts";
import { type GoogleLinkOutput, googleLinkMachine } from "./google-link.ts";
import { type SecondFactorOutput, secondFactorMachine } from "./second-factor.ts";

import {
  challengeOf,
  codeSession,
  endingFailure,
  type GoogleGrant,
  googleGrantSchema,
  linkAnswer,
  loginBody,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
  type SessionTag,
  type SessionUser,
  sessionOf,
  storeAndGreet,
  userFromLogin,
} from "./session-context.ts";

export type { GoogleLinkProof } from "./google-link.ts";
export type {
  GoogleGrant,
  SessionContext,
  SessionEvent,
  SessionInput,
  SessionTag,
  SessionUser,
} from "./session-context.ts";

export const sessionMachine = setup({
  types: {} as {
    context: SessionContext;
    events: SessionEvent;
    input: SessionInput;
    tags: SessionTag;
    // The sign-in steps' children, by invoke id: the views read and send to them.
    children: { secondFactor: "secondFactor"; googleLink: "googleLink" };
  },
  actors: {
    login: fromPromise<LoginAnswer, LoginRequest>(async () => {
      throw new Error("login is provided by the app");
    }),
    loadProfile: fromPromise<UserProfile, { userId: string }>(async () => {
      throw new Error("loadProfile is provided by the app");
    }),
    googleLogin: fromPromise<GoogleSignInResult, GoogleGrant>(async () => {
      throw new Error("googleLogin is provided by the app");
    }),
    // The child machines of the two sign-in steps; the app provides their calls.
    googleLink: googleLinkMachine,
    secondFactor: secondFactorMachine,
    logout: fromPromise<unknown, { userId: string }>(async () => {
      throw new Error("logout is provided by the app");
    }),
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
    // A sign-in step answered a session: keep it, store it, greet.
    keepSession: assign((_, { result }: { result: LoginResult }) => ({
      token: result.accessToken,
      user: userFromLogin(result),
      challenge: null,
    })),
    // Spec section 4: on login failure the token is cleared (and the failure shown).
    refuseSignIn: assign((_, { error }: { error: unknown }) => ({
      token: null,
      user: null,
      failure: toFailure(error),
    })),
    forgetSession: assign({
      token: null,
      user: null,
      profile: null,
      role: "" as Role,
      failure: null,
      expiredMessage: "",
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasStoredUser: ({ context }) => context.user !== null,
    loginFormValid: ({ event }) => event.type === "login.submit" && loginRequest.safeParse(loginBody(event)).success,
    // The account's sign-in is throttled (strangers' failures), or the form offered the code already: the form (back)
    // with the code field; the right password with a mailed code gets through.
    needsMailCode: ({ context, event }) =>
      context.offerMailCode || ("error" in event && toFailure(event.error).errCode === errCodes.signInNeedsMailCode),
    askedSecondFactor: (_, { answer }: { answer: GoogleSignInResult }) => challengeOf(answer) !== null,
    signedInWithCode: (_, { output }: { output: SecondFactorOutput }) => output.outcome === "signedIn",
    // The account's codes are throttled (strangers' wrong codes): sign in again with a mailed code.
    codesThrottled: (_, { output }: { output: SecondFactorOutput }) => output.outcome === "throttled",
    googleGrantValid: ({ event }) =>
      event.type === "login.google" && googleGrantSchema(event.grant).safeParse(event.grant).success,
    linkRequired: (_, { output }: { output: GoogleSignInResult }) => isLinkChallenge(output),
    // Linked; the merchant has TOTP on, so the second step follows.
    linkedBeforeSecondFactor: (_, { output }: { output: GoogleLinkOutput }) =>
      output.outcome === "linked" && challengeOf(output.answer) !== null,
    linked: (_, { output }: { output: GoogleLinkOutput }) => output.outcome === "linked",
    // A known role other than the current one; choosing the current role again changes nothing.
    otherRole: ({ context, event }) =>
      event.type === "role.switch" && roleField.safeParse(event.role).success && event.role !== context.role,
  },
}).createMachine({
  id: "session",
  context: ({ input }) => ({
    token: input.token,
    user: input.user,
    profile: null,
    role: "",
    fieldErrors: {},
    failure: null,
    expiredMessage: "",
    rememberedEmail: input.rememberedEmail ?? null,
    googleLink: null,
    challenge: null,
    offerMailCode: false,
  }),
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
              assign({
                fieldErrors: {},
                failure: null,
                rememberedEmail: ({ event }) => (event.remember ? event.email.trim() : null),
              }),
              { type: "rememberEmail", params: ({ event }) => ({ email: event.remember ? event.email.trim() : null }) },
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
              user: ({ context, event }) =>
                context.user ? { ...context.user, nickName: event.profile.nickName } : context.user,
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
