import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { getAddress, isAddress, zeroAddress } from "viem";
import type { DB, WithdrawalsTable } from "../../db/schema.ts";
import type { Selectable } from "kysely";
import type { AnyMerchantScope } from "../platform/merchant-scope.ts";
import { accountBalance, accountId, merchantAccount, post } from "../payments/ledger.ts";
import { fromAtto, toAtto } from "../../../contracts/money.ts";
import {
  type OpenApiDestinationRefusal,
  type OpenApiDestinationRule,
  openApiDestinationRefusal,
} from "./open-api-destinations.ts";

/**
 * A withdrawal asked for, before anything is signed: checked, then its amount and fee held in the ledger in
 * the transaction that makes it (migration 0028). The merchant's ledger account row is locked first, so one merchant's
 * requests — from the console or the open API, on any instance — are decided one after another against what the
 * balance and the day's limit leave; the balance's CHECK stays the last line of defence. An idempotency key names one
 * withdrawal of the application that sent it (null: the console): asked again by it with the same request it answers
 * that one, with another it is refused, however many come at once (they wait on the same lock).
 */

export type Withdrawal = Selectable<WithdrawalsTable>;

/** A token withdrawals may be asked in, as the configured chains name it. */
export interface WithdrawableToken {
  chainId: number;
  address: string;
  decimals: number;
  /** The fee taken from the balance beside the amount, in atto USDT. */
  fee: bigint;
}

export interface WithdrawalRules {
  tokens: readonly WithdrawableToken[];
  /** The most a merchant's withdrawals may add up to over the last 24 hours, fees left out, in atto USDT. */
  dailyLimit: bigint;
  /** Addresses that are never a destination (the treasuries, the factories), lower-cased. */
  forbidden: ReadonlySet<string>;
  /** How long a destination added to the console's address book waits before it is usable (address-book.ts). */
  addressCooldownSeconds: number;
}

export interface WithdrawalAsked {
  chainId: number;
  token: string;
  to: string;
  /** A decimal string, as the merchant typed it. */
  amount: string;
  idempotencyKey?: string | null;
  /** The application whose open-API key asks it: its withdraw callback URL hears each change (withdrawal-events.ts). */
  applicationId?: string | null;
  /** The application's auto-approve limit, in atto USDT: above it the withdrawal waits for the merchant's approval. */
  approvalAbove?: bigint | null;
  /** Asked through the open API: where it may go (open-api-destinations.ts). */
  openApi?: OpenApiDestinationRule | null;
  /** The invoice it refunds, when it is a refund. */
  invoiceId?: string | null;
}

/** What a caller does inside the transaction that makes the withdrawal. */
export interface RequestHooks {
  /** Runs once every check has passed, before the withdrawal is made; it throws to refuse, which rolls back. */
  authorize?(trx: Kysely<DB>): Promise<void>;
  /** Runs once the withdrawal is made and held (not for an answer to a repeated idempotency key). */
  created?(trx: Kysely<DB>, withdrawal: Withdrawal): Promise<void>;
}

export type WithdrawalRefusal =
  | "unknownToken"
  | "badAddress"
  | "ourAddress"
  | "badAmount"
  | "tooManyDecimals"
  | "overBalance"
  | "overDailyLimit"
  | "keyReused"
  | OpenApiDestinationRefusal;

export type WithdrawalAnswer =
  | { ok: true; withdrawal: Withdrawal; created: boolean }
  | { ok: false; refusal: WithdrawalRefusal; message: string };

const refuse = (refusal: WithdrawalRefusal, message: string): WithdrawalAnswer => ({ ok: false, refusal, message });

/** Whether the text is an amount of at most `decimals` decimals above zero: its atto units, or the refusal. */
function amountOf(text: string, decimals: number): bigint | WithdrawalAnswer {
  const match = /^(\d{1,20})(?:\.(\d+))?$/.exec(text);
  if (!match) return refuse("badAmount", "the amount is not a positive decimal number");
  if ((match[2] ?? "").length > decimals)
    return refuse("tooManyDecimals", `the amount has more than the token's ${decimals} decimals`);
  const atto = toAtto(text);
  return atto > 0n ? atto : refuse("badAmount", "the amount must be above zero");
}

/** What a request is, for telling a retry from another request under the same key. */
const requestHash = (asked: WithdrawalAsked, to: string, amount: bigint) =>
  createHash("sha256")
    .update(JSON.stringify([asked.chainId, asked.token.toLowerCase(), to, fromAtto(amount)]))
    .digest("hex");

/**
 * Checks a withdrawal and, when it passes, makes it with its amount and fee held; nothing is written otherwise.
 * `hooks.authorize` runs in the transaction that makes it, once every check has passed (the console spends the mailed
 * code there, so a refused withdrawal leaves the code usable); it throws to refuse, which rolls the withdrawal back.
 * `hooks.created` runs in it once the withdrawal is made (the open API publishes its first event there).
 */
export async function requestWithdrawal(
  db: Kysely<DB>,
  scope: AnyMerchantScope,
  asked: WithdrawalAsked,
  rules: WithdrawalRules,
  now: Date,
  hooks: RequestHooks = {},
): Promise<WithdrawalAnswer> {
  const token = rules.tokens.find(
    (t) => t.chainId === asked.chainId && t.address.toLowerCase() === asked.token.toLowerCase(),
  );
  if (!token) return refuse("unknownToken", "withdrawals are not offered for this chain and token");
  const destination = await destinationRefusal(db, rules, asked.to);
  if (destination) return destination;
  const amount = amountOf(asked.amount, token.decimals);
  if (typeof amount !== "bigint") return amount;
  const hash = requestHash(asked, asked.to, amount);
  const held = amount + token.fee;

  return db.transaction().execute(async (trx) => {
    const merchant = await merchantAccount(trx, scope.merchantId);
    await trx.selectFrom("ledger_accounts").select("id").where("id", "=", merchant).forUpdate().execute();
    if (asked.idempotencyKey) {
      const earlier = await trx
        .selectFrom("withdrawals")
        .selectAll()
        .where("merchant_id", "=", scope.merchantId)
        .where("idempotency_key", "=", asked.idempotencyKey)
        .where((eb) =>
          asked.applicationId ? eb("application_id", "=", asked.applicationId) : eb("application_id", "is", null),
        )
        .executeTakeFirst();
      if (earlier)
        return earlier.request_hash === hash
          ? { ok: true as const, withdrawal: earlier, created: false }
          : refuse("keyReused", "this Idempotency-Key was used for another withdrawal");
    }
    if (asked.openApi) {
      const where = { chainId: token.chainId, to: asked.to, amount };
      const refusal = await openApiDestinationRefusal(trx, scope.merchantId, where, asked.openApi, now);
      if (refusal) return refusal;
    }
    if ((await accountBalance(trx, merchant)) < held)
      return refuse("overBalance", "the balance does not cover the amount and the fee");
    if ((await withdrawnSince(trx, scope.merchantId, new Date(now.getTime() - 86_400_000))) + amount > rules.dailyLimit)
      return refuse("overDailyLimit", "the amount is above what is left of today's withdrawal limit");
    await hooks.authorize?.(trx);
    const withdrawal = await trx
      .insertInto("withdrawals")
      .values({
        merchant_id: scope.merchantId,
        application_id: asked.applicationId ?? null,
        invoice_id: asked.invoiceId ?? null,
        idempotency_key: asked.idempotencyKey ?? null,
        request_hash: hash,
        chain_id: token.chainId,
        token: getAddress(token.address),
        to_address: asked.to,
        amount: fromAtto(amount),
        fee: fromAtto(token.fee),
        status: asked.approvalAbove != null && amount > asked.approvalAbove ? "awaitingApproval" : "requested",
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await post(trx, { kind: "withdrawalHold", withdrawalId: withdrawal.id, at: now }, [
      [merchant, -held],
      [await accountId(trx, { kind: "withdrawal", withdrawalId: withdrawal.id }), held],
    ]);
    await hooks.created?.(trx, withdrawal);
    return { ok: true as const, withdrawal, created: true };
  });
}

/**
 * A deposit or receiving address of this service (any merchant's, on any chain): never a destination. Both tables keep
 * addresses EIP-55 checksummed, as the destination is by now, so they are compared whole (receiving addresses by their
 * unique index).
 */
/**
 * Why `to` may not receive a withdrawal, or null when it may: not an EIP-55 checksummed address (or the zero address),
 * or one of this service's own (a treasury, a factory, a deposit or receiving address). The address book checks the
 * same when a destination is added.
 */
export async function destinationRefusal(
  db: Kysely<DB>,
  rules: Pick<WithdrawalRules, "forbidden">,
  to: string,
): Promise<WithdrawalAnswer | null> {
  if (!isAddress(to, { strict: true }) || getAddress(to) !== to || to === zeroAddress)
    return refuse("badAddress", "the destination is not a checksummed address of the chain");
  if (rules.forbidden.has(to.toLowerCase()) || (await isOurAddress(db, to)))
    return refuse("ourAddress", "the destination is one of this service's own addresses");
  return null;
}

async function isOurAddress(db: Kysely<DB>, address: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from deposit_addresses where address = ${address})
        or exists (select 1 from receiving_addresses where address = ${address}) as found`.execute(db);
  return rows[0]?.found === true;
}

/** What the merchant's withdrawals since `since` add up to (fees left out), failed ones aside, in atto USDT. */
export async function withdrawnSince(trx: Kysely<DB>, merchantId: string, since: Date): Promise<bigint> {
  const row = await trx
    .selectFrom("withdrawals")
    .select(sql<string | null>`sum(amount)::text`.as("total"))
    .where("merchant_id", "=", merchantId)
    .where("created_at", ">=", since)
    .where("status", "!=", "failed")
    .executeTakeFirst();
  return toAtto(row?.total ?? "0");
}

/**
 * A withdrawal that ends without paying (refused, failed on chain, dropped): failed with its reason, and what it held
 * back on the balance — once, whoever calls how often (the withdrawal's row is locked first; one release journal per
 * withdrawal). Answers whether this call released it.
 */
export async function releaseWithdrawal(
  trx: Kysely<DB>,
  withdrawalId: string,
  failure: string,
  now: Date,
): Promise<boolean> {
  const withdrawal = await trx
    .selectFrom("withdrawals")
    .select(["merchant_id", "status"])
    .where("id", "=", withdrawalId)
    .forUpdate()
    .executeTakeFirst();
  if (!withdrawal || withdrawal.status === "failed" || withdrawal.status === "confirmed") return false;
  const account = await accountId(trx, { kind: "withdrawal", withdrawalId });
  const held = await accountBalance(trx, account);
  await post(trx, { kind: "withdrawalRelease", withdrawalId, at: now }, [
    [account, -held],
    [await merchantAccount(trx, withdrawal.merchant_id), held],
  ]);
  await trx
    .updateTable("withdrawals")
    .set({ status: "failed", failure: failure.slice(0, 500), updated_at: now })
    .where("id", "=", withdrawalId)
    .execute();
  return true;
}

/** What the merchant's withdrawals in flight hold, in atto USDT: the balance's other part. */
export async function heldByWithdrawals(db: Kysely<DB>, { merchantId }: AnyMerchantScope): Promise<bigint> {
  const row = await db
    .selectFrom("ledger_accounts as a")
    .innerJoin("withdrawals as w", "w.id", "a.withdrawal_id")
    .select(sql<string | null>`sum(a.balance)::text`.as("held"))
    .where("a.kind", "=", "withdrawal")
    .where("w.merchant_id", "=", merchantId)
    .executeTakeFirst();
  return toAtto(row?.held ?? "0");
}
