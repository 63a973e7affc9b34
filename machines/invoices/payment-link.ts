import { assertEvent, assign, fromPromise, setup } from "xstate";
import type * as z from "zod/mini";
import { type PaymentLinkRequest, paymentLinkRequest } from "../../contracts/schemas/invoices.ts";
import type { OpenInvoice } from "../../contracts/schemas/open-api-invoices.ts";
import { type Failure, type FieldErrors, fieldErrorsOf, toFailure } from "../api-failure.ts";
import type { AppOption } from "../lists/app-choices.ts";

/** Why Invoices is asked for again (`list.reload`): a payment link made an invoice, which comes first. */
export const linkMadeReason = "payment link made";

export interface PaymentLinkContext {
  fieldErrors: FieldErrors;
  failure: Failure | null;
  /** The invoice the last submit made: its checkout page is the link to hand the customer. */
  link: OpenInvoice | null;
}

export type PaymentLinkSubmit = { type: "paymentLink.submit" } & z.input<typeof paymentLinkRequest>;

export type PaymentLinkEvent = { type: "dialog.open" } | { type: "dialog.close" } | PaymentLinkSubmit;

/** `open` and `busy` as a form dialog's (src/app/form-dialog.tsx draws the form); `made`: the link is shown. */
export type PaymentLinkTag = "open" | "busy" | "made";

/** What the form holds as typed: text, and the expiry chosen (seconds, as text). */
export interface PaymentLinkForm {
  appCode: string;
  amount: string;
  description: string;
  expiresInSeconds: string;
  redirectUrl: string;
}

/** The submit of a form: a field left empty is not sent (no description; no redirect, which must be https when sent). */
export function paymentLinkSubmit(form: PaymentLinkForm, requestId: string): PaymentLinkSubmit {
  return {
    type: "paymentLink.submit",
    appCode: form.appCode,
    amount: form.amount,
    expiresInSeconds: Number(form.expiresInSeconds),
    ...(form.description.trim() ? { description: form.description } : {}),
    ...(form.redirectUrl.trim() ? { redirectUrl: form.redirectUrl } : {}),
    requestId,
  };
}

/**
 * The application a link is for: once the merchant's applications are known, the one their choice shows, which is the
 * first when the code held is none of them. The dialog can open before they arrive (its form then starts with no
 * code, or the merchant types one), and a choice showing one application must not send another, or none.
 */
export const chosenAppCode = (held: string, choices: readonly AppOption[] | null): string =>
  choices === null || choices.length === 0 || choices.some((app) => app.appCode === held)
    ? held
    : (choices[0]?.appCode ?? held);

const fieldsOf = ({ type: _, ...fields }: PaymentLinkSubmit) => fields;

/**
 * "Create a payment link" on Invoices: a form dialog (closed → editing → submitting, its field errors and the server's
 * refusal as any form dialog's, machines/form-dialog.ts) that does not close on success but shows the link it made
 * (`made`): its checkout page's URL and QR code, to copy or open. From there the merchant closes it or makes another.
 * The app provides the `submit` actor (Invoice/Create) and the `made` action (the list asked for again).
 */
export const paymentLinkMachine = setup({
  types: {} as { context: PaymentLinkContext; events: PaymentLinkEvent; tags: PaymentLinkTag },
  actors: {
    submit: fromPromise<OpenInvoice, PaymentLinkRequest>(async () => {
      throw new Error("paymentLink: submit is provided by the app");
    }),
  },
  actions: {
    reset: assign({ fieldErrors: {}, failure: null, link: null }),
    made: (_, _params: { link: OpenInvoice }) => {},
  },
  guards: {
    formValid: ({ event }) => {
      assertEvent(event, "paymentLink.submit");
      return paymentLinkRequest.safeParse(fieldsOf(event)).success;
    },
  },
}).createMachine({
  id: "paymentLink",
  context: { fieldErrors: {}, failure: null, link: null },
  initial: "closed",
  states: {
    closed: { on: { "dialog.open": { target: "editing", actions: "reset" } } },
    editing: {
      tags: "open",
      on: {
        "dialog.close": "closed",
        "paymentLink.submit": [
          { guard: "formValid", target: "submitting", actions: assign({ fieldErrors: {}, failure: null }) },
          {
            actions: assign({
              fieldErrors: ({ event }) => fieldErrorsOf(paymentLinkRequest.safeParse(fieldsOf(event))),
            }),
          },
        ],
      },
    },
    submitting: {
      tags: ["open", "busy"],
      invoke: {
        id: "submit",
        src: "submit",
        input: ({ event }) => {
          assertEvent(event, "paymentLink.submit");
          return paymentLinkRequest.parse(fieldsOf(event));
        },
        onDone: {
          target: "made",
          actions: [
            assign({ link: ({ event }) => event.output }),
            { type: "made", params: ({ event }) => ({ link: event.output }) },
          ],
        },
        onError: { target: "editing", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    made: {
      tags: "made",
      // Another link starts from an empty form.
      on: { "dialog.close": "closed", "dialog.open": { target: "editing", actions: "reset" } },
    },
  },
});
