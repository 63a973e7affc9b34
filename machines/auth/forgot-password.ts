import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { CheckCodeRequest, ResetPasswordRequest } from "../../contracts/schemas/auth.ts";
import { checkCodeRequest, resetPasswordRequest } from "../../contracts/schemas/auth.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";

export interface ForgotPasswordContext {
  email: string;
  code: string;
  fieldErrors: FieldErrors;
  failure: Failure | null;
}

export type ForgotPasswordEvent =
  | { type: "code.submit"; email: string; code: string }
  | { type: "password.submit"; password: string; repeatPassword: string }
  | { type: "step.back" }
  | { type: "done.close" };

const identifyForm = (event: { email: string; code: string }) => ({
  email: event.email,
  code: event.code,
  type: "reset" as const,
});
const passwordForm = (context: ForgotPasswordContext, event: { password: string; repeatPassword: string }) => ({
  email: context.email,
  code: context.code,
  password: event.password,
  repeatPassword: event.repeatPassword,
});

/** Tags the page reads: which of the two steps shows, and whether a call is under way. */
export type ForgotPasswordTag = "identifyStep" | "busy";

/** Forgot password: step 1 e-mail + code, step 2 new password + repeat, then a done dialog. */
export const forgotPasswordMachine = setup({
  types: {} as { context: ForgotPasswordContext; events: ForgotPasswordEvent; tags: ForgotPasswordTag },
  actors: {
    checkCode: fromPromise<{ valid: boolean }, CheckCodeRequest>(async () => {
      throw new Error("checkCode is provided by the app");
    }),
    resetPassword: fromPromise<unknown, ResetPasswordRequest>(async () => {
      throw new Error("resetPassword is provided by the app");
    }),
  },
  guards: {
    identifyValid: ({ event }) =>
      event.type === "code.submit" && checkCodeRequest.safeParse(identifyForm(event)).success,
    passwordValid: ({ context, event }) =>
      event.type === "password.submit" && resetPasswordRequest.safeParse(passwordForm(context, event)).success,
    codeNoLongerValid: (_, { error }: { error: unknown }) => {
      const failure = toFailure(error);
      return failure.errCode === errCodes.codeExpired || failure.errCode === errCodes.codeWrong;
    },
  },
}).createMachine({
  id: "forgotPassword",
  context: { email: "", code: "", fieldErrors: {}, failure: null },
  initial: "identify",
  states: {
    identify: {
      tags: ["identifyStep"],
      on: {
        "code.submit": [
          {
            guard: "identifyValid",
            target: "checkingCode",
            actions: assign({
              email: ({ event }) => event.email.trim(),
              code: ({ event }) => event.code.trim(),
              fieldErrors: {},
              failure: null,
            }),
          },
          {
            actions: assign({
              fieldErrors: ({ event }) => fieldErrorsOf(checkCodeRequest.safeParse(identifyForm(event))),
            }),
          },
        ],
      },
    },
    checkingCode: {
      tags: ["identifyStep", "busy"],
      invoke: {
        id: "checkCode",
        src: "checkCode",
        input: ({ context }) => ({ email: context.email, code: context.code, type: "reset" as const }),
        onDone: "choosePassword",
        onError: { target: "identify", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    choosePassword: {
      on: {
        "password.submit": [
          { guard: "passwordValid", target: "resetting", actions: assign({ fieldErrors: {}, failure: null }) },
          {
            actions: assign({
              fieldErrors: ({ context, event }) =>
                fieldErrorsOf(resetPasswordRequest.safeParse(passwordForm(context, event))),
            }),
          },
        ],
        "step.back": { target: "identify", actions: assign({ fieldErrors: {}, failure: null }) },
      },
    },
    resetting: {
      tags: ["busy"],
      invoke: {
        id: "resetPassword",
        src: "resetPassword",
        input: ({ context, event }) => {
          assertEvent(event, "password.submit");
          return resetPasswordRequest.parse(passwordForm(context, event));
        },
        onDone: "done",
        onError: [
          {
            guard: { type: "codeNoLongerValid", params: ({ event }) => ({ error: event.error }) },
            target: "identify",
            actions: assign({ failure: ({ event }) => toFailure(event.error), code: "" }),
          },
          { target: "choosePassword", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
        ],
      },
    },
    done: {
      on: { "done.close": "finished" },
    },
    finished: { type: "final" },
  },
});
