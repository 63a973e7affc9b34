import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { resetDatabase, seedApplication, seedBill, seedMerchant } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { refreshReceipts } from "../../testing/seeded-receipts.ts";
import { mainChainQuery, receiptsByDayQuery } from "./console-overview.ts";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(() => resetDatabase(database.db));

const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
const from = new Date("2026-03-01T00:00:00.000Z");
const until = new Date("2026-04-01T00:00:00.000Z");

/** What migration 0041's tables say of the merchant: its days of March and what is still on chain. */
async function kept(merchantId: string) {
  const days = await receiptsByDayQuery(database.db, merchantId, from, until).orderBy("day").execute();
  const onChain = await mainChainQuery(database.db, merchantId).executeTakeFirst();
  return {
    days: days.filter((d) => d.count !== "0").map((d) => `${d.day} ${Number(d.amount)} ×${d.count}`),
    onChain: Number(onChain?.amount ?? 0),
  };
}

/** The same, summed from the bills themselves, as the home read them before migration 0041. */
async function summed(merchantId: string) {
  const { rows } = await sql<{ day: string; amount: string; count: string }>`
    select to_char(seen_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(amount) as amount, count(*)::text as count
    from application_bills where merchant_id = ${merchantId} and status = 'credited' and application_id is not null
      and seen_at >= ${from} and seen_at < ${until}
    group by 1 order by 1`.execute(database.db);
  const { rows: chain } = await sql<{ amount: string | null }>`
    select sum(amount) as amount from application_bills
    where merchant_id = ${merchantId} and status = 'credited' and application_id is not null
      and collection_amount is null`.execute(database.db);
  return {
    days: rows.map((d) => `${d.day} ${Number(d.amount)} ×${d.count}`),
    onChain: Number(chain[0]?.amount ?? 0),
  };
}

describe("the console home's kept receipts (migration 0041)", () => {
  it("follow every change of a merchant's bills: credited, reversed, collected, a collection cleared, a recharge", async () => {
    const { userId } = await seedMerchant(database.db, { email: "home@example.com", password: "Merchant7Pass" });
    const other = await seedMerchant(database.db, { email: "other@example.com", password: "Merchant7Pass" });
    const { appCode } = await seedApplication(database.db, { userId });
    const otherApp = await seedApplication(database.db, { userId: other.userId });
    const bill = (amount: string, seenAt: Date, status: "credited" | "confirming" = "credited") =>
      seedBill(database.db, { userId, appCode, amount, seenAt, status });
    const a = await bill("10.5", day("2026-03-02"));
    await bill("4.25", day("2026-03-02"));
    const c = await bill("7", day("2026-03-20"), "confirming");
    await seedBill(database.db, {
      userId: other.userId,
      appCode: otherApp.appCode,
      amount: "99",
      seenAt: day("2026-03-02"),
    });
    expect(await kept(userId)).toEqual({ days: ["2026-03-02 14.75 ×2"], onChain: 14.75 });
    expect(await kept(userId)).toEqual(await summed(userId));

    const set = (billNo: string, values: Record<string, unknown>) =>
      database.db.updateTable("application_bills").set(values).where("bill_no", "=", billNo).execute();
    await set(c.billNo, { status: "credited", credited_at: new Date() });
    await set(a.billNo, { collection_amount: "10.5" });
    expect(await kept(userId)).toEqual({ days: ["2026-03-02 14.75 ×2", "2026-03-20 7 ×1"], onChain: 11.25 });
    // A sweep that failed clears its amount; a reorganisation takes a credited bill back.
    await set(a.billNo, { collection_amount: null });
    await set(c.billNo, { status: "reversed", removed_at: new Date() });
    expect(await kept(userId)).toEqual({ days: ["2026-03-02 14.75 ×2"], onChain: 14.75 });
    // A transfer to the merchant's own payment address is a recharge: in no application's bills, no receipt.
    await set(a.billNo, { application_id: null });
    expect(await kept(userId)).toEqual({ days: ["2026-03-02 4.25 ×1"], onChain: 4.25 });
    expect(await kept(userId)).toEqual(await summed(userId));
    expect(await kept(other.userId)).toEqual({ days: ["2026-03-02 99 ×1"], onChain: 99 });
  });

  it("are set again from the bills for a load written with the triggers off (the lists' seed)", async () => {
    const { userId } = await seedMerchant(database.db, { email: "seeded@example.com", password: "Merchant7Pass" });
    const { appCode } = await seedApplication(database.db, { userId });
    await seedBill(database.db, { userId, appCode, amount: "3", seenAt: day("2026-03-05") });
    await database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable("application_bills").set({ amount: "30" }).where("merchant_id", "=", userId).execute();
    });
    expect((await kept(userId)).onChain).toBe(3);
    await refreshReceipts(database.db, [userId]);
    expect(await kept(userId)).toEqual({ days: ["2026-03-05 30 ×1"], onChain: 30 });
    expect(await kept(userId)).toEqual(await summed(userId));
  });
});
