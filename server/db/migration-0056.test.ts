import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { currencyRegistry } from "../chain/currency-registry.ts";
import { toWireBill, wireBillQuery } from "../domain/bills/bill-wire.ts";
import { seedApplication, seedBill, seedMerchant } from "../testing/seed.ts";
import { configuredChain } from "../testing/stub-chain.ts";
import { databaseUpTo } from "../testing/database-up-to.ts";
import { migrateToLatest } from "./migrations.ts";

/**
 * Migration 0056 on a database of the schema before it (0055): the bills' copies of their sweeps' hashes and the
 * withdrawals' gas fees go, and each bill shows the hash its sweep's rows of outgoing_transactions hold: the mined
 * one (a sweep's hash recorded twice has two rows), none while its sweep is on its way. Runs on PGlite and on
 * PostgreSQL: the migration runs on the engine a merchant upgrades, PGlite by default.
 */
const database = databaseUpTo("0055_drop_collection_tx_hash");

const treasury = "0x1111111111111111111111111111111111111111";
const gasPayer = "0x2222222222222222222222222222222222222222";
const token = "0x3333333333333333333333333333333333333333";
const hash = (digit: string) => `0x${digit.repeat(64)}`;

const columnsOf = async (table: string) =>
  (
    await sql<{ column_name: string }>`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}`.execute(database.db)
  ).rows.map((r) => r.column_name);

describe("migration 0056_one_outgoing_record", () => {
  it("drops the copies, and each bill shows its sweep's mined hash from outgoing_transactions", async () => {
    const { userId } = await seedMerchant(database.db, { email: "before56@example.com", password: "Before7Pass" });
    const { appCode } = await seedApplication(database.db, { userId });
    const at = new Date("2026-11-29T10:00:00Z");
    const billOf = async (endUserId: string) => {
      const { billNo } = await seedBill(database.db, { userId, appCode, endUserId, amount: "5" });
      const { rows } = await sql<{ id: string; deposit_address_id: string }>`
          select id, deposit_address_id from application_bills where bill_no = ${billNo}`.execute(database.db);
      return { billNo, ...rows[0]! };
    };
    const sweep = async (depositAddressId: string, status: string) => {
      const { rows } = await sql<{ id: string }>`
          insert into collections (chain_id, token, deposit_address_id, delivery_address, gas_payer, status, amount,
            gas_fee, block_number, block_hash, created_at)
          values (31337, ${token}, ${depositAddressId}, ${treasury}, ${gasPayer}, ${status},
            ${status === "confirmed" ? 5_000_000 : null}, ${status === "confirmed" ? 42_000 : null},
            ${status === "confirmed" ? 90 : null}, ${status === "confirmed" ? hash("b") : null}, ${at})
          returning id`.execute(database.db);
      return rows[0]!.id;
    };
    const recorded = (collectionId: string, digit: string, outcome: string | null, block: number | null) =>
      sql`insert into outgoing_transactions (subject_kind, collection_id, chain_id, from_address, tx_hash, signed_at,
            outcome, mined_block_number, mined_block_hash)
          values ('sweep', ${collectionId}, 31337, ${gasPayer}, ${hash(digit)}, ${at}, ${outcome}, ${block},
            ${block === null ? null : hash("b")})`.execute(database.db);
    const collected = (billId: string, collectionId: string, txHash: string | null) =>
      sql`update application_bills set collection_id = ${collectionId}, collection_tx_hash = ${txHash},
            collection_amount = ${txHash ? "5" : null}, transfer_amount = ${txHash ? "5" : null},
            delivery_address = ${txHash ? treasury : null}, collection_gas_fee = ${txHash ? 42_000 : null}
          where id = ${billId}`.execute(database.db);

    // Two rows of its sweep: the hash of the one mined, whichever came later.
    const twice = await billOf("twice");
    const twiceSweep = await sweep(twice.deposit_address_id, "confirmed");
    await recorded(twiceSweep, "c", "mined", 90);
    await recorded(twiceSweep, "d", "removed", null);
    await collected(twice.id, twiceSweep, hash("c"));
    // Sent and not confirmed yet: tied to its sweep, no collection shown.
    const onItsWay = await billOf("on-its-way");
    const onItsWaySweep = await sweep(onItsWay.deposit_address_id, "sent");
    await recorded(onItsWaySweep, "e", null, null);
    await collected(onItsWay.id, onItsWaySweep, null);
    const notSwept = await billOf("not-swept");
    const paid = await sql<{ id: string }>`
        insert into withdrawals (merchant_id, request_hash, chain_id, token, to_address, amount, fee, status, created_at,
          updated_at, from_address, nonce, tx_hash, block_number, gas_fee, finished_at)
        values (${userId}, ${"7".repeat(64)}, 31337, ${token}, ${treasury}, 20, 1, 'confirmed', ${at}, ${at}, ${gasPayer},
          7, ${hash("f")}, 91, 42000, ${at})
        returning id`.execute(database.db);

    await migrateToLatest(database.db);

    expect(await columnsOf("application_bills")).not.toContain("collection_tx_hash");
    expect(await columnsOf("withdrawals")).not.toContain("gas_fee");
    const currencies = currencyRegistry([configuredChain("Devnet", 31337)]);
    const wire = (await wireBillQuery(database.db, userId).orderBy("b.id").execute()).map((row) =>
      toWireBill(row, currencies),
    );
    expect(wire.map((b) => [b.billNo, b.collectionTxHash, b.collectionAmount])).toEqual([
      [twice.billNo, hash("c"), "5"],
      [onItsWay.billNo, null, null],
      [notSwept.billNo, null, null],
    ]);
    const withdrawal = await database.db
      .selectFrom("withdrawals")
      .selectAll()
      .where("id", "=", paid.rows[0]!.id)
      .executeTakeFirstOrThrow();
    expect(withdrawal).toMatchObject({ status: "confirmed", from_address: gasPayer, nonce: "7", tx_hash: hash("f") });
    expect(withdrawal.block_number).toBe("91");
  });
});
