import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from "xstate";
import { type GoogleLinkChallenge, type GoogleLinkRequest, googleLinkRequest } from "../../contracts/schemas/google.ts";
import type { LoginAnswer } from "../../contracts/schemas/two-factor.ts";
import { type Failure, type FieldErrors, fieldErrorsOf, toFailure } from "../api-failure.ts";

/** What proves a Google link: the merchant's password, or a code mailed for `link`. */
export type GoogleLinkProof = { password: string } | { code: string };

/**
 * How the link step ends, for the session: linked (a session, or the second factor's challenge when TOTP is on);
 * cancelled; the ticket gone (used or past its 10 minutes: only a new Google sign-in helps).
 */
export type GoogleLinkOutput =
  | { outcome: "linked"; answer: LoginAnswer }
  | { outcome: "cancelled" }
  | { outcome: "expired"; failure: Failure };

export interface GoogleLinkContext {
  link: GoogleLinkChallenge;
  fieldErrors: FieldErrors;
  failure: Failure | null;
  ending: GoogleLinkOutput | null;
}

export type GoogleLinkEvent = { type: "google.link"; proof: GoogleLinkProof } | { type: "google.linkCancel" };

/** The link ticket is gone (used or past its 10 minutes). */
const linkExpiredCode = "2105";

const linkRequest = (link: GoogleLinkChallenge, proof: GoogleLinkProof) =>
  googleLinkRequest.safeParse({ linkTicket: link.linkTicket, ...proof });

/**
 * Linking a Google account to the merchant with its e-mail, who has not linked it: their password or a mailed code,
 * or back to sign-in.
 */
export const googleLinkMachine = setup({
  types: {} as {
    context: GoogleLinkContext;
    events: GoogleLinkEvent;
    input: { link: GoogleLinkChallenge };
    output: GoogleLinkOutput;
  },
  actors: {
    linkAccount: fromPromise<LoginAnswer, GoogleLinkRequest>(async () => {
      throw new Error("linkAccount is provided by the app");
    }),
  },
  guards: {
    proofValid: ({ context, event }) => event.type === "google.link" && linkRequest(context.link, event.proof).success,
    linkExpired: (_, { error }: { error: unknown }) => toFailure(error).errCode === linkExpiredCode,
  },
}).createMachine({
  id: "googleLink",
  context: ({ input }) => ({ link: input.link, fieldErrors: {}, failure: null, ending: null }),
  initial: "proving",
  states: {
    proving: {
      on: {
        "google.link": [
          { guard: "proofValid", target: "linking", actions: assign({ fieldErrors: {}, failure: null }) },
          {
            actions: assign({
              fieldErrors: ({ context, event }) => fieldErrorsOf(linkRequest(context.link, event.proof)),
            }),
          },
        ],
        "google.linkCancel": { target: "ended", actions: assign({ ending: { outcome: "cancelled" } }) },
      },
    },
    linking: {
      invoke: {
        id: "linkAccount",
        src: "linkAccount",
        input: ({ context, event }) => {
          assertEvent(event, "google.link");
          return googleLinkRequest.parse({ linkTicket: context.link.linkTicket, ...event.proof });
        },
        onDone: {
          target: "ended",
          actions: assign({ ending: ({ event }) => ({ outcome: "linked", answer: event.output }) }),
        },
        onError: [
          {
            guard: { type: "linkExpired", params: ({ event }) => ({ error: event.error }) },
            target: "ended",
            actions: assign({ ending: ({ event }) => ({ outcome: "expired", failure: toFailure(event.error) }) }),
          },
          { target: "proving", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
        ],
      },
    },
    ended: { type: "final" },
  },
  output: ({ context }) => context.ending ?? { outcome: "cancelled" },
});

export type GoogleLinkActor = ActorRefFrom<typeof googleLinkMachine>;
