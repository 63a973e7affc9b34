import { assign, fromPromise, setup } from "xstate";
import type { UpdatePasswordRequest } from "../contracts/schemas/auth.ts";
import { updatePasswordRequest } from "../contracts/schemas/auth.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "./api-failure.ts";

export interface ChangePasswordContext {
  fieldErrors: FieldErrors;
  failure: Failure | null;
}

export type ChangePasswordEvent =
  | { type: "dialog.open" }
  | { type: "dialog.close" }
  | { type: "password.submit"; oldPassword: string; password: string; repeatPassword: string };

const formOf = (event: ChangePasswordEvent) =>
  event.type === "password.submit" ? { oldPassword: event.oldPassword, password: event.password, repeatPassword: event.repeatPassword } : {};

/** The change-password dialog of the navbar: old, new and repeat, rules of spec section 5. */
export const changePasswordMachine = setup({
  types: {} as { context: ChangePasswordContext; events: ChangePasswordEvent },
  actors: {
    updatePassword: fromPromise<unknown, UpdatePasswordRequest>(async () => {
      throw new Error("updatePassword is provided by the app");
    }),
  },
  actions: {
    announceChanged: () => {},
  },
  guards: {
    formValid: ({ event }) => updatePasswordRequest.safeParse(formOf(event)).success,
  },
}).createMachine({
  id: "changePassword",
  context: { fieldErrors: {}, failure: null },
  initial: "closed",
  states: {
    closed: {
      on: { "dialog.open": { target: "editing", actions: assign({ fieldErrors: {}, failure: null }) } },
    },
    editing: {
      on: {
        "dialog.close": "closed",
        "password.submit": [
          { guard: "formValid", target: "submitting", actions: assign({ fieldErrors: {}, failure: null }) },
          { actions: assign({ fieldErrors: ({ event }) => fieldErrorsOf(updatePasswordRequest.safeParse(formOf(event))) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: "updatePassword",
        src: "updatePassword",
        input: ({ event }) => updatePasswordRequest.parse(formOf(event)),
        onDone: { target: "closed", actions: "announceChanged" },
        onError: { target: "editing", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
  },
});
