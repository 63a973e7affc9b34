import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { ApplicationsTable, DB } from "../../db/schema.ts";
import { seal, unseal, unsealRemembered } from "../platform/secret-box.ts";

/**
 * Each application's Standard Webhooks signing secret: it signs the callbacks this service sends, apart from
 * the AppSecret that signs the merchant's open-API requests, so leaking or rotating one never touches the other.
 */

/** The sealing purpose of webhook secrets (platform/secret-box.ts): a sealed AppSecret cannot pass for one. */
const sealPurpose = "webhook-secret";
const prefix = "whsec_";

export const sealWebhookSecret = (secret: Buffer, appKey: string, webhookSecret: string) =>
  seal(secret, sealPurpose, appKey, webhookSecret);
export const unsealWebhookSecret = (secret: Buffer, appKey: string, sealed: string) =>
  unseal(secret, sealPurpose, appKey, sealed);

/** `whsec_` and the standard base64 of 32 random bytes: the form every `standardwebhooks` library takes as it is. */
export const newWebhookSecret = (): string => `${prefix}${randomBytes(32).toString("base64")}`;

/** The HMAC key of a webhook secret: the bytes its base64 (after `whsec_`) stands for, as the spec reads it. */
export function webhookKeyOf(webhookSecret: string): Buffer {
  const encoded = webhookSecret.startsWith(prefix) ? webhookSecret.slice(prefix.length) : webhookSecret;
  const key = Buffer.from(encoded, "base64");
  if (key.length < 24 || key.length > 64) throw new Error("not a webhook secret");
  return key;
}

export type WebhookSecretRow = Pick<
  Selectable<ApplicationsTable>,
  "id" | "app_key" | "webhook_secret_sealed" | "previous_webhook_secret_sealed" | "previous_webhook_secret_valid_until"
>;

/**
 * The row's sealed webhook secret; an application made before migration 0016 (which could not seal without the server
 * secret) gets its first one here, once: of two callers racing, the second's update finds it set and reads it.
 */
export async function webhookSecretSealedOf(db: Kysely<DB>, row: WebhookSecretRow, secret: Buffer): Promise<string> {
  if (row.webhook_secret_sealed) return row.webhook_secret_sealed;
  const made = await db
    .updateTable("applications")
    .set({ webhook_secret_sealed: sealWebhookSecret(secret, row.app_key, newWebhookSecret()) })
    .where("id", "=", row.id)
    .where("webhook_secret_sealed", "is", null)
    .returning("webhook_secret_sealed")
    .executeTakeFirst();
  const stored =
    made ??
    (await db
      .selectFrom("applications")
      .select("webhook_secret_sealed")
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow());
  if (!stored.webhook_secret_sealed) throw new Error(`application ${row.id} has no webhook secret`);
  return stored.webhook_secret_sealed;
}

/** When the webhook secret before the last rotation stops signing, if it still does at `now`. */
export const previousWebhookValidUntil = (row: WebhookSecretRow, now: Date): Date | null =>
  row.previous_webhook_secret_sealed &&
  row.previous_webhook_secret_valid_until &&
  row.previous_webhook_secret_valid_until > now
    ? row.previous_webhook_secret_valid_until
    : null;

/**
 * The webhook secrets a callback of this application is signed with at `now`, from its row as read just now (with the
 * rest of what the callback sends): the current one and, inside a rotation's grace window, the one before (a receiver
 * still holding it keeps verifying).
 */
export async function liveWebhookSecretsOfRow(
  db: Kysely<DB>,
  row: WebhookSecretRow,
  now: Date,
  secret: Buffer,
): Promise<string[]> {
  const secrets = [unsealRemembered(secret, sealPurpose, row.app_key, await webhookSecretSealedOf(db, row, secret))];
  if (row.previous_webhook_secret_sealed && previousWebhookValidUntil(row, now))
    secrets.push(unsealRemembered(secret, sealPurpose, row.app_key, row.previous_webhook_secret_sealed));
  return secrets;
}
