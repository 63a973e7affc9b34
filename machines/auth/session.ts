import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from "xstate";
import type { LoginRequest, LoginResult } from "../../contracts/schemas/auth.ts";
import { loginRequest } from "../../contracts/schemas/auth.ts";
import {
  type GoogleLinkChallenge,
  type GoogleLinkRequest,
  type GoogleSignInResult,
  googleCodeRequest,
  googleLinkRequest,
  googleLoginRequest,
  isLinkChallenge,
} from "../../contracts/schemas/google.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { LoginAnswer, SecondFactorRequest } from "../../contracts/schemas/two-factor.ts";
import { secondFactorCodeField } from "../../contracts/schemas/fields.ts";
import * as z from "zod/mini";
import { type Role, roleField, type UserProfile } from "../../contracts/schemas/user.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";

// One file: the statechart is one `setup().createMachine()` definition, its states and transitions with the actions
// and guards they name, whose types XState infers from the whole (an action written apart loses them); its
// selectors and tests live beside it.
/** The user object stored under UserIdToken (spec section 3). */
export interface SessionUser {
  id: string;
  email: string;
  language: string;
  nickName: string;
  avatar: string;
}

export interface SessionContext {
  token: string | null;
  user: SessionUser | null;
  profile: UserProfile | null;
  role: Role;
  fieldErrors: FieldErrors;
  failure: Failure | null;
  /** errMsg of the answer that ended the session; titles the Re-Login dialog. */
  expiredMessage: string;
  /** The e-mail kept by "Remember password"; the sign-in form starts with it. */
  rememberedEmail: string | null;
  /** A Google account whose e-mail is a merchant's: the link that merchant must prove (password or mailed code). */
  googleLink: GoogleLinkChallenge | null;
  /** The first factor held and TOTP is on: the challenge the code is sent with (no session yet). */
  challenge: string | null;
  /**
   * The account's sign-in is throttled (errCode 2011): the sign-in form offers a code mailed to the account, sent with
   * the password (issue 37). Kept while the form shows the code field, so a refused try comes back to it.
   */
  offerMailCode: boolean;
}

/** What Google's popup handed over: an authorization code (code flow) or an ID token and its raw nonce (button, One Tap). */
export type GoogleGrant = { code: string } | { credential: string; nonce: string };

/** What proves a Google link: the merchant's password, or a code mailed for `link`. */
export type GoogleLinkProof = { password: string } | { code: string };

export type SessionEvent =
  /** `emailCode`: the code field's value, when the form offers a mailed code (empty: sent without one). */
  | { type: "login.submit"; email: string; password: string; remember: boolean; emailCode?: string }
  | { type: "login.google"; grant: GoogleGrant }
  | { type: "google.link"; proof: GoogleLinkProof }
  | { type: "google.linkCancel" }
  | { type: "secondFactor.submit"; code: string }
  | { type: "secondFactor.cancel" }
  | { type: "logout" }
  | { type: "profile.reload" }
  | { type: "profile.updated"; profile: UserProfile }
  | { type: "session.expired"; errMsg: string }
  | { type: "relogin.confirm" }
  | { type: "relogin.cancel" }
  | { type: "role.switch"; role: string };

export interface SessionInput {
  token: string | null;
  user: SessionUser | null;
  rememberedEmail?: string | null;
}

/**
 * Tags the views read: the Re-Login dialog shows, its confirm is under way; the sign-in asks for the second factor; the
 * sign-in form offers a mailed code.
 */
export type SessionTag = "reloginOpen" | "reloginBusy" | "secondFactor" | "mailCode";

/** The second step's form: one field, the app's code or a recovery code. */
const secondFactorForm = z.strictObject({ code: secondFactorCodeField });

/** The answer of a sign-in step that holds a session (a challenge goes to the second step first, a link to its proof). */
const sessionOf = (answer: GoogleSignInResult): LoginResult => {
  if ("secondFactor" in answer || "linkTicket" in answer) throw new Error("a challenge holds no session");
  return answer;
};

/** The second factor's challenge of a sign-in step's answer, or null. */
const challengeOf = (answer: GoogleSignInResult): string | null => ("secondFactor" in answer ? answer.challenge : null);

const googleGrantSchema = (grant: GoogleGrant) => ("code" in grant ? googleCodeRequest : googleLoginRequest);

const linkRequest = (ticket: GoogleLinkChallenge | null, proof: GoogleLinkProof) =>
  googleLinkRequest.safeParse({ linkTicket: ticket?.linkTicket ?? "", ...proof });

/** The link ticket is gone (used or past its 10 minutes): only a new Google sign-in helps. */
const linkExpiredCode = "2105";

/** The sign-in form's request: the mailed code goes along when one was typed. */
const loginBody = (event: { email: string; password: string; emailCode?: string | undefined }) => ({
  email: event.email,
  password: event.password,
  ...(event.emailCode?.trim() ? { emailCode: event.emailCode } : {}),
});

const userFromLogin = (result: LoginResult): SessionUser => ({
  id: result.userId,
  email: result.email,
  language: result.language,
  nickName: result.nickName,
  avatar: result.avatar,
});

/**
 * How every way in (password, mailed code, second factor, Google, a linked Google account) ends, once `keepSession`
 * has put the session in the context: store it and greet the merchant.
 */
const storeAndGreet = [
  {
    type: "saveSession",
    params: ({ context }: { context: SessionContext }) => ({
      token: context.token ?? "",
      user: context.user as SessionUser,
    }),
  },
  {
    type: "announceWelcome",
    params: ({ context }: { context: SessionContext }) => ({
      nickName: context.user?.nickName || context.user?.email || "",
    }),
  },
] as const;

export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent; input: SessionInput; tags: SessionTag },
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
    googleLink: fromPromise<LoginAnswer, GoogleLinkRequest>(async () => {
      throw new Error("googleLink is provided by the app");
    }),
    secondFactor: fromPromise<LoginResult, SecondFactorRequest>(async () => {
      throw new Error("secondFactor is provided by the app");
    }),
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
    // The account's sign-in is throttled (strangers' failures): the right password with a mailed code gets through.
    accountThrottled: ({ event }) =>
      "error" in event && toFailure(event.error).errCode === errCodes.signInNeedsMailCode,
    // …or the form offered the code already: the form (back) with the code field.
    needsMailCode: ({ context, event }) =>
      context.offerMailCode || ("error" in event && toFailure(event.error).errCode === errCodes.signInNeedsMailCode),
    askedSecondFactor: (_, { answer }: { answer: GoogleSignInResult }) => challengeOf(answer) !== null,
    secondFactorCodeValid: ({ event }) =>
      event.type === "secondFactor.submit" && secondFactorForm.safeParse({ code: event.code }).success,
    challengeSpent: ({ event }) =>
      "error" in event && toFailure(event.error).errCode === errCodes.signInChallengeExpired,
    googleGrantValid: ({ event }) =>
      event.type === "login.google" && googleGrantSchema(event.grant).safeParse(event.grant).success,
    linkRequired: (_, { output }: { output: GoogleSignInResult }) => isLinkChallenge(output),
    linkProofValid: ({ context, event }) =>
      event.type === "google.link" && linkRequest(context.googleLink, event.proof).success,
    linkExpired: ({ event }) => "error" in event && toFailure(event.error).errCode === linkExpiredCode,
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
            actions: assign({
              challenge: ({ event }) => challengeOf(event.output),
            }),
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
          actions: [
            assign({ token: null, user: null, failure: ({ event }) => toFailure(event.error) }),
            "clearSession",
          ],
        },
      },
    },
    // Linking a Google account to the merchant with its e-mail: their password or a mailed code, or back to sign-in.
    linkingGoogle: {
      initial: "proving",
      states: {
        proving: {
          on: {
            "google.link": [
              { guard: "linkProofValid", target: "linking", actions: assign({ fieldErrors: {}, failure: null }) },
              {
                actions: assign({
                  fieldErrors: ({ context, event }) => fieldErrorsOf(linkRequest(context.googleLink, event.proof)),
                }),
              },
            ],
            "google.linkCancel": {
              target: "#session.signedOut",
              actions: assign({ googleLink: null, fieldErrors: {}, failure: null }),
            },
          },
        },
        linking: {
          invoke: {
            id: "googleLink",
            src: "googleLink",
            input: ({ context, event }) => {
              assertEvent(event, "google.link");
              return googleLinkRequest.parse({ linkTicket: context.googleLink?.linkTicket, ...event.proof });
            },
            onDone: [
              {
                // Linked; the merchant has TOTP on, so the second step follows.
                guard: { type: "askedSecondFactor", params: ({ event }) => ({ answer: event.output }) },
                target: "#session.secondFactor",
                actions: assign({ googleLink: null, challenge: ({ event }) => challengeOf(event.output) }),
              },
              {
                target: "#session.signedIn",
                actions: [
                  assign({ googleLink: null }),
                  { type: "keepSession", params: ({ event }) => ({ result: sessionOf(event.output) }) },
                  ...storeAndGreet,
                ],
              },
            ],
            onError: [
              {
                guard: "linkExpired",
                target: "#session.signedOut",
                actions: assign({ googleLink: null, failure: ({ event }) => toFailure(event.error) }),
              },
              { target: "proving", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
            ],
          },
        },
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
            actions: assign({
              challenge: ({ event }) => challengeOf(event.output),
            }),
          },
          {
            target: "signedIn",
            actions: [
              { type: "keepSession", params: ({ event }) => ({ result: sessionOf(event.output) }) },
              ...storeAndGreet,
            ],
          },
        ],
        // Spec section 4: on login failure the token is cleared.
        onError: [
          {
            guard: "needsMailCode",
            target: "signedOut.withMailCode",
            actions: [
              assign({ token: null, user: null, failure: ({ event }) => toFailure(event.error) }),
              "clearSession",
            ],
          },
          {
            target: "signedOut",
            actions: [
              assign({ token: null, user: null, failure: ({ event }) => toFailure(event.error) }),
              "clearSession",
            ],
          },
        ],
      },
    },
    // TOTP is on: the password (or Google) held, the code of the app or a recovery code completes the sign-in.
    secondFactor: {
      tags: ["secondFactor"],
      on: {
        "secondFactor.submit": [
          {
            guard: "secondFactorCodeValid",
            target: "verifyingSecondFactor",
            actions: assign({ fieldErrors: {}, failure: null }),
          },
          {
            actions: assign({
              fieldErrors: ({ event }) => fieldErrorsOf(secondFactorForm.safeParse({ code: event.code })),
            }),
          },
        ],
        "secondFactor.cancel": {
          target: "signedOut",
          actions: assign({ challenge: null, fieldErrors: {}, failure: null }),
        },
      },
    },
    verifyingSecondFactor: {
      tags: ["secondFactor"],
      invoke: {
        id: "secondFactor",
        src: "secondFactor",
        input: ({ context, event }) => {
          assertEvent(event, "secondFactor.submit");
          return { challenge: context.challenge ?? "", code: event.code.trim() };
        },
        onDone: {
          target: "signedIn",
          actions: [{ type: "keepSession", params: ({ event }) => ({ result: event.output }) }, ...storeAndGreet],
        },
        onError: [
          // Expired, spent or out of attempts: back to the password.
          {
            guard: "challengeSpent",
            target: "signedOut",
            actions: assign({ challenge: null, failure: ({ event }) => toFailure(event.error) }),
          },
          // The account's codes are throttled (strangers' wrong codes): sign in again with a mailed code.
          {
            guard: "accountThrottled",
            target: "signedOut.withMailCode",
            actions: assign({ challenge: null, failure: ({ event }) => toFailure(event.error) }),
          },
          { target: "secondFactor", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
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
