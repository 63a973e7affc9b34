import { createActor } from "xstate";
import { type InvoiceLifeEvent, type InvoiceLifeInput, invoiceLifeMachine } from "./invoice-life.ts";
import { callbackEventBetween, type InvoiceLifeSnapshot } from "./invoice-life-selectors.ts";
import type { SeenTransfer } from "./invoice-transfers.ts";

/** An invoice of 10 USDT on ETH (2 confirmations) and BSC (3), due at noon. */
export const invoiceInput: InvoiceLifeInput = {
  amount: "10",
  chains: ["ETH", "BSC"],
  expiresAt: "2026-11-29T12:00:00.000Z",
  requiredConfirmations: { ETH: 2, BSC: 3 },
};

export const beforeExpiry = "2026-11-29T11:59:59.000Z";
export const atExpiry = invoiceInput.expiresAt;

export const seen = (id: string, amount: string, confirmations = 1, chain = "ETH", required = 2): InvoiceLifeEvent => ({
  type: "transfer.seen",
  transfer: { id, chain, amount, confirmations, required } satisfies SeenTransfer,
});
export const confirmed = (id: string): InvoiceLifeEvent => ({ type: "transfer.confirmed", id });
export const counted = (id: string, confirmations: number): InvoiceLifeEvent => ({
  type: "transfer.confirmations",
  id,
  confirmations,
});
export const removed = (id: string): InvoiceLifeEvent => ({ type: "transfer.removed", id });
export const expiry = (at = atExpiry): InvoiceLifeEvent => ({ type: "expiry.reached", at });
export const cancel: InvoiceLifeEvent = { type: "invoice.cancel" };

/** Runs the events on a fresh invoice: the snapshot after each, and the callbacks the steps raised, in order. */
export function runInvoice(events: readonly InvoiceLifeEvent[], input: InvoiceLifeInput = invoiceInput) {
  const actor = createActor(invoiceLifeMachine, { input }).start();
  const callbacks: string[] = [];
  let before: InvoiceLifeSnapshot = actor.getSnapshot();
  for (const event of events) {
    actor.send(event);
    const after = actor.getSnapshot();
    const raised = callbackEventBetween(before, after);
    if (raised) callbacks.push(raised);
    before = after;
  }
  actor.stop();
  return { snapshot: before, callbacks };
}
