import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { rechargeListResult } from "../../contracts/schemas/recharges.ts";
import type { DB } from "../db/schema.ts";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";
import {
  closeOrderFunds,
  receiveDeposit,
  receiveForOrder,
  receiveToBalance,
  restoreTransfer,
  reverseTransfer,
  settlePaidOrder,
  type TransferReceipt,
} from "../domain/payments/balance.ts";
import { rechargeExportTable } from "../../contracts/exports/recharges.ts";
import { labelledRowOf } from "../testing/csv-rows.ts";
import { call, createHarness, type Harness, type Merchant, reset, signedInMerchant } from "../testing/harness.ts";
import { seedConfirmedTransfer, seedOpenOrder, seedToken } from "../testing/seed.ts";
import { stubChainLayer } from "../testing/stub-chain.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ chain: stubChainLayer() });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const listener = systemScope("test");
const token = { chainId: 31337, address: seedToken, decimals: 6 };
const tx = <T>(work: (trx: Kysely<DB>) => Promise<T>) => h.db.transaction().execute(work);

/** A confirmed transfer of `units` USDT (6 decimals) to `to`, as the listener hands it to the ledger. */
async function transfer(to: string, units: bigint, at = new Date()): Promise<TransferReceipt & { txHash: string }> {
  const { transferId, txHash } = await seedConfirmedTransfer(h.db, { baseUnits: units * 1_000_000n, to });
  return { transferId, txHash, token, amount: units * 10n ** 18n, now: at };
}

/** The order leaves the open states, as the order's own calls would close it. */
const closeOrder = (orderId: string, status: "paid" | "cancelled" | "failed") => {
  const at = new Date();
  const paid = status === "paid" ? { paid_at: at, pay_type: "chain" as const } : {};
  return h.db
    .updateTable("orders")
    .set({ status, closed_at: at, ...paid })
    .where("id", "=", orderId)
    .execute();
};

const paymentAddress = async (m: Merchant) =>
  (await call(h, "userWallet", { token: m.token, params: { product: "Devnet" } })).resData.address as string;

const list = async (m: Merchant, body: Record<string, unknown> = {}) => {
  const answer = await call(h, "rechargeList", { token: m.token, body });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true });
  return rechargeListResult.parse(answer.resData);
};

/** The four ways a transfer reaches the balance, through the ledger's own calls, a second apart; and a deposit. */
async function creditedFourWays(m: Merchant) {
  const scope = actFor(listener, m.userId);
  const address = await paymentAddress(m);
  const second = (n: number) => new Date(Date.UTC(2026, 10, 20, 12, 0, n));
  const unmatched = await transfer(address, 3n, second(1));
  await tx((trx) => receiveToBalance(trx, scope, "unmatched", null, unmatched));
  const lateOrder = await seedOpenOrder(h.db, { userId: m.userId, packageCode: "basic" });
  const late = await transfer(address, 5n, second(2));
  await closeOrder(lateOrder.orderId, "failed");
  await tx((trx) => receiveToBalance(trx, scope, "late", lateOrder.orderId, late));
  const paid = await seedOpenOrder(h.db, { userId: m.userId, packageCode: "basic" });
  const price = await h.db
    .selectFrom("orders")
    .select("amount")
    .where("id", "=", paid.orderId)
    .executeTakeFirstOrThrow();
  const overpaid = await transfer(address, BigInt(Math.ceil(Number(price.amount))) + 7n, second(3));
  await tx(async (trx) => {
    await receiveForOrder(trx, paid.orderId, overpaid);
    await settlePaidOrder(trx, scope, { id: paid.orderId, amount: price.amount }, overpaid.transferId, overpaid.now);
  });
  await closeOrder(paid.orderId, "paid");
  const closed = await seedOpenOrder(h.db, { userId: m.userId, packageCode: "basic" });
  const partly = await transfer(address, 2n, second(4));
  await tx(async (trx) => {
    await receiveForOrder(trx, closed.orderId, partly);
    await closeOrderFunds(
      trx,
      scope,
      closed.orderId,
      [{ transferId: partly.transferId, amount: partly.amount }],
      second(4),
    );
  });
  await closeOrder(closed.orderId, "cancelled");
  const deposit = await transfer(`0x${"33".repeat(20)}`, 11n, second(5));
  await tx((trx) => receiveDeposit(trx, scope, deposit));
  return { address, unmatched, late, overpaid, partly, lateOrder, paid, closed, excess: overpaid.amount };
}

describe("RechargeBill/List and Export", () => {
  it("lists every credit of the balance by a transfer that is not an application deposit, newest first, with why, its order and its transaction", async () => {
    const m = await signedInMerchant(h);
    const made = await creditedFourWays(m);
    const page = await list(m);
    expect(page).toMatchObject({ total: 4, totalCapped: false, nextCursor: null, previousCursor: null });
    expect(page.items.map((r) => [r.reason, r.amount, r.orderCode, r.txHash, r.status])).toEqual([
      ["orderClosed", "2", made.closed.orderCode, made.partly.txHash, "credited"],
      ["excess", "7", made.paid.orderCode, made.overpaid.txHash, "credited"],
      ["late", "5", made.lateOrder.orderCode, made.late.txHash, "credited"],
      ["unmatched", "3", null, made.unmatched.txHash, "credited"],
    ]);
    expect(page.items[3]).toMatchObject({
      paymentAddress: made.address,
      fromAddress: `0x${"22".repeat(20)}`,
      chain: "Devnet",
      chainId: 31337,
      currency: "USDT",
      tokenContract: seedToken,
      deliveryAddress: null,
      payTime: "2026-11-20T12:00:01.000Z",
    });
    expect(page.items[0]!.billNo).toMatch(/^20261120\d{10}$/);
    expect(new Set(page.items.map((r) => r.billNo)).size).toBe(4);
  });

  it("filters by reason, time and transaction (any case), pages by cursor, and exports exactly what it lists", async () => {
    const m = await signedInMerchant(h);
    const made = await creditedFourWays(m);
    expect((await list(m, { reason: "late" })).items.map((r) => r.txHash)).toEqual([made.late.txHash]);
    expect((await list(m, { txHash: made.overpaid.txHash.toUpperCase().replace("0X", "0x") })).items).toHaveLength(1);
    const between = await list(m, { startTime: "2026-11-20T12:00:02Z", endTime: "2026-11-20T12:00:03Z" });
    expect(between.items.map((r) => r.reason)).toEqual(["excess", "late"]);
    const first = await list(m, { pageSize: 3 });
    const second = await list(m, { pageSize: 3, cursor: first.nextCursor });
    expect(second.items.map((r) => r.reason)).toEqual(["unmatched"]);
    expect(second.total).toBeNull();
    const refused = await call(h, "rechargeList", {
      token: m.token,
      body: { reason: "late", cursor: first.nextCursor },
    });
    expect(refused).toMatchObject({ success: false, errCode: errCodes.listCursorInvalid });

    const file = await call(h, "rechargeExport", { token: m.token, body: { startTime: "2026-11-20T12:00:02Z" } });
    expect(file.headers["content-disposition"]).toMatch(
      /^attachment; filename="recharge-bills-\d{4}-\d{2}-\d{2}-filtered\.csv"$/,
    );
    const listed = await list(m, { startTime: "2026-11-20T12:00:02Z" });
    expect(listed.items).toHaveLength(3);
    // The console asks in English here (its Language header): the list's labels, each bill as the list reads it.
    expect(file.csv).toEqual(listed.items.map((bill) => labelledRowOf(rechargeExportTable, bill, "en-US")));
    const recharges = await call(h, "rechargeExport", { token: m.token, body: { reason: "unmatched" } });
    expect(recharges.csv?.map((row) => [row["Why credited"], row["Why credited (code)"], row.Currency])).toEqual([
      ["Recharge", "unmatched", "USDT"],
    ]);
  });

  it("says reversed while a reorganisation has taken the transfer away, and credited again once it is back", async () => {
    const m = await signedInMerchant(h);
    const made = await creditedFourWays(m);
    const statusOf = async () =>
      (await list(m, { reason: "unmatched" })).items.map((r) => [r.billNo.length, r.amount, r.status]);
    await tx((trx) => reverseTransfer(trx, listener, made.unmatched.transferId, null, new Date()));
    expect(await statusOf()).toEqual([[18, "3", "reversed"]]);
    await tx((trx) => restoreTransfer(trx, listener, made.unmatched.transferId, new Date()));
    expect(await statusOf()).toEqual([[18, "3", "credited"]]);
    expect((await list(m)).total).toBe(4);
  });
});
