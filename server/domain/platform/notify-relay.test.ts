import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Listen, ListenHandlers } from "../../db/listen.ts";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { notifyLive } from "./live-changes.ts";
import { notifyChannels } from "./notify-channels.ts";
import { type NotifyRelay, parseChange, startNotifyRelay } from "./notify-relay.ts";
import { notifySessionsEnded } from "./sessions-ended.ts";

// Runs on PGlite and on PostgreSQL: the relay listens through PGlite's own LISTEN on one engine and a pool's client on the other (scripts/database-tests.ts).

let database: OpenedDatabase;
let relay: NotifyRelay;

beforeAll(async () => {
  database = await createTestDatabase();
  relay = await startNotifyRelay(database.listen);
});
afterAll(async () => {
  await relay?.stop();
  await database?.close();
});

const notify = (payload: unknown) =>
  sql`select pg_notify(${notifyChannels.liveChanges}, ${typeof payload === "string" ? payload : JSON.stringify(payload)})`;

describe("the live relay (one LISTEN on live_changes, fanned out per stream, merchant and row)", () => {
  it("calls the subscribers of the merchant's row of that stream when a transaction that notified commits, and no others", async () => {
    const mine = vi.fn();
    const sameCodeOtherMerchant = vi.fn();
    const otherOrder = vi.fn();
    const sameKeyOtherStream = vi.fn();
    const stops = [
      relay.subscribe("order", "7", "1000000001", mine),
      relay.subscribe("order", "8", "1000000001", sameCodeOtherMerchant),
      relay.subscribe("order", "7", "1000000002", otherOrder),
      relay.subscribe("bill", "7", "1000000001", sameKeyOtherStream),
    ];
    await database.db.transaction().execute(async (trx) => {
      await notifyLive(trx, "order", "7", "1000000001");
      // Not before the commit.
      await new Promise((r) => setTimeout(r, 50));
      expect(mine).not.toHaveBeenCalled();
    });
    await vi.waitFor(() => expect(mine).toHaveBeenCalledTimes(1));
    // json_build_object writes a bigint merchant id as a number.
    await notify({ stream: "order", merchantId: 7, key: "1000000001" }).execute(database.db);
    await vi.waitFor(() => expect(mine).toHaveBeenCalledTimes(2));
    expect(sameCodeOtherMerchant).not.toHaveBeenCalled();
    expect(otherOrder).not.toHaveBeenCalled();
    expect(sameKeyOtherStream).not.toHaveBeenCalled();
    for (const stop of stops) stop();
  });

  it("tells a subscriber of every row (null) of each of the merchant's rows of that stream, by key", async () => {
    const mine: Array<string | null> = [];
    const theirs = vi.fn();
    const stops = [
      relay.subscribe("bill", "7", null, (billNo) => void mine.push(billNo)),
      relay.subscribe("bill", "8", null, theirs),
    ];
    await database.db.transaction().execute(async (trx) => {
      await notifyLive(trx, "bill", "7", "2026010190000001");
      await notifyLive(trx, "order", "7", "2026010100000009");
      await notifyLive(trx, "bill", "7", "2026010190000002");
    });
    await vi.waitFor(() => expect(mine).toEqual(["2026010190000001", "2026010190000002"]));
    expect(theirs).not.toHaveBeenCalled();
    for (const stop of stops) stop();
  });

  it("hears nothing of a transaction that rolled back, and ignores payloads that name no stream's row", async () => {
    const onChange = vi.fn();
    const stop = relay.subscribe("order", "7", "1000000003", onChange);
    await database.db
      .transaction()
      .execute(async (trx) => {
        await notifyLive(trx, "order", "7", "1000000003");
        throw new Error("roll back");
      })
      .catch(() => {});
    for (const junk of [
      "not json",
      "null",
      "[]",
      JSON.stringify({ stream: "order", merchantId: "7" }),
      JSON.stringify({ stream: "order", merchantId: {}, key: "1000000003" }),
      JSON.stringify({ stream: "orders", merchantId: "7", key: "1000000003" }),
      JSON.stringify({ merchantId: "7", key: "1000000003" }),
    ])
      await notify(junk).execute(database.db);
    // A marker afterwards: once it arrives, everything before it has been dealt with.
    const marker = vi.fn();
    const stopMarker = relay.subscribe("order", "7", "1000000004", marker);
    await notifyLive(database.db, "order", "7", "1000000004");
    await vi.waitFor(() => expect(marker).toHaveBeenCalled());
    expect(onChange).not.toHaveBeenCalled();
    stop();
    stopMarker();
  });

  it("counts each merchant's subscriptions per stream and forgets them on unsubscribe (twice is harmless)", () => {
    const a = relay.subscribe("order", "9", "1000000005", () => {});
    const b = relay.subscribe("order", "9", "1000000006", () => {});
    const c = relay.subscribe("order", "9", "1000000006", () => {});
    const d = relay.subscribe("bill", "9", null, () => {});
    expect(relay.subscriptionsOf("order", "9")).toBe(3);
    expect(relay.subscriptionsOf("bill", "9")).toBe(1);
    b();
    b();
    expect(relay.subscriptionsOf("order", "9")).toBe(2);
    a();
    c();
    d();
    expect(relay.subscriptionsOf("order", "9")).toBe(0);
    expect(relay.subscriptionsOf("bill", "9")).toBe(0);
  });

  it("one failing subscriber does not keep the others from hearing", async () => {
    const fine = vi.fn();
    const stops = [
      relay.subscribe("order", "7", "1000000007", () => {
        throw new Error("boom");
      }),
      relay.subscribe("order", "7", "1000000007", fine),
    ];
    await notifyLive(database.db, "order", "7", "1000000007");
    await vi.waitFor(() => expect(fine).toHaveBeenCalled());
    for (const stop of stops) stop();
  });

  it("hears that a merchant's sessions ended on the same channel", async () => {
    const ended = vi.fn();
    const stop = relay.onSessionsEnded("7", ended);
    await notifySessionsEnded(database.db, "7");
    await vi.waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
    stop();
  });
});

describe("the relay over a lost connection", () => {
  it("asks every subscriber to re-read after a gap, says why, and stops listening on stop()", async () => {
    let handlers: ListenHandlers | undefined;
    const unlisten = vi.fn(async () => {});
    const fakeListen: Listen = async (channel, h) => {
      expect(channel).toBe("live_changes");
      handlers = h;
      return unlisten;
    };
    const warnings: Array<[object, string]> = [];
    const own = await startNotifyRelay(fakeListen, {
      warn: (details, message) => void warnings.push([details, message]),
    });
    const first = vi.fn();
    const second: Array<string | null> = [];
    own.subscribe("order", "1", "1000000001", first);
    own.subscribe("bill", "2", null, (billNo) => void second.push(billNo));
    handlers?.onPayload(JSON.stringify({ stream: "bill", merchantId: 2, key: "2026010190000003" }));
    handlers?.onPayload(JSON.stringify({ merchantId: "2", orderCode: "2026010100000001" }));
    handlers?.onTrouble?.(new Error("connection reset"));
    handlers?.onGap();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toEqual(["2026010190000003", null]);
    expect(warnings).toEqual([
      [expect.objectContaining({ channel: "live_changes" }), expect.stringMatching(/names no stream's row/)],
      [expect.objectContaining({ channel: "live_changes" }), expect.stringMatching(/lost/)],
      [expect.objectContaining({ channel: "live_changes" }), expect.stringMatching(/listening again/)],
    ]);
    await own.stop();
    expect(unlisten).toHaveBeenCalledTimes(1);
    handlers?.onPayload(JSON.stringify({ stream: "order", merchantId: "1", key: "1000000001" }));
    expect(first).toHaveBeenCalledTimes(1);
  });
});

describe("parseChange", () => {
  it("reads {stream, merchantId, key} as text, of a stream it knows", () => {
    expect(parseChange('{"stream":"order","merchantId":12,"key":"20250101000001"}')).toEqual({
      stream: "order",
      merchantId: "12",
      key: "20250101000001",
    });
    expect(parseChange('{"stream":"bill","merchantId":"12","key":"20250101000001","extra":true}')).toEqual({
      stream: "bill",
      merchantId: "12",
      key: "20250101000001",
    });
    expect(parseChange('{"stream":"order","merchantId":1.5,"key":"1"}')).toBeNull();
    expect(parseChange('{"stream":"order","merchantId":"","key":"1"}')).toBeNull();
    expect(parseChange('{"stream":"unknown","merchantId":"12","key":"1"}')).toBeNull();
  });
});
