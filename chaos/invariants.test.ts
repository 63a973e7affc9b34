import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetChainTables } from "../server/chain/test-chain.ts";
import type { DB } from "../server/db/schema.ts";
import { resetDatabase, seedBalance, seedConfirmedTransfer, seedPaidOrder } from "../server/testing/seed.ts";
import { createTestDatabase } from "../server/testing/test-database.ts";
import { invariantViolations, receivedAllAccounted } from "./invariants.ts";

/**
 * The invariants on states the chaos harness meets, without the harness: a paid order and an excess on the ledger,
 * then what a broken watcher would leave (a credit held by a transfer the chain took back, a payment never credited).
 * States the database itself refuses (an unbalanced journal, a negative balance, a transfer credited twice) are proven
 * refused in server/domain/payments/ledger.test.ts.
 */
let db: Kysely<DB>;
let close: () => Promise<void>;
const options = { decimals: 6 };
const address = `0x${"ab".repeat(20)}`;

beforeAll(async () => {
  const opened = await createTestDatabase();
  db = opened.db;
  close = opened.close;
});
afterAll(() => close());

/** A merchant whose basic order (29) was paid by a transfer to their address, and 1 more on the balance. */
async function paidWithExcess() {
  await resetDatabase(db);
  await resetChainTables(db);
  // No password is ever checked here: a placeholder hash spares argon2's cost.
  const { id: userId } = await db
    .insertInto("merchants")
    .values({ email: "chaos@example.com", password_hash: "-", nick_name: "chaos", created_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("receiving_addresses").values({ address_index: 0, address, merchant_id: userId }).execute();
  const { txHash } = await seedPaidOrder(db, { userId, packageCode: "basic", product: "Devnet" });
  await seedBalance(db, { userId, amount: "1" });
  await db.updateTable("chain_transfers").set({ to_address: address }).execute();
  return { userId, txHash };
}

describe("the chaos harness's invariants", () => {
  it("hold for a paid order and an excess on the balance, all received", async () => {
    await paidWithExcess();
    expect(await invariantViolations(db, options)).toEqual([]);
    expect(await receivedAllAccounted(db, options)).toEqual([]);
  });

  it("catch a credit held by a transfer the chain took back (the shape of finding 1)", async () => {
    const { userId, txHash } = await paidWithExcess();
    await db.updateTable("chain_transfers").set({ status: "removed" }).where("tx_hash", "=", txHash).execute();
    const found = await invariantViolations(db, options);
    expect(found).toContain(
      `creditedAtMostOnce: merchant ${userId}: 30.000000000000000000 USDT credited from transfers, more than the 1.000000 USDT received`,
    );
    expect(found).toContain(
      `creditedAtMostOnce: transfer ${txHash} is removed but still holds 29.000000000000000000 USDT of credit`,
    );
    expect(found.some((v) => v.startsWith("ledgerClean: "))).toBe(true);
    expect(found.some((v) => v.startsWith("reconcileClean: "))).toBe(true);
  });

  it("catch a confirmed payment the ledger never credited (a payment lost)", async () => {
    const { userId } = await paidWithExcess();
    await seedConfirmedTransfer(db, { baseUnits: 5_000_000n, to: address });
    expect(await receivedAllAccounted(db, options)).toEqual([
      `merchant ${userId}: received 35.000000 USDT, but the ledger credited 30.000000000000000000 for it`,
    ]);
    expect((await invariantViolations(db, options)).some((v) => v.startsWith("reconcileClean: "))).toBe(true);
  });
});
