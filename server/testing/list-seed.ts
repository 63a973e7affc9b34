import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { getAddress } from "viem";
import { depositAddress, depositSalt, depositSaltKey } from "../chain/deposit-forwarder.ts";
import type { DB } from "../db/schema.ts";
import { newAppKey, newAppSecret, sealAppSecret } from "../domain/applications/app-secrets.ts";
import { newWebhookSecret, sealWebhookSecret } from "../domain/applications/webhook-secrets.ts";
import { accountId, merchantAccount } from "../domain/payments/ledger.ts";
import { fromAtto, toAtto } from "../../contracts/money.ts";
import { nextDayNumber } from "../domain/platform/day-numbers.ts";
import { dropSeededIndexes, rebuildIndexes } from "./list-seed-indexes.ts";
import { type Deposits, type SeedChain, seedBatch, seedCallbackUrl } from "./list-seed-batch.ts";
import { refreshReceipts } from "./seeded-receipts.ts";

export type { SeedChain } from "./list-seed-batch.ts";

/**
 * One merchant's lists filled at scale, for `npm run seed` (scripts/seed.ts), bench/lists-bench.ts and
 * list-seed.test.ts. Set-based: each batch of bills is one statement over `generate_series` that writes the
 * transfers, the bills and the ledger's journals and lines of the credited ones — never a statement per row.
 */

export interface ListSeedOptions {
  bills: number;
  chain: SeedChain;
  /** The server secret, asked for only when the merchant has no application and one is made (its secrets sealed). */
  secret: () => Buffer;
  /** Bills are spread over the `days` (90) before `now`, the confirming ones over its last ten minutes. */
  now?: Date;
  days?: number;
  /** The end users the bills come from (`seed-user-1` …, round the applications): one per 100 bills, ≤ 10,000. */
  endUsers?: number;
  /** Bills per statement, each its own transaction: 20,000. */
  batchSize?: number;
  /**
   * Batches written side by side, each on a connection of its own (1): a PostgreSQL server's pool gives one per core
   * its backends can use; PGlite has one connection and must keep 1.
   */
  connections?: number;
  /**
   * Drop the indexes list-seed-indexes.ts names for the load and make them again after it (true). False for a caller
   * that seeds several times in a row: it drops them once before (`dropSeededIndexes`) and makes them once after
   * (`rebuildIndexes`), each seed's rebuild otherwise sorting every row seeded so far again.
   */
  dropIndexes?: boolean;
  /** ANALYZE the tables written at the end (true): PGlite has no autovacuum to do it. */
  analyze?: boolean;
  onBatch?: (done: number) => void;
}

export interface ListSeedResult {
  bills: number;
  credited: number;
  /** The credited bills' sum: what the merchant's balance went up by. */
  creditedAmount: string;
  applications: number;
  endUsers: number;
}

/** ANALYZE of every table a seed writes: the planner's statistics of what was just added (PGlite has no autovacuum). */
export const analyzeSeededTables = (db: Kysely<DB>) =>
  sql`analyze chain_transfers, application_bills, deposit_addresses, ledger_journals, ledger_lines, ledger_transfers,
    merchant_transactions, outbox_events, callback_deliveries, callback_attempts`.execute(db);

export const endUsersFor = (bills: number) => Math.max(1, Math.min(10_000, Math.ceil(bills / 100)));

/**
 * Adds `bills` application bills to the merchant's lists: spread over its applications (one made as App/Add makes it
 * when it has none) and their end users' deposit addresses, over the last `days`; mostly credited, some confirming,
 * dropped or reversed; each on a transfer of its own (a unique tx hash and sender, lowercase hex). Run again, it adds
 * as many more.
 *
 * A credited bill has its journal as the deposit listener posts it (balance.ts `receiveDeposit`: receipts −amount,
 * merchant +amount, at the credit), a reversed one that and its reversal (`reverseTransfer`: receipts +amount,
 * merchant −amount, at the removal). The ledger's triggers keep its stored figures one line at a time, each moving
 * the same two account rows, which costs hours at a million lines; so, as bench/reconcile-bench.ts does, each batch
 * writes with them off (session_replication_role = replica: a superuser's connection) and stores what they would
 * have: the transfers' credited figures and the two accounts' balances moved by the batch's sums. list-seed.test.ts
 * proves the books agree (`ledgerViolations`).
 */
export async function seedMerchantLists(
  db: Kysely<DB>,
  merchantId: string,
  options: ListSeedOptions,
): Promise<ListSeedResult> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 20_000;
  // Refused at once, before anything is written, on a connection that may not turn the triggers off.
  await db.transaction().execute((trx) => sql`set local session_replication_role = replica`.execute(trx));
  const applications = await applicationsOf(db, merchantId, options.secret, now);
  const endUsers = options.endUsers ?? endUsersFor(options.bills);
  const deposits = await depositAddresses(db, merchantId, applications, endUsers, options.chain, now, options.secret());
  const { chainId, token, decimals } = options.chain;
  const nonce = randomBytes(16).toString("hex");
  // Both accounts exist before batches run side by side (accountId makes the receipts account on first use).
  const accounts = await db.transaction().execute(async (trx) => ({
    receipts: await accountId(trx, { kind: "receipts", token: { chainId, address: getAddress(token), decimals } }),
    merchant: await merchantAccount(trx, merchantId),
  }));
  const days = options.days ?? 90;
  const ranges: { from: number; to: number }[] = [];
  for (let from = 1; from <= options.bills; from += batchSize)
    ranges.push({ from, to: Math.min(options.bills, from + batchSize - 1) });
  let credited = 0;
  let creditedAtto = 0n;
  let done = 0;
  const seedNext = async (): Promise<void> => {
    for (let range = ranges.shift(); range; range = ranges.shift()) {
      const { from, to } = range;
      const batch = await db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        // PostgreSQL's JIT would compile the batch's statement anew each time: 40 % of the server's CPU for nothing.
        await sql`set local jit = off`.execute(trx);
        // The batch's rows are sorted and joined in memory, not in temporary files (work_mem is 4 MB by default).
        await sql`set local work_mem = '64MB'`.execute(trx);
        const chain = options.chain;
        return seedBatch(trx, { merchantId, from, to, nonce, now, days, deposits, chain, ...accounts });
      });
      credited += Number(batch.credited);
      creditedAtto += toAtto(batch.amount);
      done += to - from + 1;
      options.onBatch?.(done);
    }
  };
  const connections = Math.max(1, options.connections ?? 1);
  // The indexes kept up row by row cost most of a big load: built once after it (list-seed-indexes.ts).
  const dropped = (options.dropIndexes ?? true) ? await dropSeededIndexes(db) : [];
  try {
    await Promise.all(Array.from({ length: connections }, seedNext));
  } finally {
    await rebuildIndexes(db, dropped, connections);
  }
  // Written with the triggers off: the console home's kept receipts (migration 0041) are set from the bills.
  await refreshReceipts(db, [merchantId]);
  if (options.analyze ?? true) await analyzeSeededTables(db);
  const result = { bills: options.bills, credited, creditedAmount: fromAtto(creditedAtto) };
  return { ...result, applications: applications.length, endUsers: deposits.ids.length };
}

type Application = { id: string; app_code: string };

/** The merchant's applications; one made as App/Add makes it when there is none (applications.ts addApplication). */
async function applicationsOf(
  db: Kysely<DB>,
  merchantId: string,
  secret: () => Buffer,
  now: Date,
): Promise<Application[]> {
  const existing = await db
    .selectFrom("applications")
    .select(["id", "app_code"])
    .where("merchant_id", "=", merchantId)
    .orderBy("id")
    .execute();
  if (existing.length > 0) return existing;
  const appKey = newAppKey();
  const made = await db
    .insertInto("applications")
    .values({
      merchant_id: merchantId,
      app_code: await nextDayNumber(db, "application_code_seq", 8, now),
      name: "Seeded shop",
      address: "https://shop.example.com",
      recharge_callback_url: seedCallbackUrl,
      withdraw_callback_url: "https://shop.example.com/callbacks/withdraw",
      app_key: appKey,
      secret_sealed: sealAppSecret(secret(), appKey, newAppSecret()),
      webhook_secret_sealed: sealWebhookSecret(secret(), appKey, newWebhookSecret()),
      created_at: now,
      updated_at: now,
    })
    .returning(["id", "app_code"])
    .executeTakeFirstOrThrow();
  return [made];
}

/**
 * The end users' deposit addresses on the chain as GetUserWallet derives them (deposit-addresses.ts: the forwarder's
 * CREATE2 address of the application's salt for the user, computed, no key); those an earlier run made are kept.
 */
async function depositAddresses(
  db: Kysely<DB>,
  merchantId: string,
  applications: Application[],
  endUsers: number,
  chain: SeedChain,
  now: Date,
  secret: Buffer,
): Promise<Deposits> {
  const key = depositSaltKey(secret);
  const wanted = Array.from({ length: endUsers }, (_, i) => {
    const application = applications[i % applications.length]!;
    const endUserId = `seed-user-${i + 1}`;
    const salt = depositSalt(key, application.app_code, endUserId);
    return { application, endUserId, salt, address: depositAddress(chain.factory, salt) };
  });
  const ids: string[] = [];
  const applicationIds: string[] = [];
  const addresses: string[] = [];
  for (let at = 0; at < wanted.length; at += 1_000) {
    const part = wanted.slice(at, at + 1_000);
    await db
      .insertInto("deposit_addresses")
      .values(
        part.map((w) => ({
          merchant_id: merchantId,
          application_id: w.application.id,
          end_user_id: w.endUserId,
          chain_id: chain.chainId,
          factory: chain.factory,
          salt: w.salt,
          address: w.address,
          created_at: now,
          // Its transfers are made up here, never on a chain: nothing of its past for the watcher to read (0026).
          history_read: true,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    const rows = await db
      .selectFrom("deposit_addresses")
      .select(["id", "application_id", "address"])
      .where("merchant_id", "=", merchantId)
      .where("chain_id", "=", chain.chainId)
      .where(
        "end_user_id",
        "in",
        part.map((w) => w.endUserId),
      )
      .execute();
    for (const row of rows) {
      ids.push(row.id);
      applicationIds.push(row.application_id!);
      addresses.push(row.address);
    }
  }
  return { ids, applicationIds, addresses };
}
