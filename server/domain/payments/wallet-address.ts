import { createHash, randomBytes } from "node:crypto";

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString("hex")}`);
  let out = "";
  while (value > 0n) {
    out = base58Alphabet[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest();

/**
 * A devnet address in the product's format, from fresh random bytes: Tron's base58check form
 * (0x41 prefix, so it reads "T" + 33 characters), otherwise the 0x + 40 hex form of EVM chains.
 */
export function newDevnetAddress(product: string): string {
  const account = randomBytes(20);
  if (/^(tron|trx)$/i.test(product)) {
    const payload = Buffer.concat([Buffer.from([0x41]), account]);
    return base58(Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]));
  }
  return `0x${account.toString("hex")}`;
}
