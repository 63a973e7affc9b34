import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { englishText } from "../http/validation.ts";
import { bearerToken, hashToken, newToken } from "./tokens.ts";
import { newDevnetAddress } from "./wallet-address.ts";

describe("tokens", () => {
  it("are 32 random bytes, stored as their sha-256", () => {
    const token = newToken();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(hashToken(token)).toBe(createHash("sha256").update(token).digest("hex"));
    expect(newToken()).not.toBe(token);
  });

  it("are read from a Bearer header only", () => {
    expect(bearerToken("Bearer abc.DEF-123")).toBe("abc.DEF-123");
    expect(bearerToken("bearer abc")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken("Bearer ")).toBeNull();
    expect(bearerToken("Bearer a b")).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

describe("devnet addresses", () => {
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  const decode58 = (s: string) => {
    let n = 0n;
    for (const c of s) n = n * 58n + BigInt(alphabet.indexOf(c));
    return Buffer.from(n.toString(16).padStart(50, "0"), "hex");
  };

  it("are base58check with Tron's 0x41 prefix for Tron", () => {
    const address = newDevnetAddress("Tron");
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const bytes = decode58(address);
    expect(bytes[0]).toBe(0x41);
    const sha = (b: Buffer) => createHash("sha256").update(b).digest();
    expect(bytes.subarray(21)).toEqual(sha(sha(bytes.subarray(0, 21))).subarray(0, 4));
  });

  it("are 0x + 40 hex for the EVM products, and never repeat", () => {
    const addresses = new Set(["Eth", "Bsc", "Polygon", "Eth"].map(newDevnetAddress));
    expect(addresses.size).toBe(4);
    for (const address of addresses) expect(address).toMatch(/^0x[0-9a-f]{40}$/);
  });
});

describe("validation messages", () => {
  it("are the en-US text of the key, or the key", () => {
    expect(englishText("validation.emailFormat")).toBe("E-mail format error");
    expect(englishText("validation.nope")).toBe("validation.nope");
    expect(englishText("__proto__.polluted")).toBe("__proto__.polluted");
  });
});
