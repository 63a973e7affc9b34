import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * A queued mail's body, sealed with AES-256-GCM under a key derived from the server secret (HMAC-SHA-256, label
 * `mail-outbox-key`) and bound to its recipient: a copy of the database alone reads no code, and the outbox can still
 * retry the delivery. Same trust boundary as the codes' pepper: whoever has the server secret can read both.
 */
const keyOf = (secret: Buffer) => createHmac("sha256", secret).update("mail-outbox-key").digest();

const version = "v1";

export function sealMailBody(secret: Buffer, recipient: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  cipher.setAAD(Buffer.from(recipient));
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return `${version}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/** The body's text, or null when it was blanked, sealed under another secret or for another recipient, or damaged. */
export function openMailBody(secret: Buffer, recipient: string, body: string): string | null {
  const [tag, data] = body.split(".");
  if (tag !== version || !data) return null;
  const bytes = Buffer.from(data, "base64url");
  if (bytes.length < 28) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(recipient));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
