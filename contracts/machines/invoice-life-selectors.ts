import type { SnapshotFrom } from "xstate";
import { amountLeft, compareAmounts, subtractAmounts } from "../money.ts";
import type { InvoiceEventType, InvoiceFlag, InvoiceStatus } from "../schemas/invoice-states.ts";
import type { invoiceLifeMachine } from "./invoice-life.ts";
import { type InvoiceTransfer, sentOf } from "./invoice-transfers.ts";

export type InvoiceLifeSnapshot = SnapshotFrom<typeof invoiceLifeMachine>;

/** n of N: the confirmations a transfer has and needs. */
export interface ConfirmationCount {
  n: number;
  of: number;
}

/** What the checkout page, the console, the open API and the callbacks all show of an invoice. */
export interface InvoiceView {
  status: InvoiceStatus;
  flags: InvoiceFlag[];
  amount: string;
  /** Confirmed money: what is credited. */
  amountReceived: string;
  /** What the customer has still to send; "0" once the invoice has ended. */
  amountDue: string;
  /** Confirmed money past the amount: "0" unless overpaid. */
  excess: string;
  /** The transfer still counting that is nearest to final, or null when none is counting. */
  confirmations: ConfirmationCount | null;
  /** The status will not change again (money may still arrive, and is counted and flagged). */
  final: boolean;
}

export function selectInvoiceStatus(snapshot: InvoiceLifeSnapshot): InvoiceStatus {
  if (snapshot.matches("processing")) return "processing";
  if (snapshot.matches("paid")) return "paid";
  if (snapshot.matches("expired")) return "expired";
  if (snapshot.matches("cancelled")) return "cancelled";
  return "new";
}

const endedStatuses: ReadonlySet<InvoiceStatus> = new Set(["paid", "expired", "cancelled"]);

/** Of the transfers still counting, the one nearest its N (by n/N, compared without division; more n first on a tie). */
function nearestToFinal(transfers: readonly InvoiceTransfer[]): ConfirmationCount | null {
  let best: ConfirmationCount | null = null;
  for (const t of transfers) {
    if (t.removed || t.confirmations >= t.required) continue;
    const count = { n: t.confirmations, of: t.required };
    const ahead = best === null || count.n * best.of > best.n * count.of;
    const tiedWithMore = best !== null && count.n * best.of === best.n * count.of && count.n > best.n;
    if (ahead || tiedWithMore) best = count;
  }
  return best;
}

/**
 * The due amount counts money still confirming as sent, so a customer whose transfer is on its way is not asked to
 * pay it again; an underpaid invoice shows the rest.
 */
export function selectInvoiceView(snapshot: InvoiceLifeSnapshot): InvoiceView {
  const { context } = snapshot;
  const status = selectInvoiceStatus(snapshot);
  const final = endedStatuses.has(status);
  const over = compareAmounts(context.amountReceived, context.amount) > 0;
  return {
    status,
    flags: context.flags,
    amount: context.amount,
    amountReceived: context.amountReceived,
    amountDue: final ? "0" : amountLeft(context.amount, sentOf(context.transfers)),
    excess: over ? subtractAmounts(context.amountReceived, context.amount) : "0",
    confirmations: nearestToFinal(context.transfers),
    final,
  };
}

const eventOfStatus: Readonly<Record<InvoiceStatus, InvoiceEventType | null>> = {
  new: null,
  processing: "invoice.processing",
  paid: "invoice.paid",
  expired: "invoice.expired",
  cancelled: "invoice.cancelled",
};

const paidLateAfterEnd = (snapshot: InvoiceLifeSnapshot) =>
  snapshot.matches({ expired: "paidLate" }) || snapshot.matches({ cancelled: "paidLate" });

/**
 * The callback a step from `before` to `after` raises, one per change of state, or null: a new status raises its own
 * (`new`, after a reorganisation took the only transfer away, raises none), and an ended invoice whose money after its
 * end is first credited raises its status's event again, flagged `paidLate`, with that amount received, so money after
 * the end is never silent. A step that only
 * counts confirmations or adds to a paid invoice's excess raises none: the status did not change.
 */
export function callbackEventBetween(before: InvoiceLifeSnapshot, after: InvoiceLifeSnapshot): InvoiceEventType | null {
  const [was, is] = [selectInvoiceStatus(before), selectInvoiceStatus(after)];
  if (was !== is) return eventOfStatus[is];
  return paidLateAfterEnd(after) && !paidLateAfterEnd(before) ? eventOfStatus[is] : null;
}
