import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { toAtto } from "../../../contracts/money.ts";

/**
 * Where an open-API withdrawal may go: an API key never adds a destination. `to` must be a live entry of the
 * merchant's address book on the chain, past its cool-down — an entry added in the console, with a proof. Only when
 * the merchant turned the application's "any address" on (with a proof, in the console) may it pay elsewhere, and then
 * its withdrawals outside the book over the last 24 hours (failed ones aside, fees left out) stay within that limit.
 * Decided in the transaction that holds the amount, after the merchant's ledger row is locked, so parallel requests
 * are counted one after the other.
 */
export interface OpenApiDestinationRule {
  applicationId: string;
  /** The application's "any address" daily limit, in atto USDT; null: the book only. */
  anyAddressLimit: bigint | null;
}

export type OpenApiDestinationRefusal = "notInBook" | "coolingDown" | "overAnyAddressLimit";

interface Refused {
  ok: false;
  refusal: OpenApiDestinationRefusal;
  message: string;
}

const refuse = (refusal: OpenApiDestinationRefusal, message: string): Refused => ({ ok: false, refusal, message });

/** Why the open API may not pay `amount` to `to` on the chain, or null when it may. */
export async function openApiDestinationRefusal(
  trx: Kysely<DB>,
  merchantId: string,
  asked: { chainId: number; to: string; amount: bigint },
  rule: OpenApiDestinationRule,
  now: Date,
): Promise<Refused | null> {
  const entry = await trx
    .selectFrom("withdrawal_addresses")
    .select("usable_at")
    .where("merchant_id", "=", merchantId)
    .where("chain_id", "=", asked.chainId)
    .where("address", "=", asked.to)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  if (entry && entry.usable_at <= now) return null;
  if (rule.anyAddressLimit === null)
    return entry
      ? refuse("coolingDown", `This address can receive withdrawals from ${entry.usable_at.toISOString()}`)
      : refuse("notInBook", "the destination is not in the merchant's address book on this chain");
  const since = new Date(now.getTime() - 86_400_000);
  if ((await paidOutsideBookSince(trx, merchantId, rule.applicationId, since)) + asked.amount > rule.anyAddressLimit)
    return refuse("overAnyAddressLimit", "the amount is above what is left of the application's any-address limit");
  return null;
}

/**
 * What the application's withdrawals since `since` sent to destinations that were no usable book entry when asked add
 * up to (fees left out), failed ones aside, in atto USDT.
 */
async function paidOutsideBookSince(
  trx: Kysely<DB>,
  merchantId: string,
  applicationId: string,
  since: Date,
): Promise<bigint> {
  const { rows } = await sql<{ total: string | null }>`
    select sum(w.amount)::text as total from withdrawals w
     where w.merchant_id = ${merchantId} and w.application_id = ${applicationId}
       and w.created_at >= ${since} and w.status <> 'failed'
       and not exists (
         select 1 from withdrawal_addresses a
          where a.merchant_id = w.merchant_id and a.chain_id = w.chain_id and a.address = w.to_address
            and a.usable_at <= w.created_at and (a.removed_at is null or a.removed_at > w.created_at))`.execute(trx);
  return toAtto(rows[0]?.total ?? "0");
}
