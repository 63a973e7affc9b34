import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { resetDatabase } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { checkCode, storeCode } from "./codes.ts";

let db: Kysely<DB>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await createTestDatabase());
});
afterAll(() => close());
beforeEach(() => resetDatabase(db));

const secret = Buffer.alloc(32, 1);
const otherSecret = Buffer.alloc(32, 2);
const now = new Date();
const store = (email: string, code: string, key = secret) =>
  storeCode(db, { email, purpose: "register", code, now, ttlSeconds: 600, secret: key });
const check = (email: string, code: string, key = secret) =>
  checkCode(db, {
    email,
    purpose: "register",
    code,
    now,
    maxAttempts: 5,
    consume: false,
    secret: key,
    requester: "192.0.2.1",
  });

describe("stored codes", () => {
  it("are salted per row: the same code twice gives two different hashes, neither the code's plain sha-256", async () => {
    await store("a@example.com", "123456");
    await store("b@example.com", "123456");
    const rows = await db.selectFrom("verification_codes").select(["salt", "code_hash"]).execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]?.salt).not.toBe(rows[1]?.salt);
    expect(Buffer.from(rows[0]?.salt ?? "", "base64url")).toHaveLength(16);
    expect(rows[0]?.code_hash).not.toBe(rows[1]?.code_hash);
    const unpeppered = createHash("sha256").update("register:a@example.com:123456").digest("hex");
    for (const row of rows) {
      expect(row.code_hash).not.toContain("123456");
      expect(row.code_hash).not.toBe(unpeppered);
    }
  });

  it("verify only under the server secret they were stored with (the pepper is not in the database)", async () => {
    await store("a@example.com", "654321");
    expect(await check("a@example.com", "654321", otherSecret)).toMatchObject({ ok: false, code: "2002" });
    expect(await check("a@example.com", "654321")).toMatchObject({ ok: true });
    expect(await check("a@example.com", "654320")).toMatchObject({ ok: false, code: "2002" });
  });
});
