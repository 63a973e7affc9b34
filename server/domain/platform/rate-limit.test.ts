import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { resetDatabase } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { clearBuckets, refundSlots, type Slot, takeSlots } from "./rate-limit.ts";
import { createRefusalMemo } from "./refusal-memo.ts";

let opened: OpenedDatabase;
beforeAll(async () => {
  opened = await createTestDatabase();
});
afterAll(() => opened?.close());
beforeEach(() => resetDatabase(opened.db));

const t0 = new Date("2026-01-01T00:00:00Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const slot = (subject: string, max = 4, seconds = 60): Slot => ({
  bucket: "login-ip",
  subject,
  window: { max, seconds },
});

describe("GCRA buckets", () => {
  it("allows max at once, then one per interval, and says how long to wait", async () => {
    const { db } = opened;
    for (let i = 0; i < 4; i++) expect((await takeSlots(db, [slot("a")], t0)).ok).toBe(true);
    expect(await takeSlots(db, [slot("a")], t0)).toMatchObject({ ok: false, waitSeconds: 15 });
    expect(await takeSlots(db, [slot("a")], at(14))).toMatchObject({ ok: false, waitSeconds: 1 });
    expect((await takeSlots(db, [slot("a")], at(15))).ok).toBe(true);
    expect((await takeSlots(db, [slot("a")], at(15))).ok).toBe(false);
    expect((await takeSlots(db, [slot("b")], t0)).ok).toBe(true);
    // A long pause empties the bucket: a full burst again.
    for (let i = 0; i < 4; i++) expect((await takeSlots(db, [slot("a")], at(600))).ok).toBe(true);
  });

  it("takes every slot or none", async () => {
    const { db } = opened;
    const full = slot("full", 1);
    expect((await takeSlots(db, [full], t0)).ok).toBe(true);
    const refused = await takeSlots(db, [slot("free"), full], t0);
    expect(refused).toMatchObject({ ok: false, slot: full });
    // The refusal rolled back the slot taken in "free".
    for (let i = 0; i < 4; i++) expect((await takeSlots(db, [slot("free")], t0)).ok).toBe(true);
    expect((await takeSlots(db, [slot("free")], t0)).ok).toBe(false);
  });

  it("gives a slot back, and clears buckets by subject or prefix", async () => {
    const { db } = opened;
    for (let i = 0; i < 4; i++) await takeSlots(db, [slot("a")], t0);
    await refundSlots(db, [slot("a")]);
    expect((await takeSlots(db, [slot("a")], t0)).ok).toBe(true);
    for (let i = 0; i < 4; i++) await takeSlots(db, [slot("p x"), slot("p y")], t0);
    await clearBuckets(db, ["login-ip"], { prefix: "p " });
    expect((await takeSlots(db, [slot("p x"), slot("p y"), slot("a")], t0)).ok).toBe(false);
    expect((await takeSlots(db, [slot("p x"), slot("p y")], t0)).ok).toBe(true);
    await clearBuckets(db, ["login-ip"], { subject: "a" });
    expect((await takeSlots(db, [slot("a")], t0)).ok).toBe(true);
  });

  it("never hands out more than max slots to parallel requests", async () => {
    const { db } = opened;
    const results = await Promise.all(
      Array.from({ length: 60 }, () => takeSlots(db, [slot("race", 7), slot(`other`, 100)], t0)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(7);
  });
});

describe("remembered refusals", () => {
  it("refuse a known-full address bucket without the database, until it has room again", async () => {
    const { db } = opened;
    const memo = createRefusalMemo();
    const ipSlot = slot("203.0.113.1", 1, 60);
    expect((await takeSlots(db, [ipSlot], t0, memo)).ok).toBe(true);
    expect(await takeSlots(db, [ipSlot], t0, memo)).toMatchObject({ ok: false, waitSeconds: 60 });
    await clearBuckets(db, ["login-ip"], { subject: "203.0.113.1" });
    // The database has room now, the memory still says no: stricter for a while, never looser.
    expect(await takeSlots(db, [ipSlot], at(30), memo)).toMatchObject({ ok: false, waitSeconds: 30 });
    expect((await takeSlots(db, [ipSlot], at(60), memo)).ok).toBe(true);
  });

  it("never remembers the account buckets, which a password reset empties", async () => {
    const { db } = opened;
    const memo = createRefusalMemo();
    const account: Slot = { bucket: "login-account", subject: "owner@example.com", window: { max: 1, seconds: 60 } };
    await takeSlots(db, [account], t0, memo);
    expect((await takeSlots(db, [account], t0, memo)).ok).toBe(false);
    await clearBuckets(db, ["login-account"], { subject: "owner@example.com" });
    expect((await takeSlots(db, [account], t0, memo)).ok).toBe(true);
  });
});
