import { argon2Sync, randomBytes, scryptSync } from "node:crypto";
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

/** Checks a stored value and tells whether it went through the dummy hash. */
async function check(password: string, stored: string) {
  const before = dummyChecks.count;
  const result = await verifyPassword(password, stored);
  return { ...result, dummy: dummyChecks.count - before === 1 };
}

describe("password hashing", () => {
  it("hashes with argon2id at OWASP's parameters by default, salted, as a PHC string, and verifies", async () => {
    delete process.env.PASSWORD_HASH_COST;
    expect(productionCost).toEqual({ memoryKiB: 19_456, passes: 2, parallelism: 1 });
    const one = await hashPassword("Merchant7Pass");
    const two = await hashPassword("Merchant7Pass");
    // PHC: standard base64 without padding, 16-byte salt, 32-byte tag.
    expect(one).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(one).not.toBe(two);
    expect(await check("Merchant7Pass", one)).toEqual({ valid: true, needsRehash: false, dummy: false });
    expect(await check("Merchant7Pasz", one)).toEqual({ valid: false, needsRehash: false, dummy: false });
  });

  it("verifies the argon2 reference implementation's encoding (its test vector) and asks for an upgrade", async () => {
    // phc-winner-argon2 test.c: argon2id, t=2, m=2^16, p=1, "password", salt "somesalt".
    const reference = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc";
    // A wrong password is refused at OWASP's parameters above; at these (64 MiB) it would cost a second more.
    expect(await check("password", reference)).toEqual({ valid: true, needsRehash: true, dummy: false });
  });

  it("verifies hashes with base64url text and other tag lengths, asking for an upgrade of the latter", async () => {
    process.env.PASSWORD_HASH_COST = "test";
    const salt = Buffer.from("fbff".repeat(8), "hex"); // "-_" in base64url, "+/" in base64
    const params = { message: "Merchant7Pass", nonce: salt, parallelism: 1, memory: 256, passes: 2 };
    const urlSafe = `$argon2id$v=19$m=256,t=2,p=1$${salt.toString("base64url")}$${argon2Sync("argon2id", { ...params, tagLength: 32 }).toString("base64url")}`;
    expect(urlSafe).toMatch(/[-_]/);
    expect(await check("Merchant7Pass", urlSafe)).toEqual({ valid: true, needsRehash: false, dummy: false });
    const shortTag = `$argon2id$v=19$m=256,t=2,p=1$${salt.toString("base64url")}$${argon2Sync("argon2id", { ...params, tagLength: 16 }).toString("base64url")}`;
    expect(await check("Merchant7Pass", shortTag)).toEqual({ valid: true, needsRehash: true, dummy: false });
  });

  it("normalises passwords to NFC", async () => {
    process.env.PASSWORD_HASH_COST = "test";
    const stored = await hashPassword("Caf\u00e9Merchant7");
    expect((await verifyPassword("Cafe\u0301Merchant7", stored)).valid).toBe(true);
  });

  it("verifies an old scrypt hash and asks for an upgrade", async () => {
    const old = legacyScrypt("Merchant7Pass");
    expect(await check("Merchant7Pass", old)).toEqual({ valid: true, needsRehash: true, dummy: false });
    expect(await check("Wrong7Pass", old)).toEqual({ valid: false, needsRehash: false, dummy: false });
  });

  it("asks for an upgrade when the parameters are not the current ones", async () => {
    process.env.PASSWORD_HASH_COST = "test";
    const cheap = await hashPassword("Merchant7Pass");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=256,t=2,p=1\$/);
    expect(await verifyPassword("Merchant7Pass", cheap)).toEqual({ valid: true, needsRehash: false });
    delete process.env.PASSWORD_HASH_COST;
    expect(await verifyPassword("Merchant7Pass", cheap)).toEqual({ valid: true, needsRehash: true });
    expect(await verifyPassword("Merchant7Pasz", cheap)).toEqual({ valid: false, needsRehash: false });
  });

  it("does a dummy check for Google-only accounts and malformed stored values", async () => {
    process.env.PASSWORD_HASH_COST = "test";
    const valid = await hashPassword("Merchant7Pass");
    const stored = [
      `google$${randomBytes(24).toString("base64url")}`,
      "",
      "plain-text",
      "Merchant7Pass",
      valid.replace("argon2id", "argon2i"),
      valid.replace("v=19", "v=16"),
      valid.slice(0, -30), // tag under 16 bytes
      `${valid}$`,
      valid.replace(/\$[^$]+\$[^$]+$/, "$AAAA$AAAAAAAAAAAAAAAAAAAAAA"), // salt under 8 bytes
      `$argon2id$v=19$m=7,t=2,p=1$${"A".repeat(22)}$${"A".repeat(43)}`, // under 8 KiB per lane
      `$argon2id$v=19$m=19456,t=0,p=1$${"A".repeat(22)}$${"A".repeat(43)}`,
      `$argon2id$v=19$m=19456,t=2,p=0$${"A".repeat(22)}$${"A".repeat(43)}`,
      "scrypt$15$8$1$AAAA",
      "scrypt$x$8$1$AAAA$AAAA",
      "scrypt$15$8$1$AAAA$AAAA$extra",
    ];
    for (const value of stored)
      expect(await check("Merchant7Pass", value), value).toEqual({ valid: false, needsRehash: false, dummy: true });
    const before = dummyChecks.count;
    expect(await verifyAgainstDummy("x")).toBe(false);
    expect(dummyChecks.count).toBe(before + 1);
  });

  it("refuses stored parameters that would allocate too much, without trying them", async () => {
    process.env.PASSWORD_HASH_COST = "test";
    const salt = "A".repeat(22);
    const key = "A".repeat(43);
    const hostile = [
      `$argon2id$v=19$m=4194304,t=2,p=1$${salt}$${key}`, // 4 GiB
      `$argon2id$v=19$m=65537,t=2,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=19456,t=11,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=19456,t=999,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=19456,t=2,p=5$${salt}$${key}`,
      "scrypt$20$32$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA", // 4 GiB
      "scrypt$17$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA", // 128 MiB
      "scrypt$30$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA",
      "scrypt$10$8$5$AAAAAAAAAAAAAAAAAAAAAA$AAAA",
      "scrypt$1$262144$4$AAAAAAAAAAAAAAAAAAAAAA$AAAA",
      "scrypt$18$1$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA", // OpenSSL refuses N ≥ 2^(16·r): would throw, not answer
    ];
    for (const value of hostile)
      expect(await check("Merchant7Pass", value), value).toEqual({ valid: false, needsRehash: false, dummy: true });
  });

  it("takes the dummy path at the current cost", async () => {
    process.env.PASSWORD_HASH_COST = "test";
    const before = dummyChecks.count;
    expect(await verifyAgainstDummy("Merchant7Pass")).toBe(false);
    expect(dummyChecks.count).toBe(before + 1);
    process.env.PASSWORD_HASH_COST = "bogus";
    await expect(verifyAgainstDummy("Merchant7Pass")).rejects.toThrow(/PASSWORD_HASH_COST/);
  });

  it("refuses an unknown cost setting", async () => {
    for (const setting of ["cheap", "TEST", "11", " test"]) {
      process.env.PASSWORD_HASH_COST = setting;
      await expect(hashPassword("Merchant7Pass")).rejects.toThrow(/PASSWORD_HASH_COST/);
    }
  });
});
