import { randomBytes } from "node:crypto";
import { bytesToHex, encodeAbiParameters, getAddress, getContractAddress, type Hex, keccak256 } from "viem";
import { describe, expect, it } from "vitest";
import { checksummed, create2Address, encodedStringPair } from "./create2-address.ts";

const hex = (bytes: number): Hex => bytesToHex(randomBytes(bytes));
const strings = [
  "",
  "a",
  "app-1",
  "invoice 3q2+7w",
  "x".repeat(31),
  "y".repeat(32),
  "z".repeat(33),
  "ünïcødé ✓ 🚀",
  "🚀".repeat(40),
];

describe("the deposit addresses' arithmetic on node:crypto", () => {
  it("ABI-encodes a pair of strings as viem does, whatever their lengths and characters", () => {
    for (const first of strings)
      for (const second of strings)
        expect(bytesToHex(encodedStringPair(first, second))).toBe(
          encodeAbiParameters([{ type: "string" }, { type: "string" }], [first, second]),
        );
  });

  it("checksums an address as viem's getAddress does", () => {
    for (let i = 0; i < 200; i++) {
      const address = hex(20);
      expect(checksummed(address.slice(2))).toBe(getAddress(address));
    }
  });

  it("gives the CREATE2 address viem gives, from a checksummed or a lower-case factory", () => {
    const bytecodeHash = keccak256(hex(500));
    for (let i = 0; i < 200; i++) {
      const from = getAddress(hex(20));
      const salt = hex(32);
      const expected = getContractAddress({ opcode: "CREATE2", from, salt, bytecodeHash });
      expect(create2Address(from, salt, bytecodeHash)).toBe(expected);
      expect(create2Address(from.toLowerCase() as typeof from, salt, bytecodeHash)).toBe(expected);
    }
  });
});
