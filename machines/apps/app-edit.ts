import { and, assertEvent, assign, fromPromise, setup } from "xstate";
import {
  type AppAction,
  type AppCredentials,
  type AppCredentialsRequest,
  type AppEditRequest,
  type AppRotateRequest,
  type AppSecretKind,
  type Application,
  type GraceWindow,
  appEditRequest,
  appSecretKinds,
  graceWindows,
} from "../../contracts/schemas/apps.ts";
import { type CheckCodeRequest, type CheckCodeResult, checkCodeRequest } from "../../contracts/schemas/auth.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";

// One file: the statechart is one `setup().createMachine()` definition, its states and transitions with the actions
// and guards they name, whose types XState infers from the whole (an action written apart loses them); its
// selectors and tests live beside it.
/** The fields of the edit form, as typed. */
export interface AppEditFields {
  name: string;
  address: string;
  rechargeCallbackUrl: string;
  withdrawCallbackUrl: string;
  /** Empty: no limit; every open-API withdrawal is sent without the merchant's approval. */
  withdrawAutoApproveLimit: string;
  /** The edit's only: empty, "any address" off (the address book only); else its daily limit. Add has none. */
  withdrawAnyAddressDailyLimit?: string;
  remark: string;
}

export interface AppEditContext {
  /** The signed-in merchant's e-mail: the code goes there and is checked against it. */
  email: string;
  app: Application | null;
  action: AppAction;
  graceWindow: GraceWindow;
  /** Which secret a rotation replaces: the AppSecret (open-API requests) or the webhook secret (callbacks). */
  rotateSecret: AppSecretKind;
  /**
   * The merchant has two-factor on: learnt from the check's 2303 refusal, since neither the profile nor the session
   * says so, and the server's answer is the one that counts (two-factor may have been turned on in another tab).
   */
  needsTotp: boolean;
  proof: string | null;
  /**
   * The applications whose verified window the server opened for this session (the check answered
   * `verifiedForSeconds`): their actions go straight through, without the code step, until the server refuses one with
   * a proof errCode (the window ended), which closes it here too.
   */
  verified: readonly string[];
  /** The edit as last submitted: kept when the window ended under it, so the form after the new code still has it. */
  draft: AppEditFields | null;
  credentials: AppCredentials | null;
  fieldErrors: FieldErrors;
  failure: Failure | null;
}

export type AppEditEvent =
  | { type: "app.open"; action: AppAction; app: Application }
  | { type: "dialog.close" }
  | { type: "rotate.grace"; graceWindow: GraceWindow }
  | { type: "rotate.secret"; secret: AppSecretKind }
  | { type: "verify.submit"; code: string; totpCode: string }
  | ({ type: "edit.submit" } & AppEditFields)
  | { type: "credentials.retry" };

export type AppEditTag = "open" | "busy";

/** What the announce action says, as the app words it (spec section 8). */
export type AppEditOutcome = "verified" | "saved" | "rotated";

/** A proof that is missing, unknown or spent: only a new e-mail code helps. */
const proofRefusals: ReadonlySet<string> = new Set([
  errCodes.appProofRequired,
  errCodes.appProofInvalid,
  errCodes.appProofExpired,
]);

export function checkRequestOf(context: AppEditContext, code: string, totpCode: string): CheckCodeRequest {
  return {
    email: context.email,
    code: code.trim(),
    type: "application",
    appCode: context.app?.appCode ?? "",
    action: context.action,
    ...(context.needsTotp ? { totpCode: totpCode.trim() } : {}),
  } as CheckCodeRequest;
}

function verifyErrors(context: AppEditContext, code: string, totpCode: string): FieldErrors {
  return fieldErrorsOf(checkCodeRequest.safeParse(checkRequestOf(context, code, totpCode)));
}

const editRequestOf = (context: AppEditContext, fields: AppEditFields) => ({
  appCode: context.app?.appCode ?? "",
  proof: context.proof ?? undefined,
  name: fields.name,
  address: fields.address,
  rechargeCallbackUrl: fields.rechargeCallbackUrl,
  withdrawCallbackUrl: fields.withdrawCallbackUrl,
  withdrawAutoApproveLimit: fields.withdrawAutoApproveLimit,
  withdrawAnyAddressDailyLimit: fields.withdrawAnyAddressDailyLimit,
  remark: fields.remark,
});

/** A failed call's error, as the guards and actions that read it take it. */
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** Back to the code step, the proof forgotten, after a call the proof could not pass. */
const backToVerify = { target: "verify", actions: { type: "forgetProof", params: errorOf } } as const;

const appCodeOf = (context: AppEditContext) => context.app?.appCode ?? "";

/**
 * appEdit (ARCHITECTURE section 3): editing an application, seeing its credentials and rotating one of its secrets
 * (the AppSecret or the webhook secret, with a grace window for the one it replaces), each only
 * after an e-mail code is sent (the page's codeSender) and checked — with the authenticator's code when two-factor is
 * on — which answers a five-minute single-use proof that the action then spends. Checked in the merchant's session, the
 * code also opens the server's verified window on that application: the next edits on it skip the code
 * step until the server refuses one with a proof errCode (the window ended, or the edit loosens money or callbacks and
 * needs a fresh code), which asks for a code again. Seeing or rotating a secret always asks for a code.
 * Cancel closes it at any step.
 */
export const appEditMachine = setup({
  types: {} as {
    context: AppEditContext;
    events: AppEditEvent;
    input: { email: string };
    tags: AppEditTag;
  },
  actors: {
    checkCode: fromPromise<CheckCodeResult, CheckCodeRequest>(async () => {
      throw new Error("checkCode is provided by the app");
    }),
    editApp: fromPromise<Application, AppEditRequest>(async () => {
      throw new Error("editApp is provided by the app");
    }),
    loadCredentials: fromPromise<AppCredentials, AppCredentialsRequest>(async () => {
      throw new Error("loadCredentials is provided by the app");
    }),
    rotateSecret: fromPromise<AppCredentials, AppRotateRequest>(async () => {
      throw new Error("rotateSecret is provided by the app");
    }),
  },
  actions: {
    announce: (_, _params: { outcome: AppEditOutcome }) => {},
    /** The proof is gone, and so is the window on this application: only a new code helps. */
    forgetProof: assign({
      proof: null,
      verified: ({ context }) => context.verified.filter((appCode) => appCode !== appCodeOf(context)),
      failure: (_, { error }: { error: unknown }) => toFailure(error),
    }),
    /** The list shows the application as the server now has it. */
    changed: (_, _params: { app: Application }) => {},
  },
  guards: {
    verifyValid: ({ context, event }) =>
      event.type === "verify.submit" && Object.keys(verifyErrors(context, event.code, event.totpCode)).length === 0,
    editValid: ({ context, event }) =>
      event.type === "edit.submit" && appEditRequest.safeParse(editRequestOf(context, event)).success,
    knownGrace: ({ event }) =>
      event.type === "rotate.grace" && (graceWindows as readonly string[]).includes(event.graceWindow),
    knownSecret: ({ event }) =>
      event.type === "rotate.secret" && (appSecretKinds as readonly string[]).includes(event.secret),
    proven: (_, { output }: { output: CheckCodeResult }) =>
      output.valid && typeof output.proof === "string" && output.proof.length > 0,
    forEdit: ({ context }) => context.action === "edit",
    forCredentials: ({ context }) => context.action === "credentials",
    inWindow: ({ context }) => context.verified.includes(appCodeOf(context)),
    totpAsked: (_, { error }: { error: unknown }) => toFailure(error).errCode === errCodes.twoFactorRequired,
    proofRefused: (_, { error }: { error: unknown }) => proofRefusals.has(toFailure(error).errCode),
  },
}).createMachine({
  id: "appEdit",
  context: ({ input }) => ({
    email: input.email,
    app: null,
    action: "credentials",
    graceWindow: "1h",
    rotateSecret: "appSecret",
    needsTotp: false,
    proof: null,
    verified: [],
    draft: null,
    credentials: null,
    fieldErrors: {},
    failure: null,
  }),
  initial: "closed",
  states: {
    closed: {
      on: {
        "app.open": {
          target: "opening",
          actions: assign(({ event }) => ({
            app: event.app,
            action: event.action,
            graceWindow: "1h" as const,
            rotateSecret: "appSecret" as const,
            proof: null,
            draft: null,
            credentials: null,
            fieldErrors: {},
            failure: null,
          })),
        },
      },
    },
    /**
     * Inside the application's verified window an edit skips the code step; seeing or rotating a secret never does
     * (each takes a fresh code, as the server asks).
     */
    opening: {
      always: [{ guard: and(["inWindow", "forEdit"]), target: "editing" }, { target: "verify" }],
    },
    verify: {
      tags: "open",
      on: {
        "dialog.close": "closed",
        "rotate.grace": { guard: "knownGrace", actions: assign({ graceWindow: ({ event }) => event.graceWindow }) },
        "rotate.secret": { guard: "knownSecret", actions: assign({ rotateSecret: ({ event }) => event.secret }) },
        "verify.submit": [
          { guard: "verifyValid", target: "checking", actions: assign({ fieldErrors: {}, failure: null }) },
          {
            actions: assign({
              fieldErrors: ({ context, event }) => verifyErrors(context, event.code, event.totpCode),
            }),
          },
        ],
      },
    },
    checking: {
      tags: ["open", "busy"],
      on: { "dialog.close": "closed" },
      invoke: {
        id: "checkCode",
        src: "checkCode",
        input: ({ context, event }) => {
          assertEvent(event, "verify.submit");
          return checkRequestOf(context, event.code, event.totpCode);
        },
        onDone: [
          {
            guard: { type: "proven", params: ({ event }) => ({ output: event.output }) },
            target: "proven",
            actions: [
              assign({
                proof: ({ event }) => event.output.proof ?? null,
                verified: ({ context, event }) =>
                  (event.output.verifiedForSeconds ?? 0) > 0
                    ? [...context.verified.filter((appCode) => appCode !== appCodeOf(context)), appCodeOf(context)]
                    : context.verified,
              }),
              { type: "announce", params: { outcome: "verified" } },
            ],
          },
          {
            target: "verify",
            // An answer without a proof (the server refuses a wrong code with 2002 instead): no toast said it.
            actions: assign({ failure: { errCode: "noProof", errMsg: "" }, fieldErrors: {} }),
          },
        ],
        onError: [
          // The e-mail code was right and is kept: the authenticator's code is asked for beside it.
          {
            guard: { type: "totpAsked", params: ({ event }) => ({ error: event.error }) },
            target: "verify",
            actions: assign({ needsTotp: true, failure: null }),
          },
          { target: "verify", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
        ],
      },
    },
    proven: {
      always: [
        { guard: "forEdit", target: "editing" },
        { guard: "forCredentials", target: "loadingCredentials" },
        { target: "rotating" },
      ],
    },
    editing: {
      tags: "open",
      on: {
        "dialog.close": "closed",
        "edit.submit": [
          {
            guard: "editValid",
            target: "saving",
            actions: assign({
              fieldErrors: {},
              failure: null,
              draft: ({ event }) => ({
                name: event.name,
                address: event.address,
                rechargeCallbackUrl: event.rechargeCallbackUrl,
                withdrawCallbackUrl: event.withdrawCallbackUrl,
                withdrawAutoApproveLimit: event.withdrawAutoApproveLimit,
                withdrawAnyAddressDailyLimit: event.withdrawAnyAddressDailyLimit,
                remark: event.remark,
              }),
            }),
          },
          {
            actions: assign({
              fieldErrors: ({ context, event }) =>
                fieldErrorsOf(appEditRequest.safeParse(editRequestOf(context, event))),
            }),
          },
        ],
      },
    },
    saving: {
      tags: ["open", "busy"],
      on: { "dialog.close": "closed" },
      invoke: {
        id: "editApp",
        src: "editApp",
        input: ({ context, event }) => {
          assertEvent(event, "edit.submit");
          return appEditRequest.parse(editRequestOf(context, event));
        },
        onDone: {
          target: "closed",
          actions: [
            assign({ proof: null, draft: null }),
            { type: "changed", params: ({ event }) => ({ app: event.output }) },
            { type: "announce", params: { outcome: "saved" } },
          ],
        },
        onError: [
          { guard: { type: "proofRefused", params: errorOf }, ...backToVerify },
          { target: "editing", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
        ],
      },
    },
    loadingCredentials: {
      tags: ["open", "busy"],
      on: { "dialog.close": "closed" },
      invoke: {
        id: "loadCredentials",
        src: "loadCredentials",
        input: ({ context }) => ({ appCode: context.app?.appCode ?? "", proof: context.proof ?? undefined }),
        onDone: { target: "credentials", actions: assign({ credentials: ({ event }) => event.output, proof: null }) },
        onError: backToVerify,
      },
    },
    rotating: {
      tags: ["open", "busy"],
      on: { "dialog.close": "closed" },
      invoke: {
        id: "rotateSecret",
        src: "rotateSecret",
        input: ({ context }) => ({
          appCode: context.app?.appCode ?? "",
          proof: context.proof ?? undefined,
          graceWindow: context.graceWindow,
          secret: context.rotateSecret,
        }),
        onDone: {
          target: "credentials",
          actions: [
            assign({ credentials: ({ event }) => event.output, proof: null }),
            { type: "announce", params: { outcome: "rotated" } },
          ],
        },
        onError: backToVerify,
      },
    },
    credentials: {
      tags: "open",
      on: { "dialog.close": { target: "closed", actions: assign({ credentials: null }) } },
    },
  },
});
