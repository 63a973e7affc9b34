import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Listen, ListenHandlers } from "../../db/listen.ts";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { notifySessionsEnded } from "../platform/sessions-ended.ts";
import type { NotifyRelay } from "../platform/notify-relay.ts";
import { notifyBillChanged } from "./bill-events-channel.ts";
import { startBillRelay } from "./bill-notify.ts";

// Runs on PGlite and on PostgreSQL: the relay listens through PGlite's own LISTEN on one engine and a pool's client on the other (scripts/database-tests.ts).

let database: OpenedDatabase;
let relay: NotifyRelay;

beforeAll(async () => {
  database = await createTestDatabase();
  relay = await startBillRelay(database.listen);
});
afterAll(async () => {
  await relay?.stop();
  await database?.close();
});

describe("the bill relay (one LISTEN on bill_events, fanned out per merchant)", () => {
  it("tells a merchant's subscriber of every bill of that merchant, by number, and of no other merchant's", async () => {
    const mine: Array<string | null> = [];
    const theirs = vi.fn();
    const stops = [relay.subscribe("7", null, (billNo) => void mine.push(billNo)), relay.subscribe("8", null, theirs)];
    await database.db.transaction().execute(async (trx) => {
      await notifyBillChanged(trx, { merchantId: "7", billNo: "2026010190000001" });
      await notifyBillChanged(trx, { merchantId: "7", billNo: "2026010190000002" });
    });
    await vi.waitFor(() => expect(mine).toEqual(["2026010190000001", "2026010190000002"]));
    expect(theirs).not.toHaveBeenCalled();
    expect(relay.subscriptionsOf("7")).toBe(1);
    for (const stop of stops) stop();
    expect(relay.subscriptionsOf("7")).toBe(0);
  });

  it("hears that a merchant's sessions ended on its own channel", async () => {
    const ended = vi.fn();
    const stop = relay.onSessionsEnded("7", ended);
    await notifySessionsEnded(database.db, "7");
    await vi.waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
    stop();
  });

  it("after a lost connection, tells every subscriber to re-read (null), and listens on bill_events", async () => {
    let handlers: ListenHandlers | undefined;
    const fakeListen: Listen = async (channel, h) => {
      expect(channel).toBe("bill_events");
      handlers = h;
      return async () => {};
    };
    const warnings: Array<[object, string]> = [];
    const own = await startBillRelay(fakeListen, {
      warn: (details, message) => void warnings.push([details, message]),
    });
    const heard: Array<string | null> = [];
    own.subscribe("1", null, (billNo) => void heard.push(billNo));
    handlers?.onPayload(JSON.stringify({ merchantId: 1, billNo: "2026010190000003" }));
    handlers?.onPayload(JSON.stringify({ merchantId: "1", orderCode: "2026010100000001" }));
    handlers?.onGap();
    expect(heard).toEqual(["2026010190000003", null]);
    expect(warnings).toEqual([
      [expect.objectContaining({ channel: "bill_events" }), expect.stringMatching(/names no row/)],
      [expect.objectContaining({ channel: "bill_events" }), expect.stringMatching(/listening again/)],
    ]);
    await own.stop();
  });
});
