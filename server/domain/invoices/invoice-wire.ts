import type { Kysely } from "kysely";
import { usdtText } from "../../../contracts/money.ts";
import type { OpenInvoice } from "../../../contracts/schemas/open-api-invoices.ts";
import type { ConfiguredChain } from "../../chain/chain-layer.ts";
import { usdtTokenOf } from "../../chain/currency-registry.ts";
import type { DB, InvoicesTable } from "../../db/schema.ts";
import type { Selectable } from "kysely";

export type InvoiceRow = Selectable<InvoicesTable>;
export interface InvoiceAddressRow {
  invoice_id: string;
  chain_id: number;
  address: string;
}

/** The hosted checkout page of an invoice, under the origin the open-API request was signed for. */
export const checkoutUrlOf = (origin: string, publicId: string) => `${origin}/pay/${publicId}`;

/** The payment addresses of the invoices on the chains they offer, by invoice, in chain id order. */
export async function addressesOf(
  db: Kysely<DB>,
  invoiceIds: readonly string[],
): Promise<Map<string, InvoiceAddressRow[]>> {
  const byInvoice = new Map<string, InvoiceAddressRow[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .selectFrom("deposit_addresses")
    .select(["invoice_id", "chain_id", "address"])
    .where("invoice_id", "in", invoiceIds)
    // Its addresses on chains it did not offer are watched, never shown.
    .where("invoice_watch_only", "=", false)
    .orderBy("chain_id")
    .execute();
  for (const row of rows) {
    const id = row.invoice_id!;
    byInvoice.set(id, [...(byInvoice.get(id) ?? []), { invoice_id: id, chain_id: row.chain_id, address: row.address }]);
  }
  return byInvoice;
}

/**
 * An invoice on the wire. An address on a chain no longer configured is left out: nothing there would be watched, so
 * the customer must not be sent to it.
 */
export function invoiceToWire(
  row: InvoiceRow,
  addresses: readonly InvoiceAddressRow[],
  settings: { chains: readonly ConfiguredChain[]; origin: string },
): OpenInvoice {
  return {
    invoiceId: row.public_id,
    orderId: row.order_id,
    status: row.status,
    flags: row.flags,
    amount: usdtText(row.amount),
    amountReceived: usdtText(row.amount_received),
    currency: "USDT",
    description: row.description,
    customerEmail: row.customer_email,
    redirectUrl: row.redirect_url,
    metadata: row.metadata,
    checkoutUrl: checkoutUrlOf(settings.origin, row.public_id),
    addresses: addresses.flatMap((a) => {
      const chain = settings.chains.find((c) => c.chainId === a.chain_id);
      const token = chain && usdtTokenOf(chain);
      return chain && token
        ? [{ chain: chain.product, chainId: chain.chainId, token: token.address, address: a.address }]
        : [];
    }),
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}
