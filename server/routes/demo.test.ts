import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoOrder } from "../../contracts/schemas/demo.ts";
import { call, createHarness, type Harness, reset, rowCounts } from "../testing/harness.ts";
import { wireAmount } from "../domain/payments/demo-orders.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ limits: { demoOrdersPerIp: { max: 3, seconds: 600 } } });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const checkout = (chain?: string, ip?: string) => call(h, "demoCheckout", { body: chain ? { chain } : {}, ip });

describe("Demo/Checkout", () => {
  it("creates a pending USDT order on Ethereum with a devnet address and a 15-minute expiry", async () => {
    const answer = await checkout();
    expect(answer).toMatchObject({ status: 200, success: true, errCode: "0" });
    const order = demoOrder.parse(answer.resData);
    expect(order).toMatchObject({ currency: "USDT", chain: "ETH", status: "pending" });
    expect(order.orderCode).toMatch(/^DEMO-[A-Z0-9]{10}$/);
    expect(order.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(order.amount).toMatch(/^\d+\.\d{2}$/);
    expect(Number(order.amount)).toBeGreaterThanOrEqual(9);
    expect(Date.parse(order.expiresAt) - Date.parse(order.serverTime)).toBe(15 * 60_000);
  });

  it("uses the EVM address format on Ethereum and BNB Chain", async () => {
    for (const chain of ["ETH", "BSC"]) {
      const order = demoOrder.parse((await checkout(chain)).resData);
      expect(order.chain).toBe(chain);
      expect(order.address).toMatch(/^0x[0-9a-f]{40}$/);
    }
    expect(await checkout("DOGE")).toMatchObject({ status: 400, errCode: "1001" });
    // No chain adapter reads TRON: the demo does not offer it (the public pages tell the truth).
    expect(await checkout("TRON")).toMatchObject({ status: 400, errCode: "1001" });
  });

  it("keeps demo orders apart from merchants' data", async () => {
    await checkout();
    const counts = await rowCounts(h.db);
    expect(counts).toMatchObject({ merchants: 0, wallets: 0, sessions: 0, demo_orders: 1 });
  });

  it("limits the orders one address may create", async () => {
    for (let i = 0; i < 3; i++) expect((await checkout(undefined, "10.0.0.1")).success).toBe(true);
    const limited = await checkout(undefined, "10.0.0.1");
    expect(limited).toMatchObject({ status: 429, errCode: "2005" });
    expect((await checkout(undefined, "10.0.0.2")).success).toBe(true);
    h.clock.advance(601);
    expect((await checkout(undefined, "10.0.0.1")).success).toBe(true);
  });

  it("drops orders that ended more than a day ago", async () => {
    await checkout();
    h.clock.advance(15 * 60 + 86_400 + 1);
    await checkout();
    expect((await rowCounts(h.db)).demo_orders).toBe(1);
  });
});

describe("Demo/Status and Demo/Pay", () => {
  it("answers the order, pending until paid", async () => {
    const created = demoOrder.parse((await checkout()).resData);
    const status = await call(h, "demoStatus", { body: { orderCode: created.orderCode } });
    expect(status.resData).toMatchObject({
      orderCode: created.orderCode,
      amount: created.amount,
      address: created.address,
      status: "pending",
    });
    const paid = await call(h, "demoPay", { body: { orderCode: created.orderCode } });
    expect(paid.resData.status).toBe("paid");
    expect((await call(h, "demoStatus", { body: { orderCode: created.orderCode } })).resData.status).toBe("paid");
    // Paying twice is harmless.
    expect((await call(h, "demoPay", { body: { orderCode: created.orderCode } })).resData.status).toBe("paid");
  });

  it("turns expired after 15 minutes and refuses payment then", async () => {
    const created = demoOrder.parse((await checkout()).resData);
    h.clock.advance(15 * 60);
    expect((await call(h, "demoStatus", { body: { orderCode: created.orderCode } })).resData.status).toBe("expired");
    expect(await call(h, "demoPay", { body: { orderCode: created.orderCode } })).toMatchObject({
      success: false,
      errCode: "2112",
    });
  });

  it("answers 2111 for an unknown order and 1001 for a malformed code", async () => {
    expect(await call(h, "demoStatus", { body: { orderCode: "DEMO-ZZZZZZZZZZ" } })).toMatchObject({
      status: 200,
      success: false,
      errCode: "2111",
    });
    expect((await call(h, "demoPay", { body: { orderCode: "DEMO-ZZZZZZZZZZ" } })).errCode).toBe("2111");
    expect((await call(h, "demoStatus", { body: { orderCode: "1; drop table" } })).errCode).toBe("1001");
  });
});

describe("wireAmount", () => {
  it("keeps two decimals at least and never rounds", () => {
    expect(wireAmount("49.900000")).toBe("49.90");
    expect(wireAmount("10.000000")).toBe("10.00");
    expect(wireAmount("0.123456")).toBe("0.123456");
    expect(wireAmount("7")).toBe("7.00");
  });
});
