import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { balanceResult } from "../../contracts/schemas/balance.ts";
import {
  order as orderSchema,
  orderDetail as orderDetailSchema,
  orderListResult,
} from "../../contracts/schemas/orders.ts";
import { packageListResult } from "../../contracts/schemas/packages.ts";
import { subscriptionResult } from "../../contracts/schemas/subscription.ts";
import { parseAmount } from "../../contracts/money.ts";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";
import { balanceText, receiveForOrder } from "../domain/payments/balance.ts";
import { addTerm } from "../domain/payments/packages.ts";
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
import { orderExportTable } from "../../contracts/exports/orders.ts";
import { labelledRowOf } from "../testing/csv-rows.ts";
import { seedBalance, seedConfirmedTransfer, seedOpenOrder, seedPackageId, seedPaidOrder } from "../testing/seed.ts";
import { type StubChainLayer, stubChainLayer } from "../testing/stub-chain.ts";
import { postgresRunCovers } from "../testing/test-database.ts";

// Runs on PGlite and on PostgreSQL: its racing calls queue on PGlite's one connection and run side by side in PostgreSQL's pool (scripts/database-tests.ts). The other describes take no such path: once, on PostgreSQL, in npm test.

let h: Harness;
let chain: StubChainLayer;
beforeAll(async () => {
  chain = stubChainLayer();
  h = await createHarness({ chain });
});
afterAll(() => h?.close());
beforeEach(async () => {
  await reset(h);
  chain.devPayments.length = 0;
});

const packageId = async (code: string) => (await seedPackageId(h.db, code)).packageId;

async function create(m: Merchant, code: string) {
  return call(h, "orderCreate", { token: m.token, body: { packageId: await packageId(code) } });
}

async function created(m: Merchant, code: string) {
  const answer = await create(m, code);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true, errCode: "0" });
  return orderSchema.parse(answer.resData);
}

const detail = async (m: Merchant, orderCode: string) => {
  const answer = await call(h, "orderDetail", { token: m.token, body: { orderCode } });
  expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
  return orderDetailSchema.parse(answer.resData);
};

const list = async (m: Merchant, body: object = {}) => {
  const answer = await call(h, "orderList", { token: m.token, body });
  expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
  return orderListResult.parse(answer.resData);
};

const subscription = async (m: Merchant) =>
  subscriptionResult.parse((await call(h, "subscription", { token: m.token })).resData);
const balance = async (m: Merchant) => balanceResult.parse((await call(h, "balance", { token: m.token })).resData);

/** Links a confirmed (counted) or still-confirming transfer of `amount` USDT (6 decimals) to the order, as the listener would. */
/** Moves the clock past a 30-minute payment window in steps, with a request in between, so the session stays alive. */
async function pastTheWindow(m: Merchant) {
  for (let i = 0; i < 2; i++) {
    h.clock.advance(16 * 60);
    expect((await call(h, "lastLogin", { token: m.token })).status).toBe(200);
  }
}

async function attach(orderCode: string, amount: string, state: "counted" | "seen") {
  const order = await h.db
    .selectFrom("orders")
    .select(["id", "merchant_id"])
    .where("order_code", "=", orderCode)
    .executeTakeFirstOrThrow();
  const { transferId } = await seedConfirmedTransfer(h.db, { baseUnits: parseAmount(amount, 6) });
  if (state === "seen")
    await h.db
      .updateTable("chain_transfers")
      .set({ status: "seen", confirmed_at: null, confirmations: 1 })
      .where("id", "=", transferId)
      .execute();
  await h.db
    .insertInto("order_transfers")
    .values({
      transfer_id: transferId,
      order_id: order.id,
      merchant_id: order.merchant_id,
      product: "Devnet",
      amount,
      required: 2,
      counted: state === "counted",
    })
    .execute();
  await h.db.updateTable("orders").set({ status: "waiting" }).where("id", "=", order.id).execute();
  if (state === "counted") await receiveIt(transferId, order.id, amount);
  return transferId;
}

/** Its money into the order's account, as the listener posts it when the transfer confirms for an open order. */
function receiveIt(transferId: string, orderId: string, amount: string) {
  const token = { chainId: 31337, address: `0x${"11".repeat(20)}`, decimals: 6 };
  return h.db
    .transaction()
    .execute((trx) => receiveForOrder(trx, orderId, { transferId, token, amount: toAtto(amount), now: new Date() }));
}

/** A seen transfer of the order confirms and counts (what the listener does). */
async function confirmAndCount(transferId: string) {
  await h.db.updateTable("chain_transfers").set({ status: "confirmed" }).where("id", "=", transferId).execute();
  const link = await h.db
    .updateTable("order_transfers")
    .set({ counted: true })
    .where("transfer_id", "=", transferId)
    .returning(["order_id", "amount"])
    .executeTakeFirstOrThrow();
  await receiveIt(transferId, link.order_id, link.amount);
}

describe.skipIf(postgresRunCovers)("Package/List and Package/Current", () => {
  it("answers the four packages of the catalogue, in order, with exact prices and terms", async () => {
    const m = await signedInMerchant(h);
    const answer = await call(h, "packageList", { token: m.token });
    const packages = packageListResult.parse(answer.resData);
    expect(packages.map((p) => [p.code, p.kind, p.price, p.termUnit, p.termCount, p.termMonths])).toEqual([
      ["trial", "trial", "0", "day", 7, 0],
      ["basic", "standard", "29", "month", 1, 1],
      ["pro", "standard", "79", "quarter", 1, 3],
      ["enterprise", "enterprise", "999", "year", 1, 12],
    ]);
    expect(packages[1]!.limits).toEqual({ wallets: 3, currencies: 5, applications: 3 });
    expect(packages[3]!.limits).toEqual({ wallets: null, currencies: null, applications: null });
    expect(packages.every((p) => /^\d+$/.test(p.id))).toBe(true);
  });

  it("a new merchant has no package, the trial left, and nothing in use", async () => {
    const m = await signedInMerchant(h);
    expect(await subscription(m)).toMatchObject({
      package: null,
      expiresAt: null,
      active: false,
      trialAvailable: true,
      usage: { wallets: 0, currencies: 0, applications: 0 },
    });
  });

  it("paying for a package sets up no wallet and no currency: the pay dialog only reads where to pay (issue 26)", async () => {
    const m = await signedInMerchant(h);
    await created(m, "basic");
    // What the pay dialog asks for the chain it pays on, and again after choosing another.
    expect(await call(h, "userWallet", { token: m.token, params: { product: "Devnet" }, body: {} })).toMatchObject({
      success: true,
    });
    await call(h, "userWallet", { token: m.token, params: { product: "eth" }, body: { currency: "usdt" } });
    expect((await subscription(m)).usage).toEqual({ wallets: 0, currencies: 0, applications: 0 });
  });
});

describe.skipIf(postgresRunCovers)("Order/Create", () => {
  it("creates a pending order at the package's price with a 30-minute window; a second one while it is open is refused", async () => {
    const m = await signedInMerchant(h);
    const before = h.clock.now();
    const order = await created(m, "basic");
    expect(order).toMatchObject({
      packageCode: "basic",
      packageName: "Basic",
      amount: "29",
      currency: "USDT",
      status: "pending",
      upgrade: "new",
      payType: null,
      paidAt: null,
      received: "0",
      confirming: "0",
      remaining: "29",
      termMonths: 1,
    });
    expect(order.orderCode).toMatch(/^\d{18}$/);
    expect(order.orderCode.slice(0, 8)).toBe(before.toISOString().slice(0, 10).replaceAll("-", ""));
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(30 * 60 * 1000);
    const again = await create(m, "pro");
    expect(again).toMatchObject({ status: 200, success: false, errCode: errCodes.orderOpenExists });
    expect((await list(m)).total).toBe(1);
  });

  it("refuses an unknown package with 2201 and writes nothing", async () => {
    const m = await signedInMerchant(h);
    const counts = await rowCounts(h.db);
    for (const id of ["999999", "0", "999999999999999999"]) {
      expect(await call(h, "orderCreate", { token: m.token, body: { packageId: id } })).toMatchObject({
        status: 200,
        success: false,
        errCode: errCodes.packageNotFound,
        resData: null,
      });
    }
    expect(await rowCounts(h.db)).toEqual(counts);
  });

  it("asks for a package when none is chosen", async () => {
    const m = await signedInMerchant(h);
    const answer = await call(h, "orderCreate", { token: m.token, body: { packageId: "" } });
    expect(answer).toMatchObject({ status: 400, errCode: errCodes.validation });
    expect(answer.errMsg).toBe("packageId: Please select the current package first");
  });

  it("pays a trial at once (free), activates it for 7 days, and gives it once", async () => {
    const m = await signedInMerchant(h);
    const trial = await created(m, "trial");
    expect(trial).toMatchObject({ status: "paid", payType: "free", amount: "0", remaining: "0", upgrade: "new" });
    const sub = await subscription(m);
    expect(sub).toMatchObject({ active: true, trialAvailable: false, package: { code: "trial" } });
    expect(Date.parse(sub.expiresAt!) - Date.parse(trial.paidAt!)).toBe(7 * 86_400_000);
    expect(await create(m, "trial")).toMatchObject({ success: false, errCode: errCodes.trialUsed });
    // The trial does not block a real order.
    expect((await created(m, "basic")).upgrade).toBe("replace");
  });

  it("offers no trial after a paid package", async () => {
    const m = await signedInMerchant(h);
    await seedPaidOrder(h.db, { userId: m.userId, packageCode: "basic", product: "Devnet" });
    expect((await subscription(m)).trialAvailable).toBe(false);
    expect(await create(m, "trial")).toMatchObject({ success: false, errCode: errCodes.trialUsed });
  });

  it("tells a new package, an extension of the active one, and a replacement apart", async () => {
    const m = await signedInMerchant(h);
    await seedPaidOrder(h.db, { userId: m.userId, packageCode: "basic", product: "Devnet" });
    const extend = await created(m, "basic");
    expect(extend.upgrade).toBe("extend");
    await call(h, "orderCancel", { token: m.token, body: { orderCode: extend.orderCode } });
    expect((await created(m, "pro")).upgrade).toBe("replace");
  });

  it("an open order past its window no longer blocks: it fails on read, and a new one can be made", async () => {
    const m = await signedInMerchant(h);
    const first = await created(m, "basic");
    await pastTheWindow(m);
    expect((await detail(m, first.orderCode)).status).toBe("failed");
    const second = await created(m, "basic");
    expect(second.status).toBe("pending");
    // Even without a read of the order in between.
    await pastTheWindow(m);
    expect((await created(m, "pro")).status).toBe("pending");
    expect((await list(m)).items.map((o) => o.status)).toEqual(["pending", "failed", "failed"]);
  });
});

describe.skipIf(postgresRunCovers)("Order/List and Order/Detail", () => {
  it("lists newest first with the total, pages, and filters by status, code prefix and created time", async () => {
    const m = await signedInMerchant(h);
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));
    const codes: string[] = [];
    for (let day = 1; day <= 5; day++) {
      const seeded = await seedPaidOrder(h.db, {
        userId: m.userId,
        packageCode: "basic",
        product: "Devnet",
        paidAt: at(day),
      });
      codes.push(seeded.orderCode);
    }
    const open = await seedOpenOrder(h.db, { userId: m.userId, packageCode: "pro", createdAt: h.clock.now() });
    const all = await list(m);
    expect(all.total).toBe(6);
    expect(all.items.map((o) => o.orderCode)).toEqual([open.orderCode, ...codes.toReversed()]);
    const first = await list(m, { pageSize: 4 });
    const page = await list(m, { pageSize: 4, cursor: first.nextCursor! });
    expect(page).toMatchObject({ total: null, nextCursor: null, pageSize: 4 });
    expect(page.items.map((o) => o.orderCode)).toEqual(codes.slice(0, 2).toReversed());
    expect((await list(m, { status: "pending" })).items.map((o) => o.orderCode)).toEqual([open.orderCode]);
    expect((await list(m, { orderCode: codes[2]! })).items.map((o) => o.orderCode)).toEqual([codes[2]]);
    expect((await list(m, { orderCode: "20260103" })).items.map((o) => o.orderCode)).toEqual([codes[2]]);
    // Seeded orders were created a minute before they were paid (at noon).
    const window = await list(m, { startTime: "2026-01-02T11:00:00Z", endTime: "2026-01-04T23:59:59+00:00" });
    expect(window.items.map((o) => o.orderCode)).toEqual([codes[3], codes[2], codes[1]]);
    // The CSV export of a filter holds exactly the orders the list answers for it, as the list reads them (in the
    // language the console asks in: zh-CN here).
    for (const filters of [{}, { status: "paid" }, { orderCode: "20260103" }]) {
      const file = await call(h, "orderExport", { token: m.token, body: filters, headers: { language: "zh-CN" } });
      expect(file.headers["content-disposition"]).toMatch(
        Object.keys(filters).length > 0
          ? /filename="orders-\d{4}-\d{2}-\d{2}-filtered\.csv"/
          : /filename="orders-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const listed = (await list(m, { ...filters, pageSize: 100 })).items;
      expect(file.csv, JSON.stringify(filters)).toEqual(
        listed.map((order) => labelledRowOf(orderExportTable, order, "zh-CN")),
      );
    }
    // Times no order can have (PostgreSQL has no year 0) are no error.
    expect((await list(m, { startTime: "0000-01-01T00:00:00Z", endTime: "9999-12-31T23:59:59+14:00" })).total).toBe(6);
    expect((await list(m, { endTime: "0000-01-01T00:00:00Z" })).total).toBe(0);
  });

  it("shows a paid order's transfer, package term and received amount", async () => {
    const m = await signedInMerchant(h);
    const paid = await seedPaidOrder(h.db, { userId: m.userId, packageCode: "pro", product: "Devnet" });
    const d = await detail(m, paid.orderCode);
    expect(d).toMatchObject({
      status: "paid",
      payType: "chain",
      amount: "79",
      received: "79",
      remaining: "0",
      confirming: "0",
      fromBalance: "0",
    });
    expect(d.transfers).toEqual([
      expect.objectContaining({
        product: "Devnet",
        chainId: 31337,
        txHash: paid.txHash,
        amount: "79",
        status: "confirmed",
        confirmations: 2,
        required: 2,
      }),
    ]);
    expect(d.packageExpiresAt).not.toBeNull();
  });

  it("answers 2202 for an unknown code and for another merchant's", async () => {
    const a = await signedInMerchant(h, "a@example.com");
    const b = await signedInMerchant(h, "b@example.com");
    const theirs = await seedOpenOrder(h.db, { userId: a.userId, packageCode: "basic" });
    for (const orderCode of [theirs.orderCode, "2026010100000099999"]) {
      for (const name of ["orderDetail", "orderFinishPay", "orderCancel", "orderPayFromBalance"] as const) {
        expect(await call(h, name, { token: b.token, body: { orderCode } })).toMatchObject({
          status: 200,
          success: false,
          errCode: errCodes.orderNotFound,
          resData: null,
        });
      }
    }
    expect((await list(b)).total).toBe(0);
    expect((await detail(a, theirs.orderCode)).status).toBe("pending");
  });
});

describe.skipIf(postgresRunCovers)("Order/FinishPay, Order/Cancel", () => {
  it("Finish Pay moves pending to waiting, and again changes nothing; a closed order answers 2203", async () => {
    const m = await signedInMerchant(h);
    const order = await created(m, "basic");
    const first = await call(h, "orderFinishPay", { token: m.token, body: { orderCode: order.orderCode } });
    expect(first.resData).toMatchObject({ status: "waiting", remaining: "29" });
    const second = await call(h, "orderFinishPay", { token: m.token, body: { orderCode: order.orderCode } });
    expect({ ...second.resData, serverTime: "" }).toEqual({ ...first.resData, serverTime: "" });
    expect(
      (await call(h, "orderCancel", { token: m.token, body: { orderCode: order.orderCode } })).resData.status,
    ).toBe("cancelled");
    expect(await call(h, "orderFinishPay", { token: m.token, body: { orderCode: order.orderCode } })).toMatchObject({
      success: false,
      errCode: errCodes.orderClosed,
    });
    expect(await call(h, "orderCancel", { token: m.token, body: { orderCode: order.orderCode } })).toMatchObject({
      success: false,
      errCode: errCodes.orderClosed,
    });
  });

  it("cancel refuses while a transfer confirms (2209); with a confirmed partial payment it cancels and credits the balance", async () => {
    const m = await signedInMerchant(h);
    const order = await created(m, "basic");
    const confirming = await attach(order.orderCode, "5", "seen");
    expect(await call(h, "orderCancel", { token: m.token, body: { orderCode: order.orderCode } })).toMatchObject({
      success: false,
      errCode: errCodes.orderConfirming,
    });
    expect((await detail(m, order.orderCode)).confirming).toBe("5");
    await confirmAndCount(confirming);
    await attach(order.orderCode, "7.25", "counted");
    expect((await detail(m, order.orderCode)).received).toBe("12.25");
    const cancelled = await call(h, "orderCancel", { token: m.token, body: { orderCode: order.orderCode } });
    expect(cancelled.resData).toMatchObject({ status: "cancelled", received: "12.25", remaining: "16.75" });
    const b = await balance(m);
    expect(b.balance).toBe("12.25");
    expect(b.entries.map((e) => [e.kind, e.amount, e.orderCode])).toEqual(
      expect.arrayContaining([
        ["orderClosed", "5", order.orderCode],
        ["orderClosed", "7.25", order.orderCode],
      ]),
    );
  });

  it("an expired order with a confirming transfer waits for it; once nothing confirms it fails and its partial payment goes to the balance", async () => {
    const m = await signedInMerchant(h);
    const order = await created(m, "basic");
    const seen = await attach(order.orderCode, "4", "seen");
    await pastTheWindow(m);
    expect((await detail(m, order.orderCode)).status).toBe("waiting");
    await confirmAndCount(seen);
    expect((await detail(m, order.orderCode)).status).toBe("failed");
    expect((await balance(m)).balance).toBe("4");
  });

  it("an order whose transfer never confirms (its chain no longer watched) fails a day after its window", async () => {
    const m = await signedInMerchant(h);
    const order = await created(m, "basic");
    await attach(order.orderCode, "4", "seen");
    await pastTheWindow(m);
    expect(await create(m, "pro")).toMatchObject({ success: false, errCode: errCodes.orderOpenExists });
    // A day on (the merchant signed in again meanwhile).
    h.clock.advance(24 * 3600);
    await h.db
      .updateTable("sessions")
      .set({ created_at: h.clock.now(), last_seen_at: h.clock.now() })
      .where("merchant_id", "=", m.userId)
      .execute();
    expect((await detail(m, order.orderCode)).status).toBe("failed");
    expect((await created(m, "pro")).status).toBe("pending");
  });
});

describe.skipIf(postgresRunCovers)("Order/PayFromBalance and Account/Balance", () => {
  it("refuses when the balance does not cover what is left (2206), pays when it does", async () => {
    const m = await signedInMerchant(h);
    const order = await created(m, "basic");
    expect(
      await call(h, "orderPayFromBalance", { token: m.token, body: { orderCode: order.orderCode } }),
    ).toMatchObject({ success: false, errCode: errCodes.balanceInsufficient });
    await seedBalance(h.db, { userId: m.userId, amount: "20.5" });
    await attach(order.orderCode, "8.5", "counted");
    const paid = await call(h, "orderPayFromBalance", { token: m.token, body: { orderCode: order.orderCode } });
    expect(paid.resData).toMatchObject({ status: "paid", payType: "mixed", received: "29", remaining: "0" });
    expect(await balance(m)).toMatchObject({ balance: "0" });
    expect((await detail(m, order.orderCode)).fromBalance).toBe("20.5");
    expect((await subscription(m)).package?.code).toBe("basic");
    expect(
      await call(h, "orderPayFromBalance", { token: m.token, body: { orderCode: order.orderCode } }),
    ).toMatchObject({ success: false, errCode: errCodes.orderClosed });
  });

  it("pays wholly from the balance (payType balance) and extends the active package from its expiry", async () => {
    const m = await signedInMerchant(h);
    const paidAt = new Date(h.clock.now().getTime() - 86_400_000);
    await seedPaidOrder(h.db, { userId: m.userId, packageCode: "basic", product: "Devnet", paidAt });
    const before = await subscription(m);
    await seedBalance(h.db, { userId: m.userId, amount: "100" });
    const order = await created(m, "basic");
    const paid = await call(h, "orderPayFromBalance", { token: m.token, body: { orderCode: order.orderCode } });
    expect(paid.resData).toMatchObject({ status: "paid", payType: "balance", upgrade: "extend" });
    const after = await subscription(m);
    const once = addTerm(paidAt, "month", 1);
    expect([before.expiresAt, after.expiresAt]).toEqual([once.toISOString(), addTerm(once, "month", 1).toISOString()]);
    const b = await balance(m);
    expect(b.balance).toBe("71");
    expect(b.entries[0]).toMatchObject({
      kind: "orderPayment",
      amount: "-29",
      orderCode: order.orderCode,
      txHash: null,
    });
    expect(b.entries[1]).toMatchObject({ kind: "unmatched", amount: "100", orderCode: null });
  });
});

describe.skipIf(postgresRunCovers)("Chain/List and Chain/DevPay", () => {
  it("lists the configured chains with their USDT token", async () => {
    const m = await signedInMerchant(h);
    const answer = await call(h, "payChains", { token: m.token });
    expect(
      answer.resData.map((c: { product: string; devnet: boolean; confirmations: number }) => [
        c.product,
        c.devnet,
        c.confirmations,
      ]),
    ).toEqual([
      ["Devnet", true, 2],
      ["Eth", false, 12],
    ]);
    expect(answer.resData[0].token).toMatchObject({ symbol: "USDT", decimals: 6 });
  });

  it("sends the order's remaining amount from the dev account to the merchant's receiving address", async () => {
    const m = await signedInMerchant(h);
    const order = await created(m, "basic");
    await attach(order.orderCode, "0.5", "counted");
    await attach(order.orderCode, "1", "seen");
    const answer = await call(h, "devPay", { token: m.token, body: { orderCode: order.orderCode, product: "devnet" } });
    expect(answer.resData).toMatchObject({ amount: "27.5", blockNumber: "7" });
    const address = (await call(h, "userWallet", { token: m.token, params: { product: "Devnet" }, body: {} })).resData
      .address;
    expect(chain.devPayments).toEqual([{ to: address, amount: 27_500_000n }]);
  });

  it("refuses a chain that is not the devnet (2208), an unknown product (2207), a closed order (2203)", async () => {
    const m = await signedInMerchant(h);
    const order = await created(m, "basic");
    expect(
      await call(h, "devPay", { token: m.token, body: { orderCode: order.orderCode, product: "Eth" } }),
    ).toMatchObject({ success: false, errCode: errCodes.devPayUnavailable });
    expect(
      await call(h, "devPay", { token: m.token, body: { orderCode: order.orderCode, product: "Tron" } }),
    ).toMatchObject({ success: false, errCode: errCodes.chainUnknown });
    await call(h, "orderCancel", { token: m.token, body: { orderCode: order.orderCode } });
    expect(
      await call(h, "devPay", { token: m.token, body: { orderCode: order.orderCode, product: "Devnet" } }),
    ).toMatchObject({ success: false, errCode: errCodes.orderClosed });
    expect(chain.devPayments).toEqual([]);
  });
});

describe("racing calls (one connection on PGlite; a pool on PostgreSQL)", () => {
  it("five Creates at once: one order, the others 2204", async () => {
    const m = await signedInMerchant(h);
    const id = await packageId("basic");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(h, "orderCreate", { token: m.token, body: { packageId: id } })),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.success).map((a) => a.errCode)).toEqual(Array(4).fill(errCodes.orderOpenExists));
    expect((await list(m)).total).toBe(1);
  });

  it("three trials at once: one", async () => {
    const m = await signedInMerchant(h);
    const id = await packageId("trial");
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => call(h, "orderCreate", { token: m.token, body: { packageId: id } })),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(
      answers
        .filter((a) => !a.success)
        .every((a) => a.errCode === errCodes.trialUsed || a.errCode === errCodes.orderOpenExists),
    ).toBe(true);
    expect((await list(m)).total).toBe(1);
  });

  it("Pay from balance five times at once: paid once, debited once", async () => {
    const m = await signedInMerchant(h);
    await seedBalance(h.db, { userId: m.userId, amount: "100" });
    const order = await created(m, "basic");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(h, "orderPayFromBalance", { token: m.token, body: { orderCode: order.orderCode } }),
      ),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.success).map((a) => a.errCode)).toEqual(Array(4).fill(errCodes.orderClosed));
    expect(await balanceText(h.db, actFor(systemScope("test"), m.userId))).toBe("71");
  });

  it("Finish Pay and Cancel at once: one result each, in some order", async () => {
    const m = await signedInMerchant(h);
    const order = await created(m, "basic");
    const answers = await Promise.all([
      call(h, "orderFinishPay", { token: m.token, body: { orderCode: order.orderCode } }),
      call(h, "orderFinishPay", { token: m.token, body: { orderCode: order.orderCode } }),
      call(h, "orderCancel", { token: m.token, body: { orderCode: order.orderCode } }),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers[2]!.resData.status).toBe("cancelled");
    expect((await detail(m, order.orderCode)).status).toBe("cancelled");
  });
});

describe.skipIf(postgresRunCovers)("without a chain layer", () => {
  let bare: Harness;
  beforeAll(async () => {
    bare = await createHarness();
  });
  afterAll(() => bare.close());

  it("answers no pay chains, 2207 for a wallet and dev pay", async () => {
    const m = await signedInMerchant(bare);
    expect(await call(bare, "payChains", { token: m.token })).toMatchObject({ success: true, resData: [] });
    expect(await call(bare, "userWallet", { token: m.token, params: { product: "Devnet" }, body: {} })).toMatchObject({
      status: 200,
      success: false,
      errCode: errCodes.chainUnknown,
    });
    expect(
      await call(bare, "devPay", { token: m.token, body: { orderCode: "20260101000000000001", product: "Devnet" } }),
    ).toMatchObject({ success: false, errCode: errCodes.chainUnknown });
  });
});

describe.skipIf(postgresRunCovers)("in production", () => {
  let prod: Harness;
  beforeAll(async () => {
    prod = await createHarness({ chain: stubChainLayer(), production: true });
  });
  afterAll(() => prod.close());

  it("never pays from the dev wallet (2208)", async () => {
    const m = await signedInMerchant(prod);
    const { orderCode } = await seedOpenOrder(prod.db, { userId: m.userId, packageCode: "basic" });
    expect(await call(prod, "devPay", { token: m.token, body: { orderCode, product: "Devnet" } })).toMatchObject({
      success: false,
      errCode: errCodes.devPayUnavailable,
    });
  });
});
