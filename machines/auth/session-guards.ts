import type { AnyEventObject } from "xstate";
import { loginRequest } from "../../contracts/schemas/auth.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { type GoogleSignInResult, isLinkChallenge } from "../../contracts/schemas/google.ts";
import { roleField } from "../../contracts/schemas/user.ts";
import { toFailure } from "../api-failure.ts";
import type { GoogleLinkOutput } from "./google-link.ts";
import type { SecondFactorOutput } from "./second-factor.ts";
import {
  challengeOf,
  googleGrantSchema,
  loginBody,
  type SessionContext,
  type SessionEvent,
} from "./session-context.ts";

type Ctx = { context: SessionContext };
type Ev = { event: SessionEvent };

/** The session's guards (session.ts names them): pure questions of its context, the event, or a step's answer. */
export const sessionGuards = {
  hasToken: ({ context }: Ctx) => context.token !== null,
  hasStoredUser: ({ context }: Ctx) => context.user !== null,
  loginFormValid: ({ event }: Ev) => event.type === "login.submit" && loginRequest.safeParse(loginBody(event)).success,
  // The account's sign-in is throttled (strangers' failures), or the form offered the code already: the form (back)
  // with the code field; the right password with a mailed code gets through.
  needsMailCode: ({ context, event }: { context: SessionContext; event: AnyEventObject }) =>
    context.offerMailCode || ("error" in event && toFailure(event.error).errCode === errCodes.signInNeedsMailCode),
  askedSecondFactor: (_: unknown, { answer }: { answer: GoogleSignInResult }) => challengeOf(answer) !== null,
  signedInWithCode: (_: unknown, { output }: { output: SecondFactorOutput }) => output.outcome === "signedIn",
  // The account's codes are throttled (strangers' wrong codes): sign in again with a mailed code.
  codesThrottled: (_: unknown, { output }: { output: SecondFactorOutput }) => output.outcome === "throttled",
  googleGrantValid: ({ event }: Ev) =>
    event.type === "login.google" && googleGrantSchema(event.grant).safeParse(event.grant).success,
  linkRequired: (_: unknown, { output }: { output: GoogleSignInResult }) => isLinkChallenge(output),
  // Linked; the merchant has TOTP on, so the second step follows.
  linkedBeforeSecondFactor: (_: unknown, { output }: { output: GoogleLinkOutput }) =>
    output.outcome === "linked" && challengeOf(output.answer) !== null,
  linked: (_: unknown, { output }: { output: GoogleLinkOutput }) => output.outcome === "linked",
  // A known role other than the current one; choosing the current role again changes nothing.
  otherRole: ({ context, event }: Ctx & Ev) =>
    event.type === "role.switch" && roleField.safeParse(event.role).success && event.role !== context.role,
};
