import type { Kysely } from "kysely";
import {
  type AppCredentials,
  type AppCredentialsRequest,
  type AppRotateRequest,
  graceWindowSeconds,
} from "../../../contracts/schemas/apps.ts";
import type { DB } from "../../db/schema.ts";
import type { Session } from "../identity/sessions.ts";
import { recordSecurityEvent, type SecurityEventSource } from "../identity/security-events.ts";
import { ok, type Outcome } from "../platform/outcome.ts";
import { newAppSecret, sealAppSecret, unsealAppSecret } from "./app-secrets.ts";
import { type ApplicationRow, withProof } from "./applications.ts";
import {
  newWebhookSecret,
  previousWebhookValidUntil,
  sealWebhookSecret,
  unsealWebhookSecret,
  webhookSecretSealedOf,
} from "./webhook-secrets.ts";

export interface CredentialsContext extends SecurityEventSource {
  secret: Buffer;
}

const previousValidUntil = (row: ApplicationRow, now: Date): string | null =>
  row.previous_secret_valid_until && row.previous_secret_valid_until > now
    ? row.previous_secret_valid_until.toISOString()
    : null;

/** Both secrets of the row in clear, and until when each one before a rotation still works. */
const credentialsOf = (row: ApplicationRow, webhookSealed: string, { secret, now }: CredentialsContext) => ({
  appCode: row.app_code,
  appKey: row.app_key,
  appSecret: unsealAppSecret(secret, row.app_key, row.secret_sealed),
  previousSecretValidUntil: previousValidUntil(row, now),
  webhookSecret: unsealWebhookSecret(secret, row.app_key, webhookSealed),
  previousWebhookSecretValidUntil: previousWebhookValidUntil(row, now)?.toISOString() ?? null,
});

/**
 * AppKey, AppSecret and the webhook secret, inside the session's verified window on the application or for a proof of
 * `credentials`; each view is in the security log.
 */
export async function applicationCredentials(
  db: Kysely<DB>,
  session: Session,
  { appCode, proof }: AppCredentialsRequest,
  context: CredentialsContext,
): Promise<Outcome<AppCredentials>> {
  const { now, secret } = context;
  const { scope } = session;
  const answer = await withProof(db, session, { appCode, proof, action: "credentials", now }, async (trx, app) => {
    const webhookSealed = await webhookSecretSealedOf(trx, app, secret);
    await recordSecurityEvent(trx, context, "appCredentialsView", "success", scope.merchantId);
    return ok(credentialsOf(app, webhookSealed, context));
  });
  if (!answer.ok) await recordSecurityEvent(db, context, "appCredentialsView", answer, scope.merchantId);
  return answer;
}

/**
 * A new AppSecret or webhook secret (`secret`, the AppSecret when absent), inside the session's verified window on the
 * application or for a proof of `rotate`; the other one is left as it is. The one it replaces keeps working for the
 * grace window chosen (none: it stops at once); one before that, still in an earlier window, stops now: one previous
 * secret of each kind at most.
 */
export async function rotateAppSecret(
  db: Kysely<DB>,
  session: Session,
  { appCode, proof, graceWindow, secret: kind = "appSecret" }: AppRotateRequest,
  context: CredentialsContext,
): Promise<Outcome<AppCredentials>> {
  const { now, secret } = context;
  const { scope } = session;
  const graceMs = graceWindowSeconds[graceWindow] * 1000;
  const validUntil = graceMs > 0 ? new Date(now.getTime() + graceMs) : null;
  const answer = await withProof(db, session, { appCode, proof, action: "rotate", now }, async (trx, app) => {
    const webhookSealed = await webhookSecretSealedOf(trx, app, secret);
    const changes =
      kind === "appSecret"
        ? {
            secret_sealed: sealAppSecret(secret, app.app_key, newAppSecret()),
            previous_secret_sealed: validUntil ? app.secret_sealed : null,
            previous_secret_valid_until: validUntil,
          }
        : {
            webhook_secret_sealed: sealWebhookSecret(secret, app.app_key, newWebhookSecret()),
            previous_webhook_secret_sealed: validUntil ? webhookSealed : null,
            previous_webhook_secret_valid_until: validUntil,
          };
    const row = await trx
      .updateTable("applications")
      .set({ ...changes, updated_at: now })
      .where("id", "=", app.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordSecurityEvent(trx, context, "appSecretRotate", "success", scope.merchantId);
    return ok(credentialsOf(row, row.webhook_secret_sealed ?? webhookSealed, context));
  });
  if (!answer.ok) await recordSecurityEvent(db, context, "appSecretRotate", answer, scope.merchantId);
  return answer;
}
