import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { LRUCache } from "lru-cache";
import { recentMap } from "./recent-map.ts";

/**
 * Secrets the server must read back (a TOTP secret) are sealed at rest with AES-256-GCM under a key derived (HKDF-SHA-256)
 * from the server secret and a purpose: a copy of the database alone reveals nothing, and a sealed value is bound to
 * its row (`context`, e.g. the merchant id) so it cannot be moved to another row. Format: `v1.<iv>.<tag>.<ciphertext>`.
 */
const derivedKeys = new WeakMap<Buffer, Map<string, Buffer>>();

/** The purpose's key, derived once per server secret: every signed open-API request unseals its AppSecret. */
function keyOf(secret: Buffer, purpose: string): Buffer {
  let keys = derivedKeys.get(secret);
  if (!keys) {
    keys = new Map();
    derivedKeys.set(secret, keys);
  }
  let key = keys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), `merchant-console:secret-box:${purpose}`, 32));
    keys.set(purpose, key);
  }
  return key;
}

export function seal(secret: Buffer, purpose: string, context: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret, purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain text, or throws when the value was altered, moved to another context or sealed under another secret. */
export function unseal(secret: Buffer, purpose: string, context: string, sealed: string): string {
  const [version, iv, tag, body, ...rest] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined || rest.length > 0) throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret, purpose), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/**
 * Unsealed values by server secret, then by purpose, context and sealed text, for a secret read on every request (an
 * AppSecret, a webhook secret). Keyed by the sealed text itself, so a rotation (a new sealed text) is never answered
 * with the value before it and nothing is ever stale: the row is still read each time, only its decryption is saved.
 * A value that does not unseal is never remembered; past the bound, the one least recently read is unsealed again (a bound
 * on memory, not a correctness matter).
 */
export const unsealRemembered = rememberedUnsealing(10_000);

/** `open` (unseal) with at most `entries` values remembered per server secret. */
export function rememberedUnsealing(entries: number, open: typeof unseal = unseal): typeof unseal {
  const unsealed = new WeakMap<Buffer, LRUCache<string, string>>();
  return (secret, purpose, context, sealed) => {
    let cache = unsealed.get(secret);
    if (!cache) {
      cache = recentMap(entries);
      unsealed.set(secret, cache);
    }
    const key = `${purpose}\u0000${context}\u0000${sealed}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const plain = open(secret, purpose, context, sealed);
    cache.set(key, plain);
    return plain;
  };
}
