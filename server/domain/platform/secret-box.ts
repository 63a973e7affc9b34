import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets the server must read back (a TOTP secret) are sealed at rest with AES-256-GCM under a key derived (HKDF-SHA-256)
 * from the server secret and a purpose: a copy of the database alone reveals nothing, and a sealed value is bound to
 * its row (`context`, e.g. the merchant id) so it cannot be moved to another row. Format: `v1.<iv>.<tag>.<ciphertext>`.
 */
const keyOf = (secret: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), `merchant-console:secret-box:${purpose}`, 32));

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
