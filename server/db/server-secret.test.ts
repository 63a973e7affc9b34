import { randomBytes } from "node:crypto";
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../testing/temp-dirs.ts";
import { loadServerSecret, secretFileName } from "./server-secret.ts";

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
