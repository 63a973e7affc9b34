import type { Generated } from "kysely";
import type { Id } from "./columns.ts";

/** One GCRA bucket: `tat` is the theoretical arrival time of the next event (see domain/platform/rate-limit.ts). */
export interface RateLimitsTable {
  bucket: string;
  subject: string;
  tat: Date;
}

export interface MailOutboxTable {
  id: Id;
  recipient: string;
  subject: string;
  /** Sealed (domain/messaging/sealed-mail.ts): AES-256-GCM under a key derived from the server secret; "" once the code expired. */
  body: string;
  /** The plain code for the dev outbox, on test servers (DEV_OUTBOX) only, until code_expires_at; else null. */
  code: string | null;
  code_expires_at: Date | null;
  created_at: Date;
  sent_at: Date | null;
  /** Delivery tries so far; the next one is due at next_attempt_at; failed_at once given up on. */
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  failed_at: Date | null;
}

/** The platform area's tables, its part of `DB` (server/db/schema.ts). */
export interface PlatformTables {
  rate_limits: RateLimitsTable;
  mail_outbox: MailOutboxTable;
}
