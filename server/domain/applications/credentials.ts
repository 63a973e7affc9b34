import type { Kysely } from "kysely";
import {
  type AppCredentials,
  type AppCredentialsRequest,
  type AppRotateRequest,
  graceWindowSeconds,
} from "../../../contracts/schemas/apps.ts";
import type { DB } from "../../db/schema.ts";
import type { MerchantScope } from "../identity/merchant-scope.ts";
import { recordSecurityEvent, type SecurityEventSource } from "../identity/security-events.ts";
import { ok, type Outcome } from "../platform/outcome.ts";
import { newAppSecret, sealAppSecret, unsealAppSecret } from "./app-secrets.ts";
import { type ApplicationRow, withProof } from "./applications.ts";

export interface CredentialsContext extends SecurityEventSource {
  secret: Buffer;
}

const previousValidUntil = (row: ApplicationRow, now: Date): string | null =>
  row.previous_secret_valid_until && row.previous_secret_valid_until > now
    ? row.previous_secret_valid_until.toISOString()
    : null;

/** AppKey and AppSecret, for a proof of `credentials`; each view is in the security log. */
export async function applicationCredentials(
  db: Kysely<DB>,
  scope: MerchantScope,
  { appCode, proof }: AppCredentialsRequest,
  context: CredentialsContext,
): Promise<Outcome<AppCredentials>> {
  const { now, secret } = context;
  const answer = await withProof(db, scope, { appCode, proof, action: "credentials", now }, async (trx, app) => {
    await recordSecurityEvent(trx, context, "appCredentialsView", "success", scope.merchantId);
    return ok({
      appCode: app.app_code,
      appKey: app.app_key,
      appSecret: unsealAppSecret(secret, app.app_key, app.secret_sealed),
      previousSecretValidUntil: previousValidUntil(app, now),
    });
  });
  if (!answer.ok) await recordSecurityEvent(db, context, "appCredentialsView", answer, scope.merchantId);
  return answer;
}

/**
 * A new AppSecret, for a proof of `rotate`. The one it replaces keeps signing for the grace window chosen (none: it
 * stops at once); a secret before that, still in an earlier window, stops now: one previous secret at most.
 */
export async function rotateAppSecret(
  db: Kysely<DB>,
  scope: MerchantScope,
  { appCode, proof, graceWindow }: AppRotateRequest,
  context: CredentialsContext,
): Promise<Outcome<AppCredentials>> {
  const { now, secret } = context;
  const graceMs = graceWindowSeconds[graceWindow] * 1000;
  const answer = await withProof(db, scope, { appCode, proof, action: "rotate", now }, async (trx, app) => {
    const appSecret = newAppSecret();
    const validUntil = graceMs > 0 ? new Date(now.getTime() + graceMs) : null;
    await trx
      .updateTable("applications")
      .set({
        secret_sealed: sealAppSecret(secret, app.app_key, appSecret),
        previous_secret_sealed: validUntil ? app.secret_sealed : null,
        previous_secret_valid_until: validUntil,
        updated_at: now,
      })
      .where("id", "=", app.id)
      .execute();
    await recordSecurityEvent(trx, context, "appSecretRotate", "success", scope.merchantId);
    return ok({
      appCode: app.app_code,
      appKey: app.app_key,
      appSecret,
      previousSecretValidUntil: validUntil?.toISOString() ?? null,
    });
  });
  if (!answer.ok) await recordSecurityEvent(db, context, "appSecretRotate", answer, scope.merchantId);
  return answer;
}
