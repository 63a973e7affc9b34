import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { order as orderSchema, orderDetail as orderDetailSchema } from "../../contracts/schemas/orders.ts";
import { subscriptionResult } from "../../contracts/schemas/subscription.ts";
import { ledgerViolations } from "../domain/payments/reconcile.ts";
import { addTerm } from "../domain/payments/packages.ts";
import { proratedCredit } from "../domain/payments/upgrade-credit.ts";
import { toAtto } from "../../contracts/money.ts";
import {
  call,
  createHarness,
  type Harness,
  type Merchant,
  reset,
  rowCounts,
  signedInMerchant,
} from "../testing/harness.ts";
import { seedBalance, seedPackageId, seedPaidOrder } from "../testing/seed.ts";

// Upgrading keeps what was paid: the credit of an upgrade, prorated by time, on the order, in the books and
// once. The racing calls run side by side in PostgreSQL's pool, where this file runs in npm test.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(async () => {
  await reset(h);
  // The figures are exact: the server's clock stands still while a test runs.
  h.clock.freeze();
});

const day = 86_400_000;

async function create(m: Merchant, code: string) {
  const { packageId } = await seedPackageId(h.db, code);
  return call(h, "orderCreate", { token: m.token, body: { packageId } });
}

async function created(m: Merchant, code: string) {
  const answer = await create(m, code);
  expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
  return orderSchema.parse(answer.resData);
}

const payFromBalance = (m: Merchant, orderCode: string) =>
  call(h, "orderPayFromBalance", { token: m.token, body: { orderCode } });

const subscription = async (m: Merchant) =>
  subscriptionResult.parse((await call(h, "subscription", { token: m.token })).resData);

/** A paid Basic (29 USDT) whose run started 20 days ago and ends in 10: a third of it is left. */
async function basicWithTenDaysLeft(m: Merchant) {
  const now = h.clock.now().getTime();
  const paid = await seedPaidOrder(h.db, {
    userId: m.userId,
    packageCode: "basic",
    product: "Devnet",
    paidAt: new Date(now - 20 * day),
  });
  await h.db
    .updateTable("subscriptions")
    .set({ started_at: new Date(now - 20 * day), expires_at: new Date(now + 10 * day) })
    .where("merchant_id", "=", m.userId)
    .execute();
  return paid;
}

const journals = (kind: "upgradeCredit") =>
  h.db
    .selectFrom("ledger_journals as j")
    .innerJoin("ledger_lines as l", "l.journal_id", "j.id")
    .innerJoin("ledger_accounts as a", "a.id", "l.account_id")
    .select(["j.id", "a.kind", "l.amount"])
    .where("j.kind", "=", kind)
    .orderBy("l.id")
    .execute();

describe("the prorated credit", () => {
  it("is price × time left / run, rounded down to 6 decimals, and nothing for a run over or free", () => {
    const start = new Date(0);
    const end = new Date(30 * day);
    expect(proratedCredit(toAtto("29"), start, end, new Date(20 * day))).toBe(toAtto("9.666666"));
    expect(proratedCredit(toAtto("79"), start, end, start)).toBe(toAtto("79"));
    expect(proratedCredit(toAtto("0.000001"), start, end, new Date(day))).toBe(0n);
    expect(proratedCredit(toAtto("29"), start, end, end)).toBe(0n);
    expect(proratedCredit(0n, start, end, new Date(day))).toBe(0n);
  });
});

describe("upgrading while a paid package runs", () => {
  it("credits the unused third of Basic on Pro's order, books it, starts Pro now and ends Basic", async () => {
    const m = await signedInMerchant(h);
    await basicWithTenDaysLeft(m);
    const upgrade = await created(m, "pro");
    expect(upgrade).toMatchObject({
      upgrade: "replace",
      price: "79",
      credit: "9.666666",
      amount: "69.333334",
      remaining: "69.333334",
    });
    await seedBalance(h.db, { userId: m.userId, amount: "100" });
    const paid = await payFromBalance(m, upgrade.orderCode);
    expect(paid.resData).toMatchObject({ status: "paid", payType: "balance", price: "79", credit: "9.666666" });
    const sub = await subscription(m);
    expect(sub.package?.code).toBe("pro");
    expect(sub.expiresAt).toBe(addTerm(h.clock.now(), "quarter", 1).toISOString());
    // The merchant paid what was left; revenue gave back the credit and took Pro's price.
    const balance = await call(h, "balance", { token: m.token });
    expect(balance.resData).toMatchObject({ balance: "30.666666" });
    expect((await journals("upgradeCredit")).map((l) => [l.kind, l.amount])).toEqual([
      ["revenue", "-9.666666000000000000"],
      ["order", "9.666666000000000000"],
    ]);
    const revenue = await h.db
      .selectFrom("ledger_accounts")
      .select("balance")
      .where("kind", "=", "revenue")
      .executeTakeFirstOrThrow();
    expect(toAtto(revenue.balance)).toBe(toAtto("29") + toAtto("69.333334"));
    expect(await ledgerViolations(h.db)).toEqual([]);
    const detail = orderDetailSchema.parse(
      (await call(h, "orderDetail", { token: m.token, body: { orderCode: upgrade.orderCode } })).resData,
    );
    expect(detail).toMatchObject({ price: "79", credit: "9.666666", amount: "69.333334", fromBalance: "69.333334" });
    // The next upgrade credits Pro's run, all of it still unused at this instant: its whole price.
    expect(await created(m, "enterprise")).toMatchObject({ credit: "79", amount: "920" });
  });

  it("two upgrades at once credit once: one order, and paying it three times at once books one credit", async () => {
    const m = await signedInMerchant(h);
    await basicWithTenDaysLeft(m);
    const { packageId } = await seedPackageId(h.db, "pro");
    const answers = await Promise.all(
      [1, 2].map(() => call(h, "orderCreate", { token: m.token, body: { packageId } })),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.find((a) => !a.success)?.errCode).toBe(errCodes.orderOpenExists);
    const upgrade = orderSchema.parse(answers.find((a) => a.success)?.resData);
    await seedBalance(h.db, { userId: m.userId, amount: "100" });
    const paid = await Promise.all([1, 2, 3].map(() => payFromBalance(m, upgrade.orderCode)));
    expect(paid.filter((a) => a.success)).toHaveLength(1);
    expect(await journals("upgradeCredit")).toHaveLength(2);
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it("the database takes one live or paid order per credited run: a second one naming it is refused", async () => {
    const m = await signedInMerchant(h);
    const basic = await basicWithTenDaysLeft(m);
    const upgrade = await created(m, "pro");
    await call(h, "orderCancel", { token: m.token, body: { orderCode: upgrade.orderCode } });
    // Cancelled, it credits nothing: the next upgrade credits the same run again.
    const again = await created(m, "pro");
    expect(again.credit).toBe("9.666666");
    const row = await h.db
      .selectFrom("orders")
      .select(["credit_order_id", "package_id", "merchant_id"])
      .where("order_code", "=", again.orderCode)
      .executeTakeFirstOrThrow();
    expect(row.credit_order_id).toBe(basic.orderId);
    await h.db
      .updateTable("orders")
      .set({ status: "paid", paid_at: new Date(), pay_type: "chain", closed_at: new Date() })
      .where("order_code", "=", again.orderCode)
      .execute();
    await expect(
      h.db
        .insertInto("orders")
        .values({
          order_code: "2026010100000099",
          merchant_id: row.merchant_id,
          package_id: row.package_id,
          amount: "1",
          credit: "9.666666",
          credit_order_id: basic.orderId,
          upgrade: "replace",
          status: "pending",
          created_at: new Date(),
          expires_at: new Date(),
          paid_at: null,
          pay_type: null,
          finish_pressed_at: null,
          closed_at: null,
          package_expires_at: null,
        })
        .execute(),
    ).rejects.toThrow(/orders_credit_once/);
  });
});

describe("what is not an upgrade", () => {
  it("the same package extends from its expiry at its full price; a lower one while a higher runs is refused (2210)", async () => {
    const m = await signedInMerchant(h);
    await seedPaidOrder(h.db, { userId: m.userId, packageCode: "pro", product: "Devnet" });
    expect(await created(m, "pro")).toMatchObject({ upgrade: "extend", price: "79", credit: "0", amount: "79" });
    const open = await h.db
      .selectFrom("orders")
      .select("order_code")
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    await call(h, "orderCancel", { token: m.token, body: { orderCode: open.order_code } });
    const counts = await rowCounts(h.db);
    expect(await create(m, "basic")).toMatchObject({ success: false, errCode: errCodes.packageDowngrade });
    expect(await rowCounts(h.db)).toEqual(counts);
  });

  it("a free trial gives no credit; an ended package neither", async () => {
    const m = await signedInMerchant(h);
    await created(m, "trial");
    expect(await created(m, "basic")).toMatchObject({ upgrade: "replace", price: "29", credit: "0", amount: "29" });
    const n = await signedInMerchant(h, "ended@example.com");
    await seedPaidOrder(h.db, { userId: n.userId, packageCode: "basic", product: "Devnet", paidAt: new Date(0) });
    expect(await created(n, "pro")).toMatchObject({ upgrade: "new", credit: "0", amount: "79" });
  });
});
