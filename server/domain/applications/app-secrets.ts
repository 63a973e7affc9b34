import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { seal, unseal, unsealRemembered } from "../platform/secret-box.ts";

/** The sealing purpose of AppSecrets (platform/secret-box.ts); the app key binds each to its row. */
const sealPurpose = "app-secret";

export const sealAppSecret = (secret: Buffer, appKey: string, appSecret: string) =>
  seal(secret, sealPurpose, appKey, appSecret);
export const unsealAppSecret = (secret: Buffer, appKey: string, sealed: string) =>
  unseal(secret, sealPurpose, appKey, sealed);

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `ak_` and 24 base62 characters (~143 bits): public, in every signed request's keyid. */
export function newAppKey(): string {
  let key = "";
  // 248 = 4 × 62: bytes at or above it are dropped, so every character is equally likely.
  while (key.length < 24) {
    for (const byte of randomBytes(32)) if (byte < 248 && key.length < 24) key += base62[byte % 62];
  }
  return `ak_${key}`;
}

/** 32 random bytes, base64url (43 characters). */
export const newAppSecret = (): string => randomBytes(32).toString("base64url");

/** The HMAC key of an AppSecret: its characters as the merchant copies them, UTF-8 (what signing libraries take). */
export const signingKeyOf = (appSecret: string): Buffer => Buffer.from(appSecret, "utf8");

/**
 * The keys an open-API request signed with `appKey` may use now (http/request-signature.ts `SignatureKeys.secretsOf`):
 * the current secret and, inside a rotation's grace window, the one before. Null for an unknown key or a stopped
 * application.
 */
export const liveSecretsOf = (db: Kysely<DB>, appKey: string, now: Date, secret: Buffer): Promise<Buffer[] | null> =>
  secretsWithStatus(db, appKey, now, secret, "normal");

/**
 * The same keys of a stopped application (null for any other key): a request signed with them is told the
 * application is stopped, while anyone without its secret only learns that the key is unknown.
 */
export const stoppedSecretsOf = (db: Kysely<DB>, appKey: string, now: Date, secret: Buffer): Promise<Buffer[] | null> =>
  secretsWithStatus(db, appKey, now, secret, "stopped");

async function secretsWithStatus(
  db: Kysely<DB>,
  appKey: string,
  now: Date,
  secret: Buffer,
  status: "normal" | "stopped",
): Promise<Buffer[] | null> {
  const row = await db
    .selectFrom("applications")
    .select(sealedSecretColumns)
    .where("app_key", "=", appKey)
    .executeTakeFirst();
  return row?.status === status ? signingKeysOf(row, appKey, now, secret) : null;
}

/** The columns `signingKeysOf` reads, for a caller that reads the application's row for more. */
export const sealedSecretColumns = [
  "status",
  "secret_sealed",
  "previous_secret_sealed",
  "previous_secret_valid_until",
] as const;

/** The current secret's key and, inside a rotation's grace window, the one before, from the application's row. */
export function signingKeysOf(
  row: { secret_sealed: string; previous_secret_sealed: string | null; previous_secret_valid_until: Date | null },
  appKey: string,
  now: Date,
  secret: Buffer,
): Buffer[] {
  // Every signed request comes here: the decryption is remembered by the sealed text, so a rotation is seen at once.
  const open = (sealed: string) => signingKeyOf(unsealRemembered(secret, sealPurpose, appKey, sealed));
  const keys = [open(row.secret_sealed)];
  if (row.previous_secret_sealed && row.previous_secret_valid_until && row.previous_secret_valid_until > now)
    keys.push(open(row.previous_secret_sealed));
  return keys;
}
