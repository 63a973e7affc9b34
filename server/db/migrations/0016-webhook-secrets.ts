import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0016_webhook_secrets (issue 28): each application's own Standard Webhooks signing secret (`whsec_…`),
 * apart from the AppSecret, sealed like it (its own seal purpose, bound to the app key) and rotated like it: the one
 * before a rotation is kept, sealed, until previous_webhook_secret_valid_until, and never after.
 *
 * Applications made before this migration have none: sealing needs the server secret, which a migration does not
 * have, so the server makes one the first time it is needed (domain/applications/webhook-secrets.ts).
 */
export const migration0016WebhookSecrets: Migration = {
  async up(db) {
    await sql`
        alter table applications
          add column webhook_secret_sealed text,
          add column previous_webhook_secret_sealed text,
          add column previous_webhook_secret_valid_until timestamptz,
          add constraint applications_previous_webhook_secret_check
            check ((previous_webhook_secret_sealed is null) = (previous_webhook_secret_valid_until is null)),
          add constraint applications_webhook_secret_rotated_check
            check (webhook_secret_sealed is not null or previous_webhook_secret_sealed is null)`.execute(db);
  },
};
