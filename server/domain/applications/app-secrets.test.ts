import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { resetDatabase, seedApplication, seedMerchant, testServerSecret } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { liveSecretsOf, newAppKey, newAppSecret, sealAppSecret, signingKeyOf, unsealAppSecret } from "./app-secrets.ts";

let db: Kysely<DB>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await createTestDatabase());
});
afterAll(() => close?.());
beforeEach(() => resetDatabase(db));

const now = new Date(Date.UTC(2026, 10, 25, 12));
const text = (keys: Buffer[] | null) => keys?.map((k) => k.toString("utf8")) ?? null;

describe("AppKey and AppSecret", () => {
  it("makes public keys of 24 base62 characters and secrets of 32 random bytes", () => {
    const keys = new Set(Array.from({ length: 200 }, newAppKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^ak_[0-9A-Za-z]{24}$/);
    const secret = newAppSecret();
    expect(Buffer.from(secret, "base64url")).toHaveLength(32);
    expect(signingKeyOf(secret).toString("utf8")).toBe(secret);
  });

  it("seals a secret to its app key: another row's key or another server secret cannot open it", () => {
    const sealed = sealAppSecret(testServerSecret, "ak_one", "s3cret");
    expect(sealed).not.toContain("s3cret");
    expect(unsealAppSecret(testServerSecret, "ak_one", sealed)).toBe("s3cret");
    expect(() => unsealAppSecret(testServerSecret, "ak_two", sealed)).toThrow();
    expect(() => unsealAppSecret(Buffer.alloc(32, 9), "ak_one", sealed)).toThrow();
  });
});

describe("liveSecretsOf (the open API's SignatureKeys.secretsOf)", () => {
  async function app(status: "normal" | "stopped" = "normal") {
    const { userId } = await seedMerchant(db, { email: "shop@example.com", password: "Merchant7Pass" });
    return seedApplication(db, { userId, status, appSecret: "current-secret" });
  }

  const previous = async (appKey: string, validUntil: Date) =>
    db
      .updateTable("applications")
      .set({
        previous_secret_sealed: sealAppSecret(testServerSecret, appKey, "previous-secret"),
        previous_secret_valid_until: validUntil,
      })
      .where("app_key", "=", appKey)
      .execute();

  it("answers the current secret, and the previous one until its grace window ends", async () => {
    const { appKey } = await app();
    expect(text(await liveSecretsOf(db, appKey, now, testServerSecret))).toEqual(["current-secret"]);
    await previous(appKey, new Date(now.getTime() + 1000));
    expect(text(await liveSecretsOf(db, appKey, now, testServerSecret))).toEqual(["current-secret", "previous-secret"]);
    const later = new Date(now.getTime() + 1000);
    expect(text(await liveSecretsOf(db, appKey, later, testServerSecret))).toEqual(["current-secret"]);
  });

  it("answers null for an unknown key and for a stopped application", async () => {
    expect(await liveSecretsOf(db, "ak_000000000000000000000000", now, testServerSecret)).toBeNull();
    const { appKey } = await app("stopped");
    expect(await liveSecretsOf(db, appKey, now, testServerSecret)).toBeNull();
  });
});
