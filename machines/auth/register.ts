import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { RegisterRequest } from "../../contracts/schemas/auth.ts";
import { registerRequest } from "../../contracts/schemas/auth.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";

export interface RegisterContext {
  email: string;
  fieldErrors: FieldErrors;
  failure: Failure | null;
}

export type RegisterEvent = {
  type: "register.submit";
  email: string;
  code: string;
  password: string;
  repeatPassword: string;
};

const formOf = (event: RegisterEvent) => ({
  email: event.email,
  code: event.code,
  password: event.password,
  repeatPassword: event.repeatPassword,
});

/** Registration: the rules of spec section 5 are checked here before the server checks them again. */
export const registerMachine = setup({
  types: {} as { context: RegisterContext; events: RegisterEvent },
  actors: {
    register: fromPromise<{ userId: string; email: string }, RegisterRequest>(async () => {
      throw new Error("register is provided by the app");
    }),
  },
  actions: {
    announceRegistered: (_, _params: { email: string }) => {},
  },
  guards: {
    formValid: ({ event }) => registerRequest.safeParse(formOf(event)).success,
  },
}).createMachine({
  id: "register",
  context: { email: "", fieldErrors: {}, failure: null },
  initial: "editing",
  states: {
    editing: {
      on: {
        "register.submit": [
          { guard: "formValid", target: "submitting", actions: assign({ fieldErrors: {}, failure: null }) },
          { actions: assign({ fieldErrors: ({ event }) => fieldErrorsOf(registerRequest.safeParse(formOf(event))) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: "register",
        src: "register",
        input: ({ event }) => {
          assertEvent(event, "register.submit");
          return registerRequest.parse(formOf(event));
        },
        onDone: {
          target: "registered",
          actions: [
            assign({ email: ({ event }) => event.output.email }),
            { type: "announceRegistered", params: ({ event }) => ({ email: event.output.email }) },
          ],
        },
        onError: { target: "editing", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    registered: { type: "final" },
  },
});
