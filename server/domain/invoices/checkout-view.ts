import type { Kysely } from "kysely";
import { isConfirmed, sentOf } from "../../../contracts/machines/invoice-transfers.ts";
import { isPositiveAmount } from "../../../contracts/money.ts";
import type { CheckoutOption, CheckoutView } from "../../../contracts/schemas/checkout.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { erc20TransferUri } from "../../../contracts/payment-uri.ts";
import { returnUrlOf } from "./checkout-links.ts";
import { storedInvoiceView } from "./invoice-life-store.ts";
import { addressesOf, type InvoiceAddressRow } from "./invoice-wire.ts";

/**
 * The hosted checkout page's view of an invoice (contracts/schemas/checkout.ts), read by its public id alone: the id
 * is unguessable, so no session is asked for, and nothing the customer should not see (order id, metadata, e-mail,
 * merchant) is read at all.
 */

/** What the view reads of an invoice's row and its application. */
const viewColumns = [
  "i.id",
  "i.public_id",
  "i.status",
  "i.flags",
  "i.amount",
  "i.amount_received",
  "i.transfers",
  "i.description",
  "i.redirect_url",
  "i.expires_at",
  "i.expiry_reached_at",
  "a.name as app_name",
  "a.address as app_address",
] as const;

const viewRowOf = (db: Kysely<DB>, publicId: string) =>
  db
    .selectFrom("invoices as i")
    .innerJoin("applications as a", "a.id", "i.application_id")
    .select(viewColumns)
    .where("i.public_id", "=", publicId)
    .executeTakeFirst();

export type CheckoutViewRow = NonNullable<Awaited<ReturnType<typeof viewRowOf>>>;

/**
 * The view of one invoice's stored row. Only chains still configured are offered (as the open API's invoice), each with
 * a payment URI of what is due, or of the whole amount once nothing is (all sent, or ended): the QR code always holds
 * a transfer a wallet can read.
 */
export function checkoutViewOf(
  row: CheckoutViewRow,
  addresses: readonly InvoiceAddressRow[],
  currencies: CurrencyRegistry,
  now: Date,
): CheckoutView {
  // Status, flags, what is due and the excess as the invoice's life shows them everywhere; what is due is "0" once
  // the invoice has ended, so the payment URI then asks for the whole amount, never for nothing.
  const life = storedInvoiceView(
    row,
    addresses.map((a) => a.chain_id),
  );
  const asked = isPositiveAmount(life.amountDue) ? life.amountDue : life.amount;
  const options = addresses.flatMap((a): CheckoutOption[] => {
    const token = currencies.usdtOn(a.chain_id);
    if (!token) return [];
    const payment = { token: token.address, chainId: a.chain_id, recipient: a.address, decimals: token.decimals };
    return [
      {
        chain: token.product,
        chainName: token.chainName,
        chainId: a.chain_id,
        token: token.address,
        decimals: token.decimals,
        address: a.address,
        paymentUri: erc20TransferUri({ ...payment, amount: asked }),
      },
    ];
  });
  return {
    invoiceId: row.public_id,
    status: life.status,
    flags: life.flags,
    currency: "USDT",
    amount: life.amount,
    amountReceived: life.amountReceived,
    amountSent: sentOf(row.transfers),
    amountDue: life.amountDue,
    amountExcess: life.excess,
    description: row.description,
    merchant: { name: row.app_name, site: row.app_address === "" ? null : row.app_address },
    returnUrl: row.redirect_url === null ? null : returnUrlOf(row.redirect_url, row.public_id, life.status),
    options,
    confirmations: confirmationsOf(row.transfers, currencies),
    expiresAt: row.expires_at.toISOString(),
    serverTime: now.toISOString(),
  };
}

/** The live transfer still counting its confirmations, the furthest from its count when there are several; or null. */
function confirmationsOf(transfers: CheckoutViewRow["transfers"], currencies: CurrencyRegistry) {
  const counting = transfers
    .filter((t) => !t.removed && !isConfirmed(t))
    .sort((a, b) => b.required - b.confirmations - (a.required - a.confirmations));
  const [furthest] = counting;
  if (!furthest) return null;
  // A transfer names its chain by id (the invoice's life does): the page shows the chain's code.
  const chainId = Number(furthest.chain);
  const chain = Number.isSafeInteger(chainId) ? currencies.productOf(chainId) : furthest.chain;
  return { seen: furthest.confirmations, needed: furthest.required, chain };
}

/** GET /api/Checkout/View: the invoice of this public id as its checkout page shows it, or a refusal naming no more. */
export async function readCheckoutView(
  db: Kysely<DB>,
  publicId: string,
  settings: { currencies: CurrencyRegistry; now: Date },
): Promise<Outcome<CheckoutView>> {
  const row = await viewRowOf(db, publicId);
  if (!row) return fail(errCodes.checkoutNotFound, "No payment page of this id");
  const addresses = (await addressesOf(db, [row.id])).get(row.id) ?? [];
  return ok(checkoutViewOf(row, addresses, settings.currencies, settings.now));
}
