import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Order, order as orderSchema, orderEventsPath } from "../../contracts/schemas/orders.ts";
import { notifyLive } from "../domain/platform/live-changes.ts";
import { hashToken } from "../domain/identity/tokens.ts";
import { openEventStream, type OpenedEventStream } from "../testing/event-stream.ts";
import { call, createHarness, type Harness, type Merchant, reset, signedInMerchant } from "../testing/harness.ts";

// Runs on PGlite and on PostgreSQL: the stream is fed by each engine's own LISTEN (scripts/database-tests.ts).

const keepAliveMs = 150;
const streamsPerMerchant = 3;
let h: Harness;
let base: string;
let closed = false;
const open: OpenedEventStream[] = [];

beforeAll(async () => {
  h = await createHarness({ liveStreams: { keepAliveMs, streamsPerMerchant } });
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  const address = h.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  if (!closed) await h?.close();
});
beforeEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await reset(h);
});

/** A browser's stream, through fetch (its pool opens spare connections after an abort: closing must not wait for them). */
async function openStream(path: string, headers: Record<string, string>): Promise<OpenedEventStream> {
  const opened = await openEventStream(`${base}${path}`, headers);
  open.push(opened);
  return opened;
}

const stream = (merchant: Merchant | null, orderCode: string, extra: Record<string, string> = {}) =>
  openStream(`${orderEventsPath}?orderCode=${encodeURIComponent(orderCode)}`, {
    language: "en-US",
    ...(merchant ? { authorization: `Bearer ${merchant.token}` } : {}),
    ...extra,
  });

/** A pending order of the basic package, created through the API. */
async function pendingOrder(merchant: Merchant): Promise<Order> {
  const packages = await call(h, "packageList", { token: merchant.token });
  const basic = packages.resData.find((p: { code: string }) => p.code === "basic");
  const created = await call(h, "orderCreate", { token: merchant.token, body: { packageId: basic.id } });
  expect(created.errCode).toBe("0");
  return created.resData as Order;
}

const orderOf = (event: { event?: string; data: string }) => {
  expect(event.event).toBe("order");
  return orderSchema.parse(JSON.parse(event.data));
};

/** A change of the order's row, notified in its transaction as the orders domain does. */
async function changeInTransaction(
  merchant: Merchant,
  orderCode: string,
  status: "cancelled" | "failed",
  commit = true,
) {
  await h.db
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable("orders")
        .set({ status, closed_at: new Date() })
        .where("order_code", "=", orderCode)
        .execute();
      await notifyLive(trx, "order", merchant.userId, orderCode);
      if (!commit) throw new Error("roll back");
    })
    .catch((error: Error) => {
      if (commit) throw error;
    });
}

describe(`GET ${orderEventsPath}`, () => {
  it("starts with the order as it is, as text/event-stream, uncompressed and uncached", async () => {
    const merchant = await signedInMerchant(h);
    const created = await pendingOrder(merchant);
    const live = await stream(merchant, created.orderCode, { "accept-encoding": "gzip, br" });
    expect(live.status).toBe(200);
    expect(live.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(live.headers.get("content-encoding")).toBeNull();
    expect(live.headers.get("cache-control")).toBe("no-store");
    expect(live.headers.get("x-content-type-options")).toBe("nosniff");
    const [first] = await live.waitForEvents(1);
    expect({ ...orderOf(first!), serverTime: "" }).toEqual({ ...created, serverTime: "" });
  });

  it("answers on any case of the path, like the other routes", async () => {
    const merchant = await signedInMerchant(h);
    const created = await pendingOrder(merchant);
    const live = await openStream(`/api/order/events?orderCode=${created.orderCode}`, {
      authorization: `Bearer ${merchant.token}`,
    });
    expect(live.status).toBe(200);
    await live.waitForEvents(1);
  });

  it("sends the order again when a transaction that notified commits; a rolled back one sends nothing", async () => {
    const merchant = await signedInMerchant(h);
    const created = await pendingOrder(merchant);
    const live = await stream(merchant, created.orderCode);
    await live.waitForEvents(1);
    // The creation's own notification may still be on its way (a loaded machine): it re-sends the pending order.
    // Count from a quiet moment on.
    let before = -1;
    while (before !== live.events.length) {
      before = live.events.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await changeInTransaction(merchant, created.orderCode, "failed", false);
    await changeInTransaction(merchant, created.orderCode, "cancelled");
    await expect.poll(() => live.events.length).toBeGreaterThan(before);
    expect(orderOf(live.events.at(-1)!)).toMatchObject({ orderCode: created.orderCode, status: "cancelled" });
    // The rolled back change sent nothing: one event came, for the committed one, and no other follows.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(live.events).toHaveLength(before + 1);
  });

  it("relays the orders domain's own changes (Finish Pay, Cancel) made through the API", async () => {
    const merchant = await signedInMerchant(h);
    const created = await pendingOrder(merchant);
    const live = await stream(merchant, created.orderCode);
    await live.waitForEvents(1);
    expect(
      (await call(h, "orderFinishPay", { token: merchant.token, body: { orderCode: created.orderCode } })).errCode,
    ).toBe("0");
    await expect.poll(() => live.events.map((e) => orderOf(e).status).at(-1)).toBe("waiting");
    expect(
      (await call(h, "orderCancel", { token: merchant.token, body: { orderCode: created.orderCode } })).errCode,
    ).toBe("0");
    await expect.poll(() => live.events.map((e) => orderOf(e).status).at(-1)).toBe("cancelled");
  });

  it("keeps the stream alive with a comment line", async () => {
    const merchant = await signedInMerchant(h);
    const created = await pendingOrder(merchant);
    const live = await stream(merchant, created.orderCode);
    await live.waitForEvents(1);
    await expect.poll(() => live.comments.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(live.comments[0]?.trim()).toBe("keep-alive");
  });

  it("refuses another merchant's order and an unknown one with 2202 before any stream", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    const other = await signedInMerchant(h, "other@example.com");
    const created = await pendingOrder(owner);
    for (const code of [created.orderCode, "99999999999999"]) {
      const refused = await stream(other, code);
      expect(refused.status).toBe(200);
      expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
      expect(refused.json).toEqual({ success: false, errCode: "2202", errMsg: expect.any(String), resData: null });
    }
    // Nor does the owner's change reach the other merchant's stream of its own order with another code.
  });

  it("refuses without a token, with a revoked or unknown one (401/4010), and a malformed order code (400/1001)", async () => {
    const merchant = await signedInMerchant(h);
    const created = await pendingOrder(merchant);
    const noToken = await stream(null, created.orderCode);
    expect([noToken.status, noToken.json?.errCode]).toEqual([401, "4010"]);
    const unknown = await openStream(`${orderEventsPath}?orderCode=${created.orderCode}`, {
      authorization: "Bearer not-a-token",
    });
    expect([unknown.status, unknown.json?.errCode]).toEqual([401, "4010"]);
    for (const bad of ["abc", "123", `${created.orderCode}&extra=1`]) {
      const refused = await stream(merchant, bad);
      expect([refused.status, refused.json?.errCode]).toEqual([400, "1001"]);
    }
    const missing = await openStream(orderEventsPath, { authorization: `Bearer ${merchant.token}` });
    expect([missing.status, missing.json?.errCode]).toEqual([400, "1001"]);
  });

  it("ends the stream when the session ends (sign-out), and never prolongs it", async () => {
    const merchant = await signedInMerchant(h);
    const created = await pendingOrder(merchant);
    const live = await stream(merchant, created.orderCode);
    await live.waitForEvents(1);
    const before = await h.db
      .selectFrom("sessions")
      .select("last_seen_at")
      .where("token_hash", "=", hashToken(merchant.token))
      .executeTakeFirstOrThrow();
    // Two minutes on: a request would move last_seen_at now (findSession moves it once a minute); the stream must not.
    h.clock.advance(120);
    const seen = live.comments.length;
    await expect.poll(() => live.comments.length).toBeGreaterThanOrEqual(seen + 2);
    const after = await h.db
      .selectFrom("sessions")
      .select("last_seen_at")
      .where("token_hash", "=", hashToken(merchant.token))
      .executeTakeFirstOrThrow();
    expect(after.last_seen_at).toEqual(before.last_seen_at);
    expect((await call(h, "logout", { token: merchant.token, query: { uid: merchant.userId } })).errCode).toBe("0");
    await live.ended;
  });

  it(`bounds the open streams per merchant (${streamsPerMerchant} here), and a closed one frees its place`, async () => {
    const merchant = await signedInMerchant(h);
    const other = await signedInMerchant(h, "other@example.com");
    const created = await pendingOrder(merchant);
    const theirs = await pendingOrder(other);
    const streams = [];
    for (let i = 0; i < streamsPerMerchant; i++) {
      const live = await stream(merchant, created.orderCode);
      await live.waitForEvents(1);
      streams.push(live);
    }
    const refused = await stream(merchant, created.orderCode);
    expect([refused.status, refused.json?.errCode]).toEqual([429, "2005"]);
    // Another merchant is not affected.
    const theirStream = await stream(other, theirs.orderCode);
    expect(theirStream.status).toBe(200);
    streams[0]!.close();
    await expect
      .poll(async () => {
        const again = await stream(merchant, created.orderCode);
        return again.status;
      })
      .toBe(200);
  });

  it("closing the server ends the open streams rather than waiting for them", async () => {
    const merchant = await signedInMerchant(h);
    const created = await pendingOrder(merchant);
    const streams = [await stream(merchant, created.orderCode), await stream(merchant, created.orderCode)];
    await Promise.all(streams.map((s) => s.waitForEvents(1)));
    // A browser that left: fetch's pool then opens a spare connection, which never carries a request.
    const left = await stream(merchant, created.orderCode);
    await left.waitForEvents(1);
    left.close();
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    closed = true;
    await h.close();
    await Promise.all(streams.map((s) => s.ended));
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
