import { createHash } from "node:crypto";
import type { Address, Hex } from "viem";

/**
 * The deposit addresses' arithmetic on node:crypto's Keccak-256 (OpenSSL) rather than viem's JavaScript one: every new
 * invoice and deposit address computes one salt and one CREATE2 address with its checksum, three hashes that took more
 * of a new invoice's CPU than the rest of its address (docs/benchmarks.md). The answers are viem's, byte for byte
 * (create2-address.test.ts compares them).
 */
const keccak256 = (data: Buffer) => createHash("keccak-256").update(data).digest();

const bytesOf = (hex: Hex | Address) => Buffer.from(hex.slice(2), "hex");
const paddedLength = (length: number) => Math.ceil(length / 32) * 32;

/** `encodeAbiParameters([{ type: "string" }, { type: "string" }], [first, second])`, as bytes. */
export function encodedStringPair(first: string, second: string): Buffer {
  const a = Buffer.from(first, "utf8");
  const b = Buffer.from(second, "utf8");
  const aAt = 64;
  const bAt = aAt + 32 + paddedLength(a.length);
  const encoded = Buffer.alloc(bAt + 32 + paddedLength(b.length));
  // Each head word is the offset of its string's tail; each tail its length, then its bytes padded to a word.
  encoded.writeUInt32BE(aAt, 28);
  encoded.writeUInt32BE(bAt, 60);
  encoded.writeUInt32BE(a.length, aAt + 28);
  a.copy(encoded, aAt + 32);
  encoded.writeUInt32BE(b.length, bAt + 28);
  b.copy(encoded, bAt + 32);
  return encoded;
}

/** EIP-55: each letter of the address upper-cased where the Keccak-256 of its lower-case hex has a nibble ≥ 8. */
export function checksummed(lowerHex: string): Address {
  const hash = keccak256(Buffer.from(lowerHex, "ascii"));
  let out = "0x";
  for (let i = 0; i < lowerHex.length; i++) {
    const char = lowerHex[i]!;
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out as Address;
}

/** `getContractAddress({ opcode: "CREATE2", from, salt, bytecodeHash })`. */
export function create2Address(from: Address, salt: Hex, bytecodeHash: Hex): Address {
  const hash = keccak256(Buffer.concat([Buffer.from([0xff]), bytesOf(from), bytesOf(salt), bytesOf(bytecodeHash)]));
  return checksummed(hash.subarray(12).toString("hex"));
}
