import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from "xstate";
import {
  type TwoFactorDisableRequest,
  type TwoFactorEnabled,
  type TwoFactorEnableRequest,
  type TwoFactorSetup,
  type TwoFactorSetupRequest,
  type TwoFactorStatus,
  twoFactorDisableRequest,
  twoFactorEnableRequest,
  twoFactorSetupRequest,
} from "../../contracts/schemas/two-factor.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";

/**
 * Two-factor sign-in in the user centre: turning TOTP on (the account's password first, then a new secret as QR code
 * and text, confirmed by a current code, then the ten recovery codes shown once) and off (a current code or a recovery
 * code).
 */
export interface TwoFactorContext {
  status: TwoFactorStatus | null;
  setup: TwoFactorSetup | null;
  /** Shown once, right after turning on; forgotten when the merchant says they are saved. */
  recoveryCodes: readonly string[];
  fieldErrors: FieldErrors;
  failure: Failure | null;
}

export type TwoFactorEvent =
  | { type: "twoFactor.retry" }
  | { type: "twoFactor.start" }
  | { type: "twoFactor.reveal"; password: string }
  | { type: "twoFactor.confirm"; code: string }
  | { type: "twoFactor.cancel" }
  | { type: "recovery.saved" }
  | { type: "twoFactor.turnOff" }
  | { type: "twoFactor.disable"; code: string };

/** on / off: the status line; busy: a call is under way. */
export type TwoFactorTag = "on" | "off" | "busy";

/** The server's errCode for a wrong password (contracts/schemas/envelope.ts oldPasswordWrong). */
const passwordWrong = errCodes.oldPasswordWrong;

const validCode = (schema: typeof twoFactorEnableRequest | typeof twoFactorDisableRequest, code: string) =>
  schema.safeParse({ code }).success;

export const twoFactorMachine = setup({
  types: {} as { context: TwoFactorContext; events: TwoFactorEvent; tags: TwoFactorTag },
  actors: {
    loadStatus: fromPromise<TwoFactorStatus>(async () => {
      throw new Error("loadStatus is provided by the app");
    }),
    startSetup: fromPromise<TwoFactorSetup, TwoFactorSetupRequest>(async () => {
      throw new Error("startSetup is provided by the app");
    }),
    enable: fromPromise<TwoFactorEnabled, TwoFactorEnableRequest>(async () => {
      throw new Error("enable is provided by the app");
    }),
    disable: fromPromise<unknown, TwoFactorDisableRequest>(async () => {
      throw new Error("disable is provided by the app");
    }),
  },
  actions: {
    announceOn: () => {},
    announceOff: () => {},
    clearProblems: assign({ fieldErrors: {}, failure: null }),
    keepFailure: assign({ failure: ({ event }) => ("error" in event ? toFailure(event.error) : null) }),
    // A wrong password (2007) belongs to its field, worded for this form rather than the change of password's.
    keepPasswordFailure: assign(({ event }) => {
      const failure = "error" in event ? toFailure(event.error) : null;
      return failure?.errCode === passwordWrong
        ? { fieldErrors: { password: "twoFactor.passwordWrong" }, failure: null }
        : { fieldErrors: {}, failure };
    }),
  },
  guards: {
    isOn: ({ event }) => "output" in event && (event.output as TwoFactorStatus).enabled,
    passwordGiven: ({ event }) =>
      event.type === "twoFactor.reveal" && twoFactorSetupRequest.safeParse({ password: event.password }).success,
    enableCodeValid: ({ event }) => event.type === "twoFactor.confirm" && validCode(twoFactorEnableRequest, event.code),
    disableCodeValid: ({ event }) =>
      event.type === "twoFactor.disable" && validCode(twoFactorDisableRequest, event.code),
  },
}).createMachine({
  id: "twoFactor",
  context: { status: null, setup: null, recoveryCodes: [], fieldErrors: {}, failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadStatus",
        src: "loadStatus",
        onDone: [
          { guard: "isOn", target: "on", actions: assign({ status: ({ event }) => event.output }) },
          { target: "off", actions: assign({ status: ({ event }) => event.output }) },
        ],
        onError: { target: "loadFailed", actions: "keepFailure" },
      },
    },
    loadFailed: { on: { "twoFactor.retry": { target: "loading", actions: "clearProblems" } } },
    off: {
      tags: ["off"],
      on: { "twoFactor.start": { target: "askingPassword", actions: "clearProblems" } },
    },
    askingPassword: {
      tags: ["off"],
      on: {
        "twoFactor.reveal": [
          { guard: "passwordGiven", target: "startingSetup", actions: "clearProblems" },
          {
            actions: assign({
              fieldErrors: ({ event }) => fieldErrorsOf(twoFactorSetupRequest.safeParse({ password: event.password })),
              failure: null,
            }),
          },
        ],
        "twoFactor.cancel": { target: "off", actions: "clearProblems" },
      },
    },
    startingSetup: {
      tags: ["off", "busy"],
      invoke: {
        id: "startSetup",
        src: "startSetup",
        input: ({ event }) => {
          assertEvent(event, "twoFactor.reveal");
          return twoFactorSetupRequest.parse({ password: event.password });
        },
        onDone: { target: "settingUp", actions: assign({ setup: ({ event }) => event.output }) },
        onError: { target: "askingPassword", actions: "keepPasswordFailure" },
      },
    },
    settingUp: {
      tags: ["off"],
      on: {
        "twoFactor.confirm": [
          { guard: "enableCodeValid", target: "enabling", actions: "clearProblems" },
          {
            actions: assign({
              fieldErrors: ({ event }) => fieldErrorsOf(twoFactorEnableRequest.safeParse({ code: event.code })),
              failure: null,
            }),
          },
        ],
        "twoFactor.cancel": { target: "off", actions: [assign({ setup: null }), "clearProblems"] },
      },
    },
    enabling: {
      tags: ["off", "busy"],
      invoke: {
        id: "enable",
        src: "enable",
        input: ({ event }) => {
          assertEvent(event, "twoFactor.confirm");
          return twoFactorEnableRequest.parse({ code: event.code });
        },
        onDone: {
          target: "showingRecoveryCodes",
          actions: [
            assign({
              setup: null,
              recoveryCodes: ({ event }) => event.output.recoveryCodes,
              status: ({ event }) => ({ enabled: true, recoveryCodesLeft: event.output.recoveryCodes.length }),
            }),
            "announceOn",
          ],
        },
        onError: { target: "settingUp", actions: "keepFailure" },
      },
    },
    showingRecoveryCodes: {
      tags: ["on"],
      on: { "recovery.saved": { target: "on", actions: assign({ recoveryCodes: [] }) } },
    },
    on: {
      tags: ["on"],
      on: { "twoFactor.turnOff": { target: "confirmingOff", actions: "clearProblems" } },
    },
    confirmingOff: {
      tags: ["on"],
      on: {
        "twoFactor.disable": [
          { guard: "disableCodeValid", target: "disabling", actions: "clearProblems" },
          {
            actions: assign({
              fieldErrors: ({ event }) => fieldErrorsOf(twoFactorDisableRequest.safeParse({ code: event.code })),
              failure: null,
            }),
          },
        ],
        "twoFactor.cancel": { target: "on", actions: "clearProblems" },
      },
    },
    disabling: {
      tags: ["on", "busy"],
      invoke: {
        id: "disable",
        src: "disable",
        input: ({ event }) => {
          assertEvent(event, "twoFactor.disable");
          return twoFactorDisableRequest.parse({ code: event.code });
        },
        onDone: {
          target: "off",
          actions: [assign({ status: { enabled: false, recoveryCodesLeft: 0 } }), "announceOff"],
        },
        onError: { target: "confirmingOff", actions: "keepFailure" },
      },
    },
  },
});

export type TwoFactorActor = ActorRefFrom<typeof twoFactorMachine>;
