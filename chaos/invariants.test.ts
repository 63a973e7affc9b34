import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetChainTables } from "../server/chain/test-chain.ts";
import type { DB } from "../server/db/schema.ts";
import { resetDatabase, seedConfirmedTransfer, seedPaidOrder } from "../server/testing/seed.ts";
import { createTestDatabase } from "../server/testing/test-database.ts";
import { invariantViolations, receivedAllAccounted } from "./invariants.ts";

/**
 * The invariants on the states the chaos harness meets, without the harness: a paid order's transfer taken by a
 * reorganisation and back again, restored as today's code does it and credited again as issue 24's finding 1 did.
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

/** A merchant whose basic order (29) was paid by one transfer of 30 to their address; the excess 1 on the balance. */
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
  const { orderId } = await seedPaidOrder(db, { userId, packageCode: "basic", product: "Devnet" });
  // seedPaidOrder's transfer went elsewhere with 29; this one is ours: 30, counted for the order, 1 of it the excess.
  await db.deleteFrom("order_transfers").where("order_id", "=", orderId).execute();
  const { transferId } = await seedConfirmedTransfer(db, { baseUnits: 30_000_000n, to: address });
  await db
    .insertInto("order_transfers")
    .values({
      transfer_id: transferId,
      order_id: orderId,
      merchant_id: userId,
      product: "Devnet",
      amount: "30",
      required: 2,
      counted: true,
    })
    .execute();
  const entry = (kind: "excess" | "reorg" | "orderClosed" | "orderPayment", amount: string, epoch: number) =>
    db
      .insertInto("balance_entries")
      .values({
        merchant_id: userId,
        kind,
        amount,
        order_id: orderId,
        transfer_id: kind === "orderPayment" ? null : transferId,
        epoch,
        created_at: new Date(),
      })
      .execute();
  await entry("excess", "1", 0);
  return { userId, orderId, transferId, entry };
}

describe("the chaos harness's invariants", () => {
  it("hold for a paid order whose excess went to the balance, and for its transfer removed and restored", async () => {
    const { transferId, entry } = await paidWithExcess();
    expect(await invariantViolations(db, options)).toEqual([]);
    expect(await receivedAllAccounted(db, options)).toEqual([]);
    // Removed by a reorganisation: the excess taken back; the paid order keeps what it consumed.
    await entry("reorg", "-1", 0);
    await db.updateTable("chain_transfers").set({ status: "removed" }).where("id", "=", transferId).execute();
    expect(await invariantViolations(db, options)).toEqual([]);
    // Seen again, not yet confirmed: on its way back.
    await db.updateTable("chain_transfers").set({ status: "seen" }).where("id", "=", transferId).execute();
    expect(await invariantViolations(db, options)).toEqual([]);
    // Confirmed again: today's code restores what the removal took, no more.
    await entry("excess", "1", 1);
    await db.updateTable("chain_transfers").set({ status: "confirmed" }).where("id", "=", transferId).execute();
    expect(await invariantViolations(db, options)).toEqual([]);
  });

  it("catch finding 1: the transfer back after a removal credited whole as orderClosed while its order stays paid", async () => {
    const { userId, transferId, entry } = await paidWithExcess();
    await entry("reorg", "-1", 0);
    await entry("orderClosed", "30", 1);
    await db
      .updateTable("order_transfers")
      .set({ counted: false, to_balance: true })
      .where("transfer_id", "=", transferId)
      .execute();
    const found = await invariantViolations(db, options);
    expect(found).toContain(
      `creditedAtMostOnce: merchant ${userId}: orders and balance took 59.000000000000000000 USDT of transfers, more than the 30.000000 USDT received`,
    );
    expect(found.some((v) => v.startsWith("paidOrdersCovered: order "))).toBe(true);
  });

  it("catch a negative balance: an excess spent, then taken back by a reorganisation", async () => {
    const { userId, entry } = await paidWithExcess();
    await entry("orderPayment", "-1", 0);
    await entry("reorg", "-1", 0);
    expect(await invariantViolations(db, options)).toContain(
      `noNegativeBalance: merchant ${userId}: balance -1.000000000000000000 USDT is negative`,
    );
  });
});
