import { assign, fromCallback, fromPromise, setup } from "xstate";
import type { CodePurpose } from "../../contracts/schemas/fields.ts";
import { emailField } from "../../contracts/schemas/fields.ts";
import { codeTooSoonDetail, type SendCodeRequest, type SendCodeResult } from "../../contracts/schemas/auth.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";

export interface CodeSenderContext {
  purpose: CodePurpose;
  /** With `link`: the Google link step's ticket, sent along so the server mails the code (contracts/schemas/auth.ts). */
  linkTicket?: string;
  email: string;
  /** Seconds left before another code may be asked for. */
  cooldown: number;
  /** After the first code the button reads Resend. */
  sentOnce: boolean;
  fieldErrors: FieldErrors;
  failure: Failure | null;
}

export interface CodeSenderInput {
  purpose: CodePurpose;
  linkTicket?: string;
}

export type CodeSenderEvent = { type: "code.send"; email: string } | { type: "countdown.tick" };

/** The seconds a 2004 refusal says are left before the next code, or null for any other outcome. */
function secondsToWait(event: { type: string; error?: unknown }): number | null {
  if (!("error" in event)) return null;
  const failure = toFailure(event.error);
  if (failure.errCode !== errCodes.codeTooSoon) return null;
  const detail = codeTooSoonDetail.safeParse(failure.detail);
  return detail.success ? detail.data.resendAfterSeconds : null;
}

/**
 * Sends an e-mail verification code and counts down before the next may be sent: from the server's figure after a
 * send, and from the seconds left when the server says it is too soon (another tab or dialog asked).
 */
export const codeSenderMachine = setup({
  types: {} as { context: CodeSenderContext; events: CodeSenderEvent; input: CodeSenderInput },
  actors: {
    sendCode: fromPromise<SendCodeResult, SendCodeRequest>(async () => {
      throw new Error("sendCode is provided by the app");
    }),
    countdown: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: "countdown.tick" }), 1000);
      return () => clearInterval(timer);
    }),
  },
  actions: {
    announceCodeSent: (_, _params: { email: string }) => {},
  },
  guards: {
    /** Refused as too soon (2004) with the seconds left: count them down, as after a send. */
    tooSoon: ({ event }) => secondsToWait(event) !== null,
    emailValid: ({ event }) => event.type === "code.send" && emailField.safeParse(event.email).success,
    lastTick: ({ context }) => context.cooldown <= 1,
  },
}).createMachine({
  id: "codeSender",
  context: ({ input }) => ({
    purpose: input.purpose,
    ...(input.linkTicket === undefined ? {} : { linkTicket: input.linkTicket }),
    email: "",
    cooldown: 0,
    sentOnce: false,
    fieldErrors: {},
    failure: null,
  }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "code.send": [
          {
            guard: "emailValid",
            target: "sending",
            actions: assign({ email: ({ event }) => event.email.trim(), fieldErrors: {}, failure: null }),
          },
          {
            actions: assign({
              fieldErrors: ({ event }) => ({ email: fieldErrorsOf(emailField.safeParse(event.email)).form }),
            }),
          },
        ],
      },
    },
    sending: {
      invoke: {
        id: "sendCode",
        src: "sendCode",
        input: ({ context }) => ({
          email: context.email,
          type: context.purpose,
          ...(context.linkTicket === undefined ? {} : { linkTicket: context.linkTicket }),
        }),
        onDone: {
          target: "cooldown",
          actions: [
            assign({
              cooldown: ({ event }) => Math.max(1, Math.round(event.output.resendAfterSeconds)),
              sentOnce: true,
            }),
            { type: "announceCodeSent", params: ({ context }) => ({ email: context.email }) },
          ],
        },
        onError: [
          {
            guard: "tooSoon",
            target: "cooldown",
            actions: assign({
              cooldown: ({ event }) => Math.max(1, Math.round(secondsToWait(event) ?? 1)),
              failure: ({ event }) => toFailure(event.error),
            }),
          },
          { target: "idle", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
        ],
      },
    },
    cooldown: {
      invoke: { id: "countdown", src: "countdown" },
      on: {
        "countdown.tick": [
          { guard: "lastTick", target: "idle", actions: assign({ cooldown: 0, failure: null }) },
          { actions: assign({ cooldown: ({ context }) => context.cooldown - 1 }) },
        ],
      },
    },
  },
});
