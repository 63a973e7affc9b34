import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { sealedSecretColumns, signingKeysOf } from "./app-secrets.ts";
import type { AnyMerchantScope, SystemMerchantScope } from "../platform/merchant-scope.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";

/**
 * An open-API request has no session: the system acts for the merchant whose application signed it, found by the
 * AppKey its signature verified under (never by an id the request names).
 */
const system = systemScope("open-api");

export interface OpenApiCaller {
  applicationId: string;
  appCode: string;
  appKey: string;
  scope: SystemMerchantScope;
}

/**
 * An application acting for its merchant: the open API's caller, or an application the signed-in merchant chose in the
 * console (a payment link makes its invoice as the application's open-API call would).
 */
export type ActingApplication = Pick<OpenApiCaller, "applicationId" | "appCode"> & { scope: AnyMerchantScope };

/** The application a verified keyid names; null when there is none (deleted in between) or it is stopped. */
export async function openApiCaller(db: Kysely<DB>, appKey: string): Promise<OpenApiCaller | null> {
  const row = await db
    .selectFrom("applications")
    .select(["id", "app_code", "merchant_id", "status"])
    .where("app_key", "=", appKey)
    .executeTakeFirst();
  if (row?.status !== "normal") return null;
  return { applicationId: row.id, appCode: row.app_code, appKey, scope: actFor(system, row.merchant_id) };
}

/** The application's row as a signed call reads it: the caller it acts as, and the secrets its signature may use. */
export interface SignerRow {
  id: string;
  app_code: string;
  merchant_id: string;
  status: "normal" | "stopped";
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_valid_until: Date | null;
}

/** The keys a request signed with `appKey` may use at `now`, and the application it then acts as, from its row. */
export function signerOf(row: SignerRow, appKey: string, now: Date, secret: Buffer) {
  return {
    keys: signingKeysOf(row, appKey, now, secret),
    caller: { applicationId: row.id, appCode: row.app_code, appKey, scope: actFor(system, row.merchant_id) },
  };
}

/**
 * The keys a request signed with `appKey` may use now (as `liveSecretsOf`) and the application it then acts as, from one
 * read of the application's row: the caller is the row whose secret verified, never a second read. Null for an unknown
 * key or a stopped application.
 */
export async function liveSignerOf(
  db: Kysely<DB>,
  appKey: string,
  now: Date,
  secret: Buffer,
): Promise<{ keys: Buffer[]; caller: OpenApiCaller; row: SignerRow } | null> {
  const row = await db
    .selectFrom("applications")
    .select(["id", "app_code", "merchant_id", ...sealedSecretColumns])
    .where("app_key", "=", appKey)
    .executeTakeFirst();
  if (row?.status !== "normal") return null;
  return { ...signerOf(row, appKey, now, secret), row };
}
