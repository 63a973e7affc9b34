import { fromPromise } from "xstate";
import type { LoginResult } from "../../contracts/schemas/auth.ts";
import type { GoogleLinkChallenge, GoogleSignInResult } from "../../contracts/schemas/google.ts";
import { googleCodeRequest, googleLoginRequest } from "../../contracts/schemas/google.ts";
import type { LoginAnswer } from "../../contracts/schemas/two-factor.ts";
import type { Role, UserProfile } from "../../contracts/schemas/user.ts";
import { type Failure, type FieldErrors, toFailure } from "../api-failure.ts";
import type { GoogleLinkOutput } from "./google-link.ts";
import type { SecondFactorOutput } from "./second-factor.ts";

// The session's context, events and input, and how the sign-in steps' answers read: plain values and functions the
// statechart (session.ts) names, typed on their own.

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
   * the password. Kept while the form shows the code field, so a refused try comes back to it.
   */
  offerMailCode: boolean;
}

export const initialContext = (input: SessionInput): SessionContext => ({
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
});

/** What Google's popup handed over: an authorization code (code flow) or an ID token and its raw nonce (button, One Tap). */
export type GoogleGrant = { code: string } | { credential: string; nonce: string };

export type SessionEvent =
  /** `emailCode`: the code field's value, when the form offers a mailed code (empty: sent without one). */
  | { type: "login.submit"; email: string; password: string; remember: boolean; emailCode?: string }
  | { type: "login.google"; grant: GoogleGrant }
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
 * Tags the views read: the Re-Login dialog shows, its confirm is under way; the sign-in asks for the second factor (its
 * form is the `secondFactor` child's); the sign-in form offers a mailed code.
 */
export type SessionTag = "reloginOpen" | "reloginBusy" | "secondFactor" | "mailCode";

/** The statechart's types (session.ts). */
export interface SessionTypes {
  context: SessionContext;
  events: SessionEvent;
  input: SessionInput;
  tags: SessionTag;
  /** The sign-in steps' children, by invoke id: the views read and send to them. */
  children: { secondFactor: "secondFactor"; googleLink: "googleLink" };
}

/** The answer of a sign-in step that holds a session (a challenge goes to the second step first, a link to its proof). */
export const sessionOf = (answer: GoogleSignInResult): LoginResult => {
  if ("secondFactor" in answer || "linkTicket" in answer) throw new Error("a challenge holds no session");
  return answer;
};

/** The second factor's challenge of a sign-in step's answer, or null. */
export const challengeOf = (answer: GoogleSignInResult): string | null =>
  "secondFactor" in answer ? answer.challenge : null;

export const googleGrantSchema = (grant: GoogleGrant) => ("code" in grant ? googleCodeRequest : googleLoginRequest);

/** The session a second step that signed in hands over. */
export const codeSession = (output: SecondFactorOutput): LoginResult => {
  if (output.outcome !== "signedIn") throw new Error("the second step ended without a session");
  return output.result;
};

/** The answer of a link that held: a session, or the second factor's challenge. */
export const linkAnswer = (output: GoogleLinkOutput): LoginAnswer => {
  if (output.outcome !== "linked") throw new Error("the link step ended without a link");
  return output.answer;
};

/** Why a step ended back at the sign-in form, to show there. */
export const endingFailure = (output: SecondFactorOutput | GoogleLinkOutput): Failure | null =>
  "failure" in output ? output.failure : null;

/** The sign-in form's request: the mailed code goes along when one was typed. */
export const loginBody = (event: { email: string; password: string; emailCode?: string | undefined }) => ({
  email: event.email,
  password: event.password,
  ...(event.emailCode?.trim() ? { emailCode: event.emailCode } : {}),
});

export const userFromLogin = (result: LoginResult): SessionUser => ({
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
export const storeAndGreet = [
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

/** An actor whose call the app provides (src/app/services.ts). */
export const providedByApp = <Output, Input>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by the app`);
  });

/** A sign-in step answered a session: keep it (then store it and greet). */
export const keptSession = (result: LoginResult) => ({
  token: result.accessToken,
  user: userFromLogin(result),
  challenge: null,
});

/** Spec section 4: on login failure the token is cleared (and the failure shown). */
export const refusedSignIn = (error: unknown) => ({ token: null, user: null, failure: toFailure(error) });

/** The e-mail "Remember password" keeps, or null when it is not ticked. */
export const rememberedOf = (form: { email: string; remember: boolean }) => (form.remember ? form.email.trim() : null);

/** The stored user with the nickname a saved profile gives it. */
export const renamed = (user: SessionUser | null, profile: UserProfile): SessionUser | null =>
  user ? { ...user, nickName: profile.nickName } : user;

/** Signed out: nothing of the merchant's is kept but the remembered e-mail. */
export const forgottenSession = {
  token: null,
  user: null,
  profile: null,
  role: "" as Role,
  failure: null,
  expiredMessage: "",
};
