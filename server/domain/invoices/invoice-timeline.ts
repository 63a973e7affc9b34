import type { Kysely } from "kysely";
import type { InvoiceTransfer } from "../../../contracts/machines/invoice-transfers.ts";
import type { DeliveryStatus } from "../../../contracts/schemas/callbacks.ts";
import type {
  InvoiceTimelineEntry,
  InvoiceTimelineKind,
  InvoiceTransferView,
} from "../../../contracts/schemas/invoices.ts";
import { explorerTxUrl } from "../../chain/configured-chain.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";

/** The watcher's record of a transfer: its hash and when it was seen, confirmed and (last) taken away. */
export interface WatchedTransfer {
  tx_hash: string;
  seen_at: Date;
  confirmed_at: Date | null;
  removed_at: Date | null;
}

/** A callback an invoice's change of state raised, with how its delivery stands. */
export interface InvoiceCallbackRow {
  invoice_id: string;
  event_id: string;
  event_type: string;
  created_at: Date;
  status: DeliveryStatus;
  attempts: number;
}

/** What the invoices' timelines are read from, besides their rows: their transfers' records and their callbacks. */
export interface TimelineSources {
  watched: ReadonlyMap<string, WatchedTransfer>;
  callbacks: ReadonlyMap<string, readonly InvoiceCallbackRow[]>;
}

// The watcher's ids are its rows' (bigint); a transfer written by hand (a test's, a seed's) has none to look up.
const isWatcherId = (id: string) => /^\d{1,19}$/.test(id);

/** The watcher's records of the invoices' transfers and the invoices' callbacks, two reads for a page of invoices. */
export async function timelineSources(
  db: Kysely<DB>,
  rows: ReadonlyArray<{ id: string; transfers: readonly InvoiceTransfer[] }>,
): Promise<TimelineSources> {
  const transferIds = [...new Set(rows.flatMap((r) => r.transfers.map((t) => t.id)).filter(isWatcherId))];
  const invoiceIds = rows.map((r) => r.id);
  const [transfers, callbacks] = await Promise.all([
    transferIds.length === 0
      ? []
      : db
          .selectFrom("chain_transfers")
          .select(["id", "tx_hash", "seen_at", "confirmed_at", "removed_at"])
          .where("id", "in", transferIds)
          .execute(),
    invoiceIds.length === 0
      ? []
      : db
          .selectFrom("callback_deliveries")
          .select(["invoice_id", "event_id", "event_type", "created_at", "status", "attempts"])
          .where("invoice_id", "in", invoiceIds)
          .where("outbox_event_id", "is not", null)
          .orderBy("id")
          .execute(),
  ]);
  const byInvoice = new Map<string, InvoiceCallbackRow[]>();
  for (const c of callbacks) {
    const id = c.invoice_id!;
    byInvoice.set(id, [...(byInvoice.get(id) ?? []), { ...c, invoice_id: id }]);
  }
  return { watched: new Map(transfers.map((t) => [t.id, t])), callbacks: byInvoice };
}

/** The transfers as the console shows them: named chains, their hashes and, where the chain has one, explorer links. */
export function transferViews(
  transfers: readonly InvoiceTransfer[],
  sources: TimelineSources,
  currencies: CurrencyRegistry,
): InvoiceTransferView[] {
  return transfers.map((t) => {
    const txHash = sources.watched.get(t.id)?.tx_hash ?? null;
    const chain = currencies.chains.find((c) => String(c.chainId) === t.chain);
    return {
      // Its life names a transfer's chain by id (invoice-life-store.ts); the console shows the chain's name.
      chain: currencies.productOf(Number(t.chain)),
      amount: t.amount,
      confirmations: t.confirmations,
      required: t.required,
      removed: t.removed,
      late: t.late,
      txHash,
      explorerUrl: txHash ? explorerTxUrl(chain, txHash) : null,
    };
  });
}

const stateKinds: Readonly<Record<string, InvoiceTimelineKind>> = {
  "invoice.processing": "processing",
  "invoice.paid": "paid",
  "invoice.expired": "expired",
  "invoice.cancelled": "cancelled",
};

/**
 * An invoice's life, oldest first: made, each transfer seen, confirmed and taken away (as the watcher recorded it), and
 * each change of state as the callback that told of it (one per change, so its time is the change's).
 */
export function invoiceTimeline(
  invoice: { id: string; created_at: Date; transfers: readonly InvoiceTransfer[] },
  views: readonly InvoiceTransferView[],
  sources: TimelineSources,
): InvoiceTimelineEntry[] {
  const entries: InvoiceTimelineEntry[] = [
    { at: invoice.created_at.toISOString(), kind: "created", transfer: null, callback: null },
  ];
  invoice.transfers.forEach((t, index) => {
    const watched = sources.watched.get(t.id);
    const view = views[index];
    if (!watched || !view) return;
    const transfer = { chain: view.chain, amount: t.amount, txHash: watched.tx_hash, late: t.late };
    const step = (kind: InvoiceTimelineKind, at: Date | null) => {
      if (at) entries.push({ at: at.toISOString(), kind, transfer, callback: null });
    };
    step("transferSeen", watched.seen_at);
    step("transferConfirmed", watched.confirmed_at);
    if (t.removed) step("transferRemoved", watched.removed_at);
  });
  for (const c of sources.callbacks.get(invoice.id) ?? []) {
    const kind = stateKinds[c.event_type];
    if (kind)
      entries.push({
        at: c.created_at.toISOString(),
        kind,
        transfer: null,
        callback: { eventId: c.event_id, status: c.status, attempts: c.attempts },
      });
  }
  // Stable: what happened at the same instant keeps the order above (a transfer's step before the change it caused).
  return entries
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.order - b.order)
    .map(({ entry }) => entry);
}
