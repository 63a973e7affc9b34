import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { seedApplication, seedDepositAddress, seedMerchant } from "../testing/seed.ts";
import { databaseUpTo } from "../testing/database-up-to.ts";
import { migrateToLatest } from "./migrations.ts";

/**
 * Migration 0046 on a database of the schema before it (0043): a withdrawal's transactions (the first and its
 * replacement) and a sweep's move into outgoing_transactions with their subjects, nonces, bytes and fees; the first is
 * replaced by the second; a failed try that sent nothing has none; withdrawal_transactions is gone and a transaction
 * signed after the migration takes the next id. Runs on PGlite and on PostgreSQL.
 */
const database = databaseUpTo("0043_stolen_session_guards");

const treasury = "0x1111111111111111111111111111111111111111";
const gasPayer = "0x2222222222222222222222222222222222222222";
const token = "0x3333333333333333333333333333333333333333";
const factory = "0x4444444444444444444444444444444444444444";
const hash = (digit: string) => `0x${digit.repeat(64)}`;

describe("migration 0046_outgoing_transactions", () => {
  it("moves every withdrawal's and sweep's transaction into one table, naming its subject", async () => {
    const { db } = database;
    const { userId } = await seedMerchant(db, { email: "before@example.com", password: "Before7Pass" });
    const { applicationId, appCode } = await seedApplication(db, { userId });
    await seedDepositAddress(db, { userId, applicationId, appCode, endUserId: "u1", chainId: 31337, factory });
    const at = new Date("2026-11-01T10:00:00Z");
    const { rows: withdrawal } = await sql<{ id: string }>`
        insert into withdrawals (merchant_id, request_hash, chain_id, token, to_address, amount, fee, status,
          created_at, updated_at, from_address, nonce)
        values (${userId}, ${"ab".repeat(32)}, 31337, ${token}, ${gasPayer}, 20, 1, 'broadcast', ${at}, ${at},
          ${treasury}, 7)
        returning id`.execute(db);
    const withdrawalId = withdrawal[0]!.id;
    for (const [digit, fee, broadcast] of [
      ["a", 100, at],
      ["b", 111, null],
    ] as const)
      await sql`
          insert into withdrawal_transactions (withdrawal_id, chain_id, from_address, nonce, raw_tx, tx_hash,
            max_fee_per_gas, max_priority_fee_per_gas, signed_at, broadcast_at)
          values (${withdrawalId}, 31337, ${treasury}, 7, ${`0x02${digit.repeat(8)}`}, ${hash(digit)}, ${fee},
            ${fee / 10}, ${at}, ${broadcast})`.execute(db);
    const depositAddressId = (await db.selectFrom("deposit_addresses").select("id").executeTakeFirstOrThrow()).id;
    const { rows: sweeps } = await sql<{ id: string }>`
        insert into collections (chain_id, token, deposit_address_id, delivery_address, gas_payer, status, tx_hash,
          error, created_at)
        values (31337, ${token}, ${depositAddressId}, ${treasury}, ${gasPayer}, 'failed', null, 'no gas', ${at}),
          (31337, ${token}, ${depositAddressId}, ${treasury}, ${gasPayer}, 'sent', ${hash("c")}, null, ${at})
        returning id`.execute(db);

    await migrateToLatest(db);

    const moved = await db.selectFrom("outgoing_transactions").selectAll().orderBy("id").execute();
    expect(moved).toEqual([
      expect.objectContaining({
        subject_kind: "withdrawal",
        withdrawal_id: withdrawalId,
        collection_id: null,
        from_address: treasury,
        nonce: "7",
        tx_hash: hash("a"),
        raw_tx: "0x02aaaaaaaa",
        max_fee_per_gas: "100",
        replaced_by: moved[1]!.id,
        broadcast_at: at,
      }),
      expect.objectContaining({
        withdrawal_id: withdrawalId,
        tx_hash: hash("b"),
        replaced_by: null,
        broadcast_at: null,
      }),
      expect.objectContaining({
        subject_kind: "sweep",
        withdrawal_id: null,
        collection_id: sweeps[1]!.id,
        from_address: gasPayer,
        nonce: null,
        tx_hash: hash("c"),
        raw_tx: null,
        max_fee_per_gas: null,
        signed_at: at,
      }),
    ]);
    const { rows: left } = await sql<{ name: string | null }>`
        select to_regclass('withdrawal_transactions')::text as name`.execute(db);
    expect(left).toEqual([{ name: null }]);
    const next = await db
      .insertInto("outgoing_transactions")
      .values({
        subject_kind: "sweep",
        collection_id: sweeps[0]!.id,
        chain_id: 31337,
        from_address: gasPayer,
        tx_hash: hash("d"),
        signed_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(BigInt(next.id)).toBeGreaterThan(BigInt(moved[2]!.id));
  });

  it("refuses a row whose kind and subject disagree, and a withdrawal's transaction without its bytes", async () => {
    const { db } = database;
    const sweep = await db.selectFrom("collections").select("id").executeTakeFirstOrThrow();
    const row = { chain_id: 31337, from_address: gasPayer, signed_at: new Date() };
    await expect(
      db
        .insertInto("outgoing_transactions")
        .values({ ...row, subject_kind: "withdrawal", collection_id: sweep.id, tx_hash: hash("e") })
        .execute(),
    ).rejects.toThrow(/outgoing_transactions_one_subject/);
    const withdrawal = await db.selectFrom("withdrawals").select("id").executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto("outgoing_transactions")
        .values({ ...row, subject_kind: "withdrawal", withdrawal_id: withdrawal.id, tx_hash: hash("f") })
        .execute(),
    ).rejects.toThrow(/outgoing_transactions_withdrawals_signed_here/);
  });
});
