import { randomBytes } from "node:crypto";
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../testing/temp-dirs.ts";
import { checkSecretSetting, loadServerSecret, secretFileName, secretWeakness } from "./server-secret.ts";

const freshDir = tempDirs("mc-secret-");

const key = randomBytes(32);

describe("SERVER_SECRET", () => {
  it("takes 32 bytes as hex, base64 or base64url, and wins over the file", () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, secretFileName), `${randomBytes(32).toString("hex")}\n`);
    for (const text of [
      key.toString("hex"),
      key.toString("hex").toUpperCase(),
      key.toString("base64"),
      key.toString("base64url"),
      ` ${key.toString("hex")}\n`,
    ]) {
      expect(loadServerSecret({ env: { SERVER_SECRET: text }, dataDir }).equals(key)).toBe(true);
    }
  });

  it("refuses weaker or malformed secrets with a message that says what is needed", () => {
    const dataDir = freshDir();
    const load = (SERVER_SECRET: string) => () => loadServerSecret({ env: { SERVER_SECRET }, dataDir });
    expect(load(randomBytes(31).toString("hex"))).toThrow(
      "SERVER_SECRET holds 31 bytes, too few to be a key. SERVER_SECRET must hold at least 32 random bytes as hex or base64",
    );
    expect(load(randomBytes(16).toString("base64"))).toThrow("SERVER_SECRET holds 16 bytes");
    expect(load("correct horse battery staple, quite long really")).toThrow("SERVER_SECRET is neither hex nor base64");
    expect(load(`${key.toString("hex")}a`)).toThrow("odd number of digits");
    expect(load(`${key.toString("base64").slice(0, -2)}x=`)).toThrow("SERVER_SECRET is not valid base64");
  });
});

describe("SERVER_SECRET's entropy", () => {
  const check =
    (SERVER_SECRET: string, testServer = false) =>
    () =>
      checkSecretSetting({ SERVER_SECRET }, { testServer });
  const counting = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
  // Its random half never ends in a zero byte: one run in 256 did, and the run of zeros was then 17 bytes long.
  const randomHalf = randomBytes(16);
  randomHalf[15] = randomHalf[15]! | 1;
  const halfZeros = Buffer.concat([randomHalf, Buffer.alloc(16)]);
  // Half of it one value, spread out: no run, no block, but lopsided.
  const lopsided = Buffer.from(randomBytes(32).map((b, i) => (i % 2 ? 0 : b | 1)));

  it("refuses secrets made by hand (64 zero digits, a repeated pattern, a counting sequence, half zeros), saying why", () => {
    expect(check("0".repeat(64))).toThrow(
      "SERVER_SECRET looks chosen by hand rather than random: only 1 different byte value in 32. SERVER_SECRET must hold at least 32 random bytes",
    );
    expect(check("deadbeef".repeat(8))).toThrow("only 4 different byte values in 32");
    expect(check(randomBytes(16).toString("hex").repeat(2))).toThrow("a block of 16 bytes repeated 2 times");
    expect(check(Buffer.from("password".repeat(8)).toString("base64"))).toThrow("looks chosen by hand");
    expect(check(counting.toString("hex"))).toThrow("only 1 different step between neighbouring bytes");
    expect(check(halfZeros.toString("hex"))).toThrow("the same byte 16 times in a row");
    expect(secretWeakness(lopsided)).toMatch(/^about \d+ bits by a Shannon estimate, fewer than 112$/);
    expect(check(lopsided.toString("base64"))).toThrow("by a Shannon estimate");
  });

  it("lets random secrets through, and only warns on a test server", () => {
    for (let i = 0; i < 2_000; i++) expect(secretWeakness(randomBytes(32 + (i % 33)))).toBeNull();
    expect(check(randomBytes(32).toString("hex"))()).toBeNull();
    expect(check("")()).toBeNull();
    expect(check("0".repeat(64), true)()).toContain("SERVER_SECRET looks chosen by hand rather than random");
    // A malformed one is refused everywhere, test servers too.
    expect(check("abcdef", true)).toThrow("SERVER_SECRET holds 3 bytes");
  });
});

describe("<DATA_DIR>/server-secret", () => {
  it("is created once with 32 random bytes, mode 0600, and read back on the next start", () => {
    const dataDir = freshDir();
    const first = loadServerSecret({ env: {}, dataDir });
    const path = join(dataDir, secretFileName);
    expect(first).toHaveLength(32);
    expect(readFileSync(path, "utf8")).toBe(`${first.toString("hex")}\n`);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadServerSecret({ env: { SERVER_SECRET: "" }, dataDir }).equals(first)).toBe(true);
    expect(loadServerSecret({ env: {}, dataDir: freshDir() }).equals(first)).toBe(false);
  });

  it("tightens a file others could read", () => {
    const dataDir = freshDir();
    const path = join(dataDir, secretFileName);
    writeFileSync(path, key.toString("hex"));
    chmodSync(path, 0o644);
    expect(loadServerSecret({ env: {}, dataDir }).equals(key)).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("refuses a damaged file instead of replacing it (that would void every code and device cookie)", () => {
    const dataDir = freshDir();
    const path = join(dataDir, secretFileName);
    writeFileSync(path, "abc123\n");
    expect(() => loadServerSecret({ env: {}, dataDir })).toThrow(`${path} holds 3 bytes`);
    expect(readFileSync(path, "utf8")).toBe("abc123\n");
  });
});
