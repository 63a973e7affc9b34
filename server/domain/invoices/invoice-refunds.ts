import { type Kysely, sql } from "kysely";
import { fromAtto, toAtto, usdtText } from "../../../contracts/money.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { InvoiceRefund, InvoiceRefundRequest } from "../../../contracts/schemas/invoice-refunds.ts";
import type { OpenWithdrawal } from "../../../contracts/schemas/open-api.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";
import type { Session } from "../identity/sessions.ts";
import type { AnyMerchantScope } from "../platform/merchant-scope.ts";
import { ApiError, fail, ok, type Outcome } from "../platform/outcome.ts";
import type { ConsoleWithdrawalContext } from "../withdrawals/console-withdrawals.ts";
import {
  requestWithdrawal,
  type Withdrawal,
  type WithdrawalAsked,
  type WithdrawalRules,
} from "../withdrawals/withdrawal-holds.ts";
import { checkWithdrawalProof } from "../withdrawals/withdrawal-proof.ts";
import { withdrawalRefusalOutcome } from "../withdrawals/withdrawal-refusals.ts";
import { withdrawalToWire } from "../withdrawals/withdrawal-wire.ts";

/**
 * Invoice/Refund: money an invoice received goes back as a withdrawal asked in the console, on the same path and under
 * the same rules as any (withdrawal-holds.ts): to a usable destination of the address book on the chain, with the mailed
 * code and, when on, the second factor, the fee and the day's limit. What is its own: the invoice must be the
 * merchant's and have received money, and its refunds not failed give back at most what it received. That sum is
 * decided in the transaction that holds the amount, with the invoice's row locked after the merchant's ledger row (the
 * order the watcher takes them in), so refunds asked at once, on any instance, are counted one after the other.
 */
export async function refundInvoice(
  db: Kysely<DB>,
  session: Session,
  body: InvoiceRefundRequest,
  context: ConsoleWithdrawalContext,
): Promise<Outcome<OpenWithdrawal>> {
  const { currencies, rules, now, source, identity } = context;
  const { scope } = session;
  if (!rules) return fail(errCodes.withdrawalsNotOffered, "This service sends no withdrawals", 403);
  const invoice = await db
    .selectFrom("invoices")
    .select(["id", "amount_received"])
    .where("public_id", "=", body.invoiceId)
    .where("merchant_id", "=", scope.merchantId)
    .executeTakeFirst();
  if (!invoice) return fail(errCodes.invoiceNotFound, "No invoice of this id");
  if (toAtto(invoice.amount_received) === 0n)
    return fail(errCodes.invoiceNothingReceived, "Nothing was received at this invoice");
  const chain = currencies.chainByProduct(body.chain);
  const token = chain && currencies.usdtOn(chain.chainId);
  if (!chain || !token) return fail(errCodes.withdrawalUnknownToken, "Withdrawals are not offered on this chain");
  const destination = await bookEntry(db, scope.merchantId, chain.chainId, body.to);
  if (!destination) return fail(errCodes.withdrawalAddressNotFound, "No such address in your address book");
  if (destination.usable_at > now)
    return fail(
      errCodes.withdrawalAddressCoolingDown,
      `This address can receive withdrawals from ${destination.usable_at.toISOString()}`,
    );

  const idempotencyKey = body.requestId ? `refund:${body.requestId}` : null;
  const earlier = idempotencyKey ? await earlierRefund(db, scope.merchantId, idempotencyKey) : undefined;
  if (earlier) {
    // The same request sent again (its answer lost; its code spent) is the same refund; another under its id is refused.
    const same =
      earlier.invoice_id === invoice.id &&
      earlier.chain_id === chain.chainId &&
      earlier.to_address === destination.address &&
      toAtto(earlier.amount) === toAtto(body.amount);
    return same
      ? ok(withdrawalToWire(earlier, currencies))
      : fail(errCodes.withdrawalKeyReused, "This request was already used for another withdrawal");
  }

  const proof = await checkWithdrawalProof(db, session, body, "withdrawalRequest", { now, source, identity });
  if (!proof.ok) return proof;
  const asked = {
    chainId: chain.chainId,
    token: token.address,
    to: destination.address,
    amount: body.amount,
    idempotencyKey,
    invoiceId: invoice.id,
  };
  const refund = await requestRefund(db, scope, asked, rules, now, (trx) => proof.data.spend(trx));
  return refund.ok ? ok(withdrawalToWire(refund.data, currencies)) : refund;
}

/** A refund asked: the invoice's (internal) id beside what any withdrawal asks. */
export type RefundAsked = WithdrawalAsked & { invoiceId: string };

/**
 * Makes the refund's withdrawal, held, once the invoice's row is locked and its refunds not failed with this one stay
 * within what it received; `authorize` (the proof spent) runs in the same transaction after that check.
 */
export async function requestRefund(
  db: Kysely<DB>,
  scope: AnyMerchantScope,
  asked: RefundAsked,
  rules: WithdrawalRules,
  now: Date,
  authorize: (trx: Kysely<DB>) => Promise<void> = async () => {},
): Promise<Outcome<Withdrawal>> {
  try {
    const answer = await requestWithdrawal(db, scope, asked, rules, now, {
      async authorize(trx) {
        await withinReceived(trx, asked.invoiceId, toAtto(asked.amount));
        await authorize(trx);
      },
    });
    return answer.ok ? ok(answer.withdrawal) : withdrawalRefusalOutcome(answer);
  } catch (error) {
    if (error instanceof ApiError) return fail(error.code, error.message);
    throw error;
  }
}

const earlierRefund = (db: Kysely<DB>, merchantId: string, idempotencyKey: string) =>
  db
    .selectFrom("withdrawals")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("idempotency_key", "=", idempotencyKey)
    .where("application_id", "is", null)
    .executeTakeFirst();

/** The merchant's live destination on the chain at this address, as typed (the book keeps them EIP-55). */
const bookEntry = (db: Kysely<DB>, merchantId: string, chainId: number, to: string) =>
  db
    .selectFrom("withdrawal_addresses")
    .select(["address", "usable_at"])
    .where("merchant_id", "=", merchantId)
    .where("chain_id", "=", chainId)
    .where(sql<boolean>`lower(address) = lower(${to})`)
    .where("removed_at", "is", null)
    .executeTakeFirst();

/** Throws unless the invoice's refunds not failed and this one stay within what it received; locks its row. */
async function withinReceived(trx: Kysely<DB>, invoiceId: string, amount: bigint): Promise<void> {
  const invoice = await trx
    .selectFrom("invoices")
    .select("amount_received")
    .where("id", "=", invoiceId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const refunded = await trx
    .selectFrom("withdrawals")
    .select(sql<string | null>`sum(amount)::text`.as("total"))
    .where("invoice_id", "=", invoiceId)
    .where("status", "!=", "failed")
    .executeTakeFirst();
  const left = toAtto(invoice.amount_received) - toAtto(refunded?.total ?? "0");
  if (amount > left)
    throw new ApiError(
      errCodes.invoiceRefundOverReceived,
      `The refunds would give back more than the invoice received: at most ${fromAtto(left > 0n ? left : 0n)} is left`,
    );
}

/** The invoices' refunds, oldest first, by invoice id: what the console shows on each. */
export async function refundsOf(
  db: Kysely<DB>,
  invoiceIds: readonly string[],
  currencies: CurrencyRegistry,
): Promise<Map<string, InvoiceRefund[]>> {
  const found = new Map<string, InvoiceRefund[]>();
  if (invoiceIds.length === 0) return found;
  const rows = await db
    .selectFrom("withdrawals")
    .select(["id", "invoice_id", "chain_id", "to_address", "amount", "status", "tx_hash", "created_at"])
    .where("invoice_id", "in", invoiceIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    if (!row.invoice_id) continue;
    const refund: InvoiceRefund = {
      withdrawalId: row.id,
      chain: currencies.productOf(row.chain_id),
      to: row.to_address,
      amount: usdtText(row.amount),
      status: row.status,
      txHash: row.tx_hash,
      createdAt: row.created_at.toISOString(),
    };
    found.set(row.invoice_id, [...(found.get(row.invoice_id) ?? []), refund]);
  }
  return found;
}
