import { seal, unseal } from "../platform/secret-box.ts";

/**
 * A queued mail's body, sealed with the secret box (AES-256-GCM under a key derived from the server secret, purpose
 * `mail-outbox`) and bound to its recipient: a copy of the database alone reads no code, and the outbox can still retry
 * the delivery. Same trust boundary as the codes' pepper: whoever has the server secret can read both.
 */
const purpose = "mail-outbox";

export const sealMailBody = (secret: Buffer, recipient: string, text: string): string =>
  seal(secret, purpose, recipient, text);

/** The body's text, or null when it was blanked, sealed under another secret or for another recipient, or damaged. */
export function openMailBody(secret: Buffer, recipient: string, body: string): string | null {
  try {
    return unseal(secret, purpose, recipient, body);
  } catch {
    return null;
  }
}
