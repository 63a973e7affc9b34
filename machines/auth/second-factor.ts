import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from "xstate";
import * as z from "zod/mini";
import type { LoginResult } from "../../contracts/schemas/auth.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { secondFactorCodeField } from "../../contracts/schemas/fields.ts";
import type { SecondFactorRequest } from "../../contracts/schemas/two-factor.ts";
import { type Failure, type FieldErrors, fieldErrorsOf, toFailure } from "../api-failure.ts";

/**
 * How the second step ends, for the session: signed in; cancelled (back to the password); the challenge spent, expired
 * or out of attempts (back to the password, saying why); the account's codes throttled (back to the form with a mailed
 * code).
 */
export type SecondFactorOutput =
  | { outcome: "signedIn"; result: LoginResult }
  | { outcome: "cancelled" }
  | { outcome: "spent" | "throttled"; failure: Failure };

export interface SecondFactorContext {
  /** The first factor's challenge the code is sent with (no session yet). */
  challenge: string;
  fieldErrors: FieldErrors;
  failure: Failure | null;
  ending: SecondFactorOutput | null;
}

export type SecondFactorEvent = { type: "secondFactor.submit"; code: string } | { type: "secondFactor.cancel" };

/** The second step's form: one field, the app's code or a recovery code. */
const secondFactorForm = z.strictObject({ code: secondFactorCodeField });

/** TOTP is on: the password (or Google) held, the code of the app or a recovery code completes the sign-in. */
export const secondFactorMachine = setup({
  types: {} as {
    context: SecondFactorContext;
    events: SecondFactorEvent;
    input: { challenge: string };
    output: SecondFactorOutput;
  },
  actors: {
    verifyCode: fromPromise<LoginResult, SecondFactorRequest>(async () => {
      throw new Error("verifyCode is provided by the app");
    }),
  },
  guards: {
    codeValid: ({ event }) =>
      event.type === "secondFactor.submit" && secondFactorForm.safeParse({ code: event.code }).success,
    challengeSpent: (_, { error }: { error: unknown }) => toFailure(error).errCode === errCodes.signInChallengeExpired,
    accountThrottled: (_, { error }: { error: unknown }) => toFailure(error).errCode === errCodes.signInNeedsMailCode,
  },
}).createMachine({
  id: "secondFactor",
  context: ({ input }) => ({ challenge: input.challenge, fieldErrors: {}, failure: null, ending: null }),
  initial: "asking",
  states: {
    asking: {
      on: {
        "secondFactor.submit": [
          { guard: "codeValid", target: "verifying", actions: assign({ fieldErrors: {}, failure: null }) },
          {
            actions: assign({
              fieldErrors: ({ event }) => fieldErrorsOf(secondFactorForm.safeParse({ code: event.code })),
            }),
          },
        ],
        "secondFactor.cancel": { target: "ended", actions: assign({ ending: { outcome: "cancelled" } }) },
      },
    },
    verifying: {
      invoke: {
        id: "verifyCode",
        src: "verifyCode",
        input: ({ context, event }) => {
          assertEvent(event, "secondFactor.submit");
          return { challenge: context.challenge, code: event.code.trim() };
        },
        onDone: {
          target: "ended",
          actions: assign({ ending: ({ event }) => ({ outcome: "signedIn", result: event.output }) }),
        },
        onError: [
          // Expired, spent or out of attempts: back to the password.
          {
            guard: { type: "challengeSpent", params: ({ event }) => ({ error: event.error }) },
            target: "ended",
            actions: assign({ ending: ({ event }) => ({ outcome: "spent", failure: toFailure(event.error) }) }),
          },
          // The account's codes are throttled (strangers' wrong codes): sign in again with a mailed code.
          {
            guard: { type: "accountThrottled", params: ({ event }) => ({ error: event.error }) },
            target: "ended",
            actions: assign({ ending: ({ event }) => ({ outcome: "throttled", failure: toFailure(event.error) }) }),
          },
          { target: "asking", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
        ],
      },
    },
    ended: { type: "final" },
  },
  output: ({ context }) => context.ending ?? { outcome: "cancelled" },
});

export type SecondFactorActor = ActorRefFrom<typeof secondFactorMachine>;
