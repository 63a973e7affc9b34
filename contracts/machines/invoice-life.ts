import { assign, setup } from "xstate";
import type { InvoiceFlag, InvoiceStatus } from "../schemas/invoice-states.ts";
import {
  covers,
  flagsOf,
  hasLiveTransfer,
  type InvoiceTransfer,
  isConfirmed,
  receivedOf,
  type SeenTransfer,
  sentOf,
  withConfirmations,
  withConfirmed,
  withRemoved,
  withSeen,
} from "./invoice-transfers.ts";

/**
 * invoiceLife — an invoice's life, pure: the server runs it on what the chain's watcher and its clock report, the
 * console and the checkout page read it through the same selectors, so every layer shows one status.
 *
 * `new` (nothing seen) → `processing` (money seen, confirmations counting n of N; an underpaid invoice waits here for
 * the rest until its time runs out) → `paid` (confirmed money covers the amount); `expired` (the time ran out before it
 * was paid); `cancelled` (the merchant cancelled it before anything arrived). What happened besides the status is in
 * `flags`. Its states and transitions, drawn and as plain steps, are in the model-test report (`npm run model-test`).
 *
 * `paid`, `expired` and `cancelled` never change status again: the shop ships on `invoice.paid` and may release the
 * order at `invoice.expired`, so neither is ever taken back. Money still arrives at the address and is credited; the
 * invoice counts it and says so. A late payment leaves an expired invoice `expired` (flagged `paidLate`), it does not
 * make it `paid`: the order behind it may be gone, and the merchant decides (ship, or refund from the invoice). A
 * reorganisation deeper than the chain's confirmations after `paid` lowers `amountReceived` (the ledger's incident,
 * found by reconcile) but does not announce the invoice unpaid.
 */

export interface InvoiceLifeInput {
  /** USDT, a decimal string. */
  amount: string;
  /** The chains the customer may pay on. */
  chains: readonly string[];
  /** ISO 8601, on the server's clock. */
  expiresAt: string;
  /** N per offered chain: how many confirmations make a transfer final there. */
  requiredConfirmations: Readonly<Record<string, number>>;
}

export interface InvoiceLifeContext extends InvoiceLifeInput {
  transfers: InvoiceTransfer[];
  /** Confirmed money, not taken away by a reorganisation: what is credited. */
  amountReceived: string;
  flags: InvoiceFlag[];
  /** The server's clock passed `expiresAt`: an invoice still `processing` then waits only for what was sent in time. */
  expiryPassed: boolean;
}

export type InvoiceLifeEvent =
  | { type: "transfer.seen"; transfer: SeenTransfer }
  | { type: "transfer.confirmations"; id: string; confirmations: number }
  | { type: "transfer.confirmed"; id: string }
  | { type: "transfer.removed"; id: string }
  /** The server's clock, when it reaches `expiresAt`; an earlier one is ignored. */
  | { type: "expiry.reached"; at: string }
  | { type: "invoice.cancel" };

/** Whether an event's time is at or after the invoice's expiry (the server's clock, ISO 8601). */
const isDue = (context: InvoiceLifeContext, at: string) => Date.parse(at) >= Date.parse(context.expiresAt);

/** What a transfer event does to the list, whatever the state. */
function transfersAfter(context: InvoiceLifeContext, event: InvoiceLifeEvent, late: boolean): InvoiceTransfer[] {
  switch (event.type) {
    case "transfer.seen":
      return withSeen(context.transfers, event.transfer, context.requiredConfirmations, late);
    case "transfer.confirmations":
      return withConfirmations(context.transfers, event.id, event.confirmations);
    case "transfer.confirmed":
      return withConfirmed(context.transfers, event.id);
    case "transfer.removed":
      return withRemoved(context.transfers, event.id);
    default:
      return context.transfers;
  }
}

/**
 * Money that came after the end is credited: the merchant is told then, with the amount, not when it is only seen (it
 * may not confirm, and `amountReceived` counts only confirmed money).
 */
const lateMoneyCredited = (context: Pick<InvoiceLifeContext, "transfers">) =>
  context.transfers.some((t) => t.late && isConfirmed(t));

/** Money seen in time still counting could pay it: an invoice whose time ran out waits for that, and only that. */
const couldStillBePaid = (context: InvoiceLifeContext) =>
  covers(sentOf(context.transfers.filter((t) => !t.late)), context.amount);

export const invoiceLifeMachine = setup({
  types: {} as { context: InvoiceLifeContext; events: InvoiceLifeEvent; input: InvoiceLifeInput },
  guards: {
    expiryDue: ({ context, event }) =>
      event.type === "expiry.reached" && !context.expiryPassed && isDue(context, event.at),
    expiryPassed: ({ context }) => context.expiryPassed,
    moneySeen: ({ context }) => hasLiveTransfer(context.transfers),
    nothingSeen: ({ context }) => !hasLiveTransfer(context.transfers),
    paidInFull: ({ context }) => covers(context.amountReceived, context.amount),
    timeRanOut: ({ context }) => context.expiryPassed && !couldStillBePaid(context),
    lateMoneyCredited: ({ context }) => lateMoneyCredited(context),
  },
  actions: {
    /** Applies a transfer event and counts again; `late`: money now arriving came after the invoice's time. */
    follow: assign(({ context, event }, params: { late: boolean; expired: boolean }) => {
      const transfers = transfersAfter(context, event, params.late);
      const next = { ...context, transfers };
      return { transfers, amountReceived: receivedOf(transfers), flags: flagsOf(next, params.expired) };
    }),
    passExpiry: assign({ expiryPassed: true }),
    settle: assign(({ context }, params: { expired: boolean }) => ({ flags: flagsOf(context, params.expired) })),
  },
}).createMachine({
  id: "invoiceLife",
  context: ({ input }) => ({
    ...input,
    transfers: [],
    amountReceived: "0",
    flags: [],
    expiryPassed: false,
  }),
  initial: "new",
  states: {
    new: {
      always: [
        { guard: "moneySeen", target: "processing" },
        { guard: "expiryPassed", target: "expired" },
      ],
      on: {
        "transfer.seen": { actions: { type: "follow", params: { late: false, expired: false } } },
        "expiry.reached": { guard: "expiryDue", actions: "passExpiry" },
        "invoice.cancel": { target: "cancelled" },
      },
    },
    processing: {
      always: [
        { guard: "paidInFull", target: "paid" },
        { guard: "timeRanOut", target: "expired" },
        { guard: "nothingSeen", target: "new" },
      ],
      on: {
        "transfer.*": {
          actions: { type: "follow", params: ({ context }) => ({ late: context.expiryPassed, expired: false }) },
        },
        "expiry.reached": { guard: "expiryDue", actions: "passExpiry" },
      },
    },
    paid: {
      on: { "transfer.*": { actions: { type: "follow", params: { late: false, expired: false } } } },
    },
    expired: {
      entry: { type: "settle", params: { expired: true } },
      on: { "transfer.*": { actions: { type: "follow", params: { late: true, expired: true } } } },
      initial: "closed",
      states: {
        closed: { always: { guard: "lateMoneyCredited", target: "paidLate" } },
        paidLate: {},
      },
    },
    // Money after a cancel is credited like money after expiry, and flagged the same way: it came after the invoice ended.
    cancelled: {
      on: { "transfer.*": { actions: { type: "follow", params: { late: true, expired: false } } } },
      initial: "closed",
      states: {
        closed: { always: { guard: "lateMoneyCredited", target: "paidLate" } },
        paidLate: {},
      },
    },
  },
});

/**
 * An invoice's snapshot from what is stored of it (its status and context), to go on after a restart or in another
 * instance: an ended invoice credited money after its end resumes in its `paidLate` state, so the next money raises
 * no second callback.
 */
export function resumeInvoiceLife(status: InvoiceStatus, context: InvoiceLifeContext) {
  const ended = status === "expired" || status === "cancelled";
  const value = ended ? { [status]: lateMoneyCredited(context) ? "paidLate" : "closed" } : status;
  return invoiceLifeMachine.resolveState({ value, context });
}
