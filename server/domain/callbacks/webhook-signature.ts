import { createHmac } from "node:crypto";
import { webhookKeyOf } from "../applications/webhook-secrets.ts";

/** The three headers of a callback signed per Standard Webhooks 1.0. */
export interface WebhookHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

export interface WebhookMessage {
  /** The event's id: the same on every retry and redelivery, so the receiver can drop a repeat. */
  id: string;
  /** When this attempt is sent (whole seconds on the wire); receivers refuse one more than five minutes off. */
  timestamp: Date;
  /** The exact bytes of the request body. */
  body: Uint8Array;
}

/**
 * The Standard Webhooks headers of a callback: one `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` per secret,
 * space-separated (the current secret, and the one before it inside a rotation's grace window), so a receiver holding
 * either verifies it. Signed with node:crypto over the body's bytes rather than with `standardwebhooks`' `sign`: that
 * one turns a Buffer into a string first (not the exact bytes when they are not UTF-8) and takes one secret at a time;
 * the tests check every signature with that library's `Webhook.verify`.
 */
export function webhookHeaders({ id, timestamp, body }: WebhookMessage, secrets: readonly string[]): WebhookHeaders {
  if (secrets.length === 0) throw new Error("a callback needs a secret to be signed with");
  if (!/^[^\s.,]{1,255}$/.test(id)) throw new Error("a webhook id is 1–255 characters without spaces, dots or commas");
  const seconds = String(Math.floor(timestamp.getTime() / 1000));
  const signed = Buffer.concat([Buffer.from(`${id}.${seconds}.`, "utf8"), body]);
  const signatures = secrets.map(
    (secret) => `v1,${createHmac("sha256", webhookKeyOf(secret)).update(signed).digest("base64")}`,
  );
  return { "webhook-id": id, "webhook-timestamp": seconds, "webhook-signature": signatures.join(" ") };
}
