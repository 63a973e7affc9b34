import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newDevnetAddress } from "./wallet-address.ts";

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
