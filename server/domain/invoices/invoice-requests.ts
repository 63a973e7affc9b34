import { createHash } from "node:crypto";
import { fromAtto, parseAmount, usdtScale } from "../../../contracts/money.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { invoiceExpiry } from "../../../contracts/schemas/invoice-states.ts";
import type { CreateInvoiceBody } from "../../../contracts/schemas/open-api-invoices.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import type { InvoiceRow } from "./invoice-wire.ts";

/** Every USDT this server follows carries 6 decimals: an invoice's amount can be paid exactly on each chain. */
const invoiceDecimals = 6;

/** The request in one canonical form: the same order (or Idempotency-Key) answers its invoice only for the same request. */
export function requestHash(body: CreateInvoiceBody, amountAtto: bigint): string {
  const canonical = {
    orderId: body.orderId,
    amount: fromAtto(amountAtto),
    chains: body.chains ? [...new Set(body.chains.map((c) => c.toLowerCase()))].sort() : null,
    expiresInSeconds: body.expiresInSeconds ?? invoiceExpiry.defaultSeconds,
    description: body.description ?? null,
    customerEmail: body.customerEmail ?? null,
    redirectUrl: body.redirectUrl ?? null,
    metadata: Object.entries(body.metadata ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("base64url");
}

export function amountOf(text: string): Outcome<bigint> {
  const refused = fail(errCodes.invoiceBadAmount, "The amount must be above 0 with at most 6 decimals", 400);
  try {
    const units = parseAmount(text, invoiceDecimals);
    return units > 0n ? ok(units * 10n ** BigInt(usdtScale - invoiceDecimals)) : refused;
  } catch {
    return refused;
  }
}

/** The same request again answers the invoice it made; another request under its order or key is refused. */
function sameRequest<T extends { row: InvoiceRow }>(made: T, hash: string, by: "order" | "key"): Outcome<T> {
  if (made.row.request_hash === hash) return ok(made);
  return by === "order"
    ? fail(
        errCodes.invoiceOrderConflict,
        "This orderId already has an invoice made with other details: read it, or use a new orderId",
        409,
      )
    : fail(errCodes.invoiceKeyReused, "This Idempotency-Key was used for another invoice request", 409);
}

/**
 * A request made before, of the invoices read under its order or key (invoice-ground.ts): by its Idempotency-Key
 * first, then by its order; undefined for a new one.
 */
export function madeBefore<T extends { row: InvoiceRow }>(
  earlier: readonly T[],
  orderId: string,
  key: string | undefined,
  hash: string,
): Outcome<T> | undefined {
  const byKey = key ? earlier.find((made) => made.row.idempotency_key === key) : undefined;
  if (byKey) return sameRequest(byKey, hash, "key");
  const byOrder = earlier.find((made) => made.row.order_id === orderId);
  return byOrder && sameRequest(byOrder, hash, "order");
}
