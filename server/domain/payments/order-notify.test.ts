import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Listen, ListenHandlers } from "../../db/listen.ts";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { orderEventsChannel } from "./order-events-channel.ts";
import { type OrderRelay, parseOrderChange, startOrderRelay } from "./order-notify.ts";

// Runs on PGlite and on PostgreSQL: the relay listens through PGlite's own LISTEN on one engine and a pool's client on the other (scripts/database-tests.ts).

let database: OpenedDatabase;
let relay: OrderRelay;

beforeAll(async () => {
  database = await createTestDatabase();
  relay = await startOrderRelay(database.listen);
});
afterAll(async () => {
  await relay?.stop();
  await database?.close();
});

const notify = (payload: unknown) =>
  sql`select pg_notify(${orderEventsChannel}, ${typeof payload === "string" ? payload : JSON.stringify(payload)})`;

describe("the order relay (one LISTEN on order_events, fanned out per merchant and order)", () => {
  it("calls the subscribers of the merchant's order when a transaction that notified commits, and no others", async () => {
    const mine = vi.fn();
    const sameCodeOtherMerchant = vi.fn();
    const otherOrder = vi.fn();
    const stops = [
      relay.subscribe("7", "1000000001", mine),
      relay.subscribe("8", "1000000001", sameCodeOtherMerchant),
      relay.subscribe("7", "1000000002", otherOrder),
    ];
    await database.db.transaction().execute(async (trx) => {
      await notify({ merchantId: "7", orderCode: "1000000001" }).execute(trx);
      // Not before the commit.
      await new Promise((r) => setTimeout(r, 50));
      expect(mine).not.toHaveBeenCalled();
    });
    await vi.waitFor(() => expect(mine).toHaveBeenCalledTimes(1));
    // json_build_object writes a bigint merchant id as a number.
    await notify({ merchantId: 7, orderCode: "1000000001" }).execute(database.db);
    await vi.waitFor(() => expect(mine).toHaveBeenCalledTimes(2));
    expect(sameCodeOtherMerchant).not.toHaveBeenCalled();
    expect(otherOrder).not.toHaveBeenCalled();
    for (const stop of stops) stop();
  });

  it("hears nothing of a transaction that rolled back, and ignores payloads that name no order", async () => {
    const onChange = vi.fn();
    const stop = relay.subscribe("7", "1000000003", onChange);
    await database.db
      .transaction()
      .execute(async (trx) => {
        await notify({ merchantId: "7", orderCode: "1000000003" }).execute(trx);
        throw new Error("roll back");
      })
      .catch(() => {});
    for (const junk of [
      "not json",
      "null",
      "[]",
      JSON.stringify({ merchantId: "7" }),
      JSON.stringify({ merchantId: {}, orderCode: "1000000003" }),
    ])
      await notify(junk).execute(database.db);
    // A marker afterwards: once it arrives, everything before it has been dealt with.
    const marker = vi.fn();
    const stopMarker = relay.subscribe("7", "1000000004", marker);
    await notify({ merchantId: "7", orderCode: "1000000004" }).execute(database.db);
    await vi.waitFor(() => expect(marker).toHaveBeenCalled());
    expect(onChange).not.toHaveBeenCalled();
    stop();
    stopMarker();
  });

  it("counts each merchant's subscriptions and forgets them on unsubscribe (twice is harmless)", () => {
    const a = relay.subscribe("9", "1000000005", () => {});
    const b = relay.subscribe("9", "1000000006", () => {});
    const c = relay.subscribe("9", "1000000006", () => {});
    expect(relay.subscriptionsOf("9")).toBe(3);
    b();
    b();
    expect(relay.subscriptionsOf("9")).toBe(2);
    a();
    c();
    expect(relay.subscriptionsOf("9")).toBe(0);
  });

  it("one failing subscriber does not keep the others from hearing", async () => {
    const fine = vi.fn();
    const stops = [
      relay.subscribe("7", "1000000007", () => {
        throw new Error("boom");
      }),
      relay.subscribe("7", "1000000007", fine),
    ];
    await notify({ merchantId: "7", orderCode: "1000000007" }).execute(database.db);
    await vi.waitFor(() => expect(fine).toHaveBeenCalled());
    for (const stop of stops) stop();
  });
});

describe("the relay over a lost connection", () => {
  it("asks every subscriber to re-read after a gap, and stops listening on stop()", async () => {
    let handlers: ListenHandlers | undefined;
    const unlisten = vi.fn(async () => {});
    const fakeListen: Listen = async (channel, h) => {
      expect(channel).toBe("order_events");
      handlers = h;
      return unlisten;
    };
    const warnings: string[] = [];
    const own = await startOrderRelay(fakeListen, { warn: (_details, message) => void warnings.push(message) });
    const first = vi.fn();
    const second = vi.fn();
    own.subscribe("1", "1000000001", first);
    own.subscribe("2", "1000000002", second);
    handlers?.onTrouble?.(new Error("connection reset"));
    handlers?.onGap();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(warnings.join("\n")).toMatch(/lost.*\n.*listening again/s);
    await own.stop();
    expect(unlisten).toHaveBeenCalledTimes(1);
    handlers?.onPayload(JSON.stringify({ merchantId: "1", orderCode: "1000000001" }));
    expect(first).toHaveBeenCalledTimes(1);
  });
});

describe("parseOrderChange", () => {
  it("reads {merchantId, orderCode} as text", () => {
    expect(parseOrderChange('{"merchantId":12,"orderCode":"20250101000001"}')).toEqual({
      merchantId: "12",
      orderCode: "20250101000001",
    });
    expect(parseOrderChange('{"merchantId":"12","orderCode":"20250101000001","extra":true}')).toEqual({
      merchantId: "12",
      orderCode: "20250101000001",
    });
    expect(parseOrderChange('{"merchantId":1.5,"orderCode":"1"}')).toBeNull();
    expect(parseOrderChange('{"merchantId":"","orderCode":"1"}')).toBeNull();
  });
});
