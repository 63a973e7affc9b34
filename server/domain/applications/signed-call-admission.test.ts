import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { resetDatabase, seedApplication, seedMerchant } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import type { Slot } from "../platform/rate-limit.ts";
import { sealedSecretColumns } from "./app-secrets.ts";
import { admitKnownSignedCall, admitSignedCall } from "./open-api-nonces.ts";

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

describe("a known application's call: its row checked, its slot taken and its nonce spent in one statement", () => {
  const rowOf = (appKey: string) =>
    db
      .selectFrom("applications")
      .select(["id", "app_code", "merchant_id", ...sealedSecretColumns])
      .where("app_key", "=", appKey)
      .executeTakeFirstOrThrow();
  const tatOf = async (subject: string) =>
    (await db.selectFrom("rate_limits").select("tat").where("subject", "=", subject).executeTakeFirst())?.tat ?? null;

  it("admits while the row is the one read, and takes and spends nothing once it was stopped or its secret rotated", async () => {
    const { userId } = await seedMerchant(db, { email: "known@example.com", password: "Merchant7Pass" });
    const { appKey, applicationId } = await seedApplication(db, { userId });
    const slot = slotOf(applicationId);
    const read = await rowOf(appKey);
    expect(await admitKnownSignedCall(db, slot, call(appKey, "n-1"), read, secondsIn(1))).toEqual({
      outcome: "admitted",
    });
    expect(await admitKnownSignedCall(db, slot, call(appKey, "n-1"), read, secondsIn(1))).toEqual({
      outcome: "replayed",
    });
    expect(await admitKnownSignedCall(db, slot, call(appKey, "n-2"), read, secondsIn(1))).toEqual({
      outcome: "limited",
      waitSeconds: 30,
    });
    const tat = await tatOf(applicationId);

    const where = (q: ReturnType<typeof db.updateTable<"applications">>) => q.where("app_key", "=", appKey).execute();
    await where(db.updateTable("applications").set({ status: "stopped" }));
    expect(await admitKnownSignedCall(db, slot, call(appKey, "n-3", 61), read, secondsIn(61))).toEqual({
      outcome: "changed",
    });
    await where(db.updateTable("applications").set({ status: "normal" }));
    // A rotation: another secret, the one before kept for a grace window that ends at a time finer than milliseconds.
    await where(
      db.updateTable("applications").set({
        secret_sealed: "another-sealed-secret",
        previous_secret_sealed: read.secret_sealed,
        previous_secret_valid_until: sql<Date>`'2026-11-25T13:00:00.123456Z'::timestamptz`,
      }),
    );
    expect(await admitKnownSignedCall(db, slot, call(appKey, "n-3", 61), read, secondsIn(61))).toEqual({
      outcome: "changed",
    });
    expect(await nonces(appKey)).toEqual(["n-1"]);
    expect(await tatOf(applicationId)).toEqual(tat);

    // Read again, the row is known: the grace window read back (to the millisecond) is the one stored.
    const rotated = await rowOf(appKey);
    expect(await admitKnownSignedCall(db, slot, call(appKey, "n-3", 61), rotated, secondsIn(61))).toEqual({
      outcome: "admitted",
    });
    // The grace window ended early: the row read before is not the row now.
    await where(db.updateTable("applications").set({ previous_secret_valid_until: secondsIn(62) }));
    expect(await admitKnownSignedCall(db, slot, call(appKey, "n-4", 91), rotated, secondsIn(91))).toEqual({
      outcome: "changed",
    });
    await db.deleteFrom("applications").where("app_key", "=", appKey).execute();
    expect(await admitKnownSignedCall(db, slot, call(appKey, "n-4", 91), rotated, secondsIn(91))).toEqual({
      outcome: "changed",
    });
    expect(await nonces(appKey)).toEqual(["n-1", "n-3"]);
  });
});
