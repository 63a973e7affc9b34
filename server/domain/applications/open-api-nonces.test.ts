import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { resetDatabase } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { claimOpenApiNonce, pruneOpenApiNonces } from "./open-api-nonces.ts";

let db: Kysely<DB>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await createTestDatabase());
});
afterAll(() => close?.());
beforeEach(() => resetDatabase(db));

const created = new Date("2026-11-25T12:00:00Z");
const secondsIn = (seconds: number) => new Date(created.getTime() + seconds * 1000);

describe("open-API nonces", () => {
  it("are spent once per key within five minutes of created; another key's same nonce is its own", async () => {
    expect(await claimOpenApiNonce(db, "ak_a", "n-1", created, secondsIn(1))).toBe(true);
    expect(await claimOpenApiNonce(db, "ak_a", "n-1", created, secondsIn(2))).toBe(false);
    expect(await claimOpenApiNonce(db, "ak_a", "n-1", secondsIn(200), secondsIn(299))).toBe(false);
    expect(await claimOpenApiNonce(db, "ak_b", "n-1", created, secondsIn(2))).toBe(true);
  });

  it("a row past its window is taken over, not a replay, even before the prune removes it", async () => {
    expect(await claimOpenApiNonce(db, "ak_a", "n-1", created, secondsIn(1))).toBe(true);
    expect(await claimOpenApiNonce(db, "ak_a", "n-1", secondsIn(400), secondsIn(400))).toBe(true);
    expect(await claimOpenApiNonce(db, "ak_a", "n-1", secondsIn(400), secondsIn(401))).toBe(false);
    const row = await db.selectFrom("open_api_nonces").selectAll().executeTakeFirstOrThrow();
    expect(row.expires_at).toEqual(secondsIn(700));
  });

  it("are pruned once their window is over", async () => {
    await claimOpenApiNonce(db, "ak_a", "old", created, secondsIn(1));
    await claimOpenApiNonce(db, "ak_a", "new", secondsIn(100), secondsIn(101));
    expect(await pruneOpenApiNonces(db, secondsIn(300))).toBe(1);
    expect(await db.selectFrom("open_api_nonces").select("nonce").execute()).toEqual([{ nonce: "new" }]);
  });
});
