import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { pruneOpenApiNonces } from "../domain/applications/open-api-nonces.ts";
import { pruneProofs } from "../domain/applications/proofs.ts";
import { pruneVerifiedWindows } from "../domain/applications/verified-windows.ts";
import { pruneGoogleRows } from "../domain/identity/google-link.ts";
import { pruneSecurityEvents } from "../domain/identity/security-events.ts";
import { pruneSessions } from "../domain/identity/sessions.ts";
import { pruneCodes } from "../domain/identity/verification-codes.ts";
import { pruneDemoInvoices } from "../domain/invoices/demo-prune.ts";
import { pruneMail } from "../domain/messaging/mail-outbox.ts";
import type { Limits } from "../domain/platform/limits.ts";
import { pruneRateLimits } from "../domain/platform/rate-limit.ts";

export interface Pruned {
  sessions: number;
  codes: number;
  rateLimits: number;
  outboxCodesBlanked: number;
  outboxRows: number;
  /** Used Google ID tokens past their expiry (no longer replayable anyway) and link tickets a day after theirs. */
  googleRows: number;
  /** Security events older than a year (identity/security-events.ts). */
  securityEvents: number;
  /** Application proofs a day past their five minutes (applications/proofs.ts). */
  applicationProofs: number;
  /** Verified windows a day past their end (applications/verified-windows.ts); the others go with their sessions. */
  verifiedWindows: number;
  /** Open-API nonces past their signature's five minutes (applications/open-api-nonces.ts). */
  openApiNonces: number;
  /** /demo01's invoices a week after they ended with nothing received (invoices/demo-prune.ts). */
  demoInvoices: number;
}

/** Ended sessions and used codes are kept a day, for whoever looks into an incident. */
const keepEndedMs = 86_400_000;

/**
 * What no request will read again, each area pruning its own rows: sessions past their idle or absolute limit or
 * revoked, codes expired, drained throttling buckets, a code mail's sealed text once the code expires, old mail, used
 * Google ID tokens and link tickets, security events past a year, the applications' proofs, verified windows and
 * open-API nonces, and the demo's invoices that ended with nothing received. The list is the server's wiring: an area
 * does not know the others'.
 */
export async function pruneExpired(db: Kysely<DB>, now: Date, limits: Limits): Promise<Pruned> {
  const dayAgo = new Date(now.getTime() - keepEndedMs);
  const sessions = await pruneSessions(db, dayAgo, limits);
  const codes = await pruneCodes(db, dayAgo);
  const rateLimits = await pruneRateLimits(db, now);
  const mail = await pruneMail(db, now);
  return {
    sessions,
    codes,
    rateLimits,
    outboxCodesBlanked: mail.codesBlanked,
    outboxRows: mail.rows,
    googleRows: await pruneGoogleRows(db, now, dayAgo),
    securityEvents: await pruneSecurityEvents(db, now),
    applicationProofs: await pruneProofs(db, dayAgo),
    verifiedWindows: await pruneVerifiedWindows(db, dayAgo),
    openApiNonces: await pruneOpenApiNonces(db, now),
    demoInvoices: await pruneDemoInvoices(db, now),
  };
}
