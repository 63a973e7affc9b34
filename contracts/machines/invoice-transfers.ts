import { addAmounts, compareAmounts, isPositiveAmount } from "../money.ts";
import { type InvoiceFlag, invoiceFlag } from "../schemas/invoice-states.ts";

/** One transfer to an invoice's address, as the chain's watcher reported it; its id (the chain's transfer) is unique. */
export interface InvoiceTransfer {
  id: string;
  /** The chain's code, as the invoice's offered chains name it. */
  chain: string;
  /** USDT, a decimal string. */
  amount: string;
  /** n of `required`: confirmations only go up, whatever a lagging node reports, until a reorganisation removes it. */
  confirmations: number;
  required: number;
  /** A reorganisation took its block away; it counts again only if it is seen again. */
  removed: boolean;
  /** First seen after the invoice's time ran out (or after it was cancelled): credited, and the invoice says so. */
  late: boolean;
}

/** What the watcher says of a transfer when it appears, or appears again in another block. */
export interface SeenTransfer {
  id: string;
  chain: string;
  amount: string;
  confirmations: number;
  /** The chain's confirmations rule, used for a chain the invoice did not offer (the invoice's own are fixed at its creation). */
  required: number;
}

export const isConfirmed = (t: InvoiceTransfer): boolean => !t.removed && t.confirmations >= t.required;
/** Seen and not taken away: confirmed, or still counting. */
const isLive = (t: InvoiceTransfer): boolean => !t.removed;

const sumOf = (transfers: readonly InvoiceTransfer[]): string => addAmounts(...transfers.map((t) => t.amount));

/** Confirmed money: what is credited, and what pays the invoice. */
export const receivedOf = (transfers: readonly InvoiceTransfer[]): string => sumOf(transfers.filter(isConfirmed));
/** Money seen and not taken away, confirmed or not: what a customer has sent so far. */
export const sentOf = (transfers: readonly InvoiceTransfer[]): string => sumOf(transfers.filter(isLive));
export const hasLiveTransfer = (transfers: readonly InvoiceTransfer[]): boolean => transfers.some(isLive);
/** Whether `sum` reaches `amount`. */
export const covers = (sum: string, amount: string): boolean => compareAmounts(sum, amount) >= 0;

/**
 * A transfer seen: a new id is added, a known one is updated in place, so a transfer counts once however often it is
 * seen (a restart, a second instance, a reorganisation that puts it in another block). Back from a reorganisation it
 * counts the confirmations of its new block and keeps whether it was first seen late: the customer paid when it first
 * appeared. A non-positive amount never reaches an invoice (the watcher takes none); it is refused here all the same.
 */
export function withSeen(
  transfers: readonly InvoiceTransfer[],
  seen: SeenTransfer,
  required: Readonly<Record<string, number>>,
  late: boolean,
): InvoiceTransfer[] {
  if (!isPositiveAmount(seen.amount)) return [...transfers];
  const known = transfers.find((t) => t.id === seen.id);
  if (!known) {
    const need = required[seen.chain] ?? seen.required;
    return [
      ...transfers,
      { ...seen, required: need, confirmations: Math.max(0, seen.confirmations), removed: false, late },
    ];
  }
  return transfers.map((t) =>
    t.id !== seen.id
      ? t
      : {
          ...t,
          removed: false,
          confirmations: t.removed ? Math.max(0, seen.confirmations) : Math.max(t.confirmations, seen.confirmations),
        },
  );
}

/** Confirmations of a live transfer, never down: a lagging node's lower count is ignored. Unknown or removed ids: no change. */
export const withConfirmations = (
  transfers: readonly InvoiceTransfer[],
  id: string,
  confirmations: number,
): InvoiceTransfer[] =>
  transfers.map((t) =>
    t.id === id && !t.removed ? { ...t, confirmations: Math.max(t.confirmations, confirmations) } : t,
  );

/** The watcher says it reached its chain's confirmations. */
export const withConfirmed = (transfers: readonly InvoiceTransfer[], id: string): InvoiceTransfer[] =>
  transfers.map((t) =>
    t.id === id && !t.removed ? { ...t, confirmations: Math.max(t.confirmations, t.required) } : t,
  );

/** A reorganisation took its block away: kept in the list (the timeline shows it), counted nowhere. */
export const withRemoved = (transfers: readonly InvoiceTransfer[], id: string): InvoiceTransfer[] =>
  transfers.map((t) => (t.id === id ? { ...t, removed: true, confirmations: 0 } : t));

/**
 * The flags, from the transfers and whether the invoice ended expired: `underpaid` only once it has (before, the
 * customer may still pay the rest), `overpaid` whenever confirmed money passes the amount, `paidLate` and `otherChain`
 * while such a transfer counts. In the shared vocabulary's order.
 */
export function flagsOf(
  context: { amount: string; chains: readonly string[]; transfers: readonly InvoiceTransfer[] },
  expired: boolean,
): InvoiceFlag[] {
  const received = receivedOf(context.transfers);
  const live = context.transfers.filter(isLive);
  const has: Record<InvoiceFlag, boolean> = {
    underpaid: expired && isPositiveAmount(received) && compareAmounts(received, context.amount) < 0,
    overpaid: compareAmounts(received, context.amount) > 0,
    paidLate: live.some((t) => t.late),
    otherChain: live.some((t) => !context.chains.includes(t.chain)),
  };
  return invoiceFlag.options.filter((flag) => has[flag]);
}
