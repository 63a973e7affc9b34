import type { Kysely } from "kysely";
import { getAddress } from "viem";
import type { InvoiceLifeEvent } from "../../../contracts/machines/invoice-life.ts";
import { fromAtto } from "../../../contracts/money.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { ChainListener } from "../../chain/listener.ts";
import type { StoredTransfer } from "../../chain/store.ts";
import type { DB } from "../../db/schema.ts";
import { type PricedTransfer, priceTransfer } from "../payments/transfer-price.ts";
import { applyInvoiceEvents, lockInvoice } from "./invoice-life-store.ts";

export interface InvoiceListenerOptions {
  currencies: CurrencyRegistry;
  now?: () => Date;
}

/**
 * Invoices' side of the chain watcher, heard after the deposit listener in the same transaction (wiring/money-listener.ts):
 * the deposit listener makes the bill of a transfer to an invoice's address and credits it, this one moves the
 * invoice's life. Every call first tells the life the server's time, so a transfer heard after `expires_at` counts as
 * late whether or not the expiry sweep ran yet.
 */
export function createInvoiceListener(options: InvoiceListenerOptions): ChainListener {
  const now = options.now ?? (() => new Date());

  /** The invoice whose address the transfer went to, locked, with the transfer priced; null for any other transfer. */
  const invoiceOf = async (trx: Kysely<DB>, t: StoredTransfer) => {
    const priced = priceTransfer(options.currencies, t);
    if (!priced) return null;
    const address = await trx
      .selectFrom("deposit_addresses")
      .select("invoice_id")
      .where("chain_id", "=", t.chainId)
      .where("address", "=", getAddress(t.to))
      .executeTakeFirst();
    const row = address?.invoice_id ? await lockInvoice(trx, address.invoice_id) : undefined;
    return row ? { row, priced } : null;
  };

  /**
   * The transfer as seen. `counting`: it is not confirmed yet, whatever its depth says — a transfer first seen past its
   * confirmations (after a downtime) is confirmed only when the watcher has checked its block's hash and the ledger
   * credits it (onTransferConfirmed, next), so the invoice is never paid by money the books do not hold.
   */
  const seen = (t: StoredTransfer, priced: PricedTransfer, counting: boolean): InvoiceLifeEvent => {
    const required = priced.chain.confirmations;
    const confirmations = counting ? Math.min(t.confirmations, required - 1) : t.confirmations;
    return {
      type: "transfer.seen",
      transfer: { id: t.id, chain: String(t.chainId), amount: fromAtto(priced.amount), confirmations, required },
    };
  };

  const hear =
    (events: (t: StoredTransfer, priced: PricedTransfer) => InvoiceLifeEvent[]) =>
    async (trx: Kysely<DB>, t: StoredTransfer) => {
      const found = await invoiceOf(trx, t);
      if (!found) return;
      const at = now();
      const clock: InvoiceLifeEvent = { type: "expiry.reached", at: at.toISOString() };
      await applyInvoiceEvents(trx, found.row, [clock, ...events(t, found.priced)], at);
    };

  return {
    onTransferSeen: hear((t, priced) => [seen(t, priced, true)]),
    onConfirmations: hear((t) => [{ type: "transfer.confirmations", id: t.id, confirmations: t.confirmations }]),
    // Seen first: a transfer confirmed at its first sighting (after a downtime) or back in another block is counted.
    onTransferConfirmed: hear((t, priced) => [seen(t, priced, false), { type: "transfer.confirmed", id: t.id }]),
    onTransferRemoved: hear((t) => [{ type: "transfer.removed", id: t.id }]),
  };
}
