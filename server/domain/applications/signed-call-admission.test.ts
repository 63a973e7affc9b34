import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { resetDatabase } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import type { Slot } from "../platform/rate-limit.ts";
import { admitSignedCall } from "./open-api-nonces.ts";

let db: Kysely<DB>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await createTestDatabase());
  await resetDatabase(db);
});
afterAll(() => close?.());

const created = new Date("2026-11-25T12:00:00Z");
const secondsIn = (seconds: number) => new Date(created.getTime() + seconds * 1000);
// Two calls at once, then one every 30 seconds.
const slotOf = (subject: string): Slot => ({ bucket: "open-api-calls", subject, window: { max: 2, seconds: 60 } });
const call = (appKey: string, nonce: string, at = 1) => ({ appKey, nonce, created: secondsIn(at) });
const nonces = async (appKey: string) =>
  (await db.selectFrom("open_api_nonces").select("nonce").where("app_key", "=", appKey).orderBy("nonce").execute()).map(
    (row) => row.nonce,
  );

describe("a signed call admitted: its rate-limit slot and its nonce in one statement", () => {
  it("spends the nonce once the slot is taken, refuses its replay, and spends nothing for a call the limit refuses", async () => {
    const slot = slotOf("app-1");
    expect(await admitSignedCall(db, slot, call("ak_1", "n-1"), secondsIn(1))).toEqual({ outcome: "admitted" });
    // The replay is refused, and took its slot as before the two were one statement: the limit is now full.
    expect(await admitSignedCall(db, slot, call("ak_1", "n-1"), secondsIn(1))).toEqual({ outcome: "replayed" });
    const limited = await admitSignedCall(db, slot, call("ak_1", "n-2"), secondsIn(1));
    expect(limited).toEqual({ outcome: "limited", waitSeconds: 30 });
    expect(await nonces("ak_1")).toEqual(["n-1"]);
    // Another application's slot and key are its own.
    expect(await admitSignedCall(db, slotOf("app-2"), call("ak_2", "n-2"), secondsIn(1))).toEqual({
      outcome: "admitted",
    });
    // Once the limit has room, the nonce the refused call carried is still unspent.
    expect(await admitSignedCall(db, slot, call("ak_1", "n-2", 31), secondsIn(31))).toEqual({ outcome: "admitted" });
    expect(await nonces("ak_1")).toEqual(["n-1", "n-2"]);
  });

  it("takes over a nonce past its window, not a replay, and keeps it for the new window", async () => {
    const slot = slotOf("app-3");
    expect(await admitSignedCall(db, slot, call("ak_3", "n-1"), secondsIn(1))).toEqual({ outcome: "admitted" });
    expect(await admitSignedCall(db, slot, call("ak_3", "n-1", 400), secondsIn(400))).toEqual({
      outcome: "admitted",
    });
    expect(await admitSignedCall(db, slot, call("ak_3", "n-1", 400), secondsIn(401))).toEqual({
      outcome: "replayed",
    });
    const row = await db
      .selectFrom("open_api_nonces")
      .select("expires_at")
      .where("app_key", "=", "ak_3")
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toEqual(secondsIn(700));
  });
});
