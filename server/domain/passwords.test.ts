import { randomBytes, scryptSync } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { dummyChecks, hashPassword, productionCost, verifyAgainstDummy, verifyPassword } from "./passwords.ts";

const saved = process.env.PASSWORD_HASH_COST;
afterEach(() => {
  if (saved === undefined) delete process.env.PASSWORD_HASH_COST;
  else process.env.PASSWORD_HASH_COST = saved;
});

/** A hash as the server wrote them before argon2id. */
function legacyScrypt(password: string, log2N = 11): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** log2N, r: 8, p: 1 });
  return ["scrypt", log2N, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

describe("password hashing", () => {
  it("hashes with argon2id at OWASP's parameters by default, salted, and verifies", async () => {
    delete process.env.PASSWORD_HASH_COST;
    expect(productionCost).toEqual({ memoryKiB: 19_456, passes: 2, parallelism: 1 });
    const one = await hashPassword("Merchant7Pass");
    const two = await hashPassword("Merchant7Pass");
    expect(one).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword("Merchant7Pass", one)).toEqual({ valid: true, needsRehash: false });
    expect(await verifyPassword("Merchant7Pasz", one)).toEqual({ valid: false, needsRehash: false });
  });

  it("verifies an old scrypt hash and asks for an upgrade", async () => {
    const old = legacyScrypt("Merchant7Pass");
    expect(await verifyPassword("Merchant7Pass", old)).toEqual({ valid: true, needsRehash: true });
    expect(await verifyPassword("Wrong7Pass", old)).toEqual({ valid: false, needsRehash: false });
  });

  it("asks for an upgrade when the parameters are not the current ones", async () => {
    process.env.PASSWORD_HASH_COST = "test";
    const cheap = await hashPassword("Merchant7Pass");
    expect(await verifyPassword("Merchant7Pass", cheap)).toEqual({ valid: true, needsRehash: false });
    delete process.env.PASSWORD_HASH_COST;
    expect(await verifyPassword("Merchant7Pass", cheap)).toEqual({ valid: true, needsRehash: true });
  });

  it("does a dummy check for Google-only accounts and malformed or hostile stored values", async () => {
    process.env.PASSWORD_HASH_COST = "test";
    const stored = [
      `google$${randomBytes(24).toString("base64url")}`,
      "plain-text",
      "scrypt$30$8$1$AAAA$AAAA",
      `$argon2id$v=19$m=4194304,t=2,p=1$${"A".repeat(22)}$${"A".repeat(43)}`,
      `$argon2id$v=19$m=19456,t=99,p=1$${"A".repeat(22)}$${"A".repeat(43)}`,
    ];
    for (const value of stored) {
      const before = dummyChecks.count;
      expect(await verifyPassword("Merchant7Pass", value)).toEqual({ valid: false, needsRehash: false });
      expect(dummyChecks.count).toBe(before + 1);
    }
    expect(await verifyAgainstDummy("x")).toBe(false);
  });

  it("refuses an unknown cost setting", async () => {
    process.env.PASSWORD_HASH_COST = "cheap";
    await expect(hashPassword("Merchant7Pass")).rejects.toThrow(/PASSWORD_HASH_COST/);
  });
});
