import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { pruneSecurityEvents } from "../identity/security-events.ts";
import { pruneProofs } from "../applications/proofs.ts";
import { pruneOpenApiNonces } from "../applications/open-api-nonces.ts";
import { pruneVerifiedWindows } from "../applications/verified-windows.ts";
import type { Limits } from "./limits.ts";

export interface Pruned {
  sessions: number;
  codes: number;
  rateLimits: number;
  outboxCodesBlanked: number;
  outboxRows: number;
  /** Used Google ID tokens past their expiry (no longer replayable anyway) and link tickets a day after theirs. */
  googleRows: number;
  demoOrders: number;
  /** Security events older than a year (identity/security-events.ts). */
  securityEvents: number;
  /** Application proofs a day past their five minutes (applications/proofs.ts). */
  applicationProofs: number;
  /** Verified windows a day past their end (applications/verified-windows.ts); the others go with their sessions. */
  verifiedWindows: number;
  /** Open-API nonces past their signature's five minutes (applications/open-api-nonces.ts). */
  openApiNonces: number;
}

/** Ended sessions and used codes are kept a day, for whoever looks into an incident; mail a week. */
const keepEndedMs = 86_400_000;
const keepMailMs = 7 * 86_400_000;

const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) =>
  Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0n);

/**
 * What no request will read again: sessions past their idle or absolute limit or revoked, codes
 * expired, drained throttling buckets (a `tat` in the past says nothing), a code mail's sealed text and
 * (test servers) plain code once the code expires, old mail, used Google ID tokens and link tickets past their
 * expiry, ended demo orders and security events past a year.
 */
export async function pruneExpired(db: Kysely<DB>, now: Date, limits: Limits): Promise<Pruned> {
  const dayAgo = new Date(now.getTime() - keepEndedMs);
  const sessions = await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("revoked_at", "<", dayAgo),
        eb("created_at", "<", new Date(dayAgo.getTime() - limits.sessionAbsoluteSeconds * 1000)),
        eb("last_seen_at", "<", new Date(dayAgo.getTime() - limits.sessionIdleSeconds * 1000)),
      ]),
    )
    .executeTakeFirst();
  const codes = await db.deleteFrom("verification_codes").where("expires_at", "<", dayAgo).executeTakeFirst();
  const rateLimits = await db.deleteFrom("rate_limits").where("tat", "<=", now).executeTakeFirst();
  const outboxCodesBlanked = await db
    .updateTable("mail_outbox")
    .set({ code: null, body: "" })
    .where((eb) => eb.or([eb("code", "is not", null), eb("body", "!=", "")]))
    .where("code_expires_at", "<=", now)
    .executeTakeFirst();
  const outboxRows = await db
    .deleteFrom("mail_outbox")
    .where("created_at", "<", new Date(now.getTime() - keepMailMs))
    .executeTakeFirst();
  const usedTokens = await db.deleteFrom("google_used_tokens").where("expires_at", "<", now).executeTakeFirst();
  const linkTickets = await db.deleteFrom("google_link_tickets").where("expires_at", "<", dayAgo).executeTakeFirst();
  const demoOrders = await db.deleteFrom("demo_orders").where("expires_at", "<", dayAgo).executeTakeFirst();
  return {
    sessions: count(sessions),
    codes: count(codes),
    rateLimits: count(rateLimits),
    outboxCodesBlanked: count(outboxCodesBlanked),
    outboxRows: count(outboxRows),
    googleRows: count(usedTokens) + count(linkTickets),
    demoOrders: count(demoOrders),
    securityEvents: await pruneSecurityEvents(db, now),
    applicationProofs: await pruneProofs(db, dayAgo),
    verifiedWindows: await pruneVerifiedWindows(db, dayAgo),
    openApiNonces: await pruneOpenApiNonces(db, now),
  };
}

/**
 * Runs the prune `everyMs` after the previous run ended (first shortly after start), so runs never
 * overlap; the timer never keeps the process alive. The returned stop waits for a run in progress,
 * so the database is not closed under it.
 */
export function schedulePrune(
  run: () => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const after = (delayMs: number) => {
    timer = setTimeout(() => {
      running = run().then(
        () => {},
        (error: unknown) => onError(error),
      );
      void running.then(() => {
        if (!stopped) after(everyMs);
      });
    }, delayMs);
    timer.unref();
  };
  after(Math.min(everyMs, 5_000));
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
