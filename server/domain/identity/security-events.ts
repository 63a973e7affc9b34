import type { Kysely } from "kysely";
import type { SecurityEvent, SecurityEventKind, SecurityOutcome } from "../../../contracts/schemas/security-events.ts";
import type { DB } from "../../db/schema.ts";
import type { Outcome } from "../platform/outcome.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";

/**
 * The authentication and security event log (ASVS 16.3.1–16.3.3): who (when known), from which address,
 * with which browser, when, what and how it ended. It takes no free text, only a kind of the contract's list and an
 * outcome, so no password, code or token can reach it; the user agent is cut and stripped of control characters.
 * Kept a year (server/wiring/prune-expired.ts); the merchant sees their own rows (User/SecurityActivity), operators query the table
 * (server/README.md, "Security event log").
 */
export interface SecurityEventSource {
  /** The client's address, checked and canonical (http/client-address.ts). */
  ip: string;
  /** The request's User-Agent header, as sent; absent from calls made without a request (tests, jobs). */
  userAgent?: string;
  now: Date;
}

/**
 * Records one event, in the caller's transaction when given one (a rolled-back change leaves no success behind).
 * `outcome` may be the use case's answer: ok → success, 429 → refused, any other refusal → failure. `merchantId` is
 * the merchant concerned when one is known (not for an unknown e-mail). One line at each point that records, so the
 * calls merge easily with other changes to the same use cases.
 */
export async function recordSecurityEvent(
  db: Kysely<DB>,
  { ip, userAgent, now }: SecurityEventSource,
  kind: SecurityEventKind,
  outcome: SecurityOutcome | Outcome<unknown>,
  merchantId?: string | null,
): Promise<void> {
  await db
    .insertInto("security_events")
    .values({
      merchant_id: merchantId ?? null,
      kind,
      outcome: typeof outcome === "string" ? outcome : outcomeOf(outcome),
      ip,
      user_agent: cleanUserAgent(userAgent),
      created_at: now,
    })
    .execute();
}

export const outcomeOf = (outcome: Outcome<unknown>): SecurityOutcome =>
  outcome.ok ? "success" : outcome.status === 429 ? "refused" : "failure";

const userAgentMaxLength = 256;
/** C0 and C1 controls, and the bidirectional ones that would turn around what an operator's terminal shows. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const unprintable = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

export const cleanUserAgent = (userAgent: string | undefined): string =>
  (userAgent ?? "").replace(unprintable, "").slice(0, userAgentMaxLength);

/** The merchant's most recent events, newest first. */
export async function recentSecurityEvents(
  db: Kysely<DB>,
  { merchantId }: MerchantScope,
  limit: number,
): Promise<SecurityEvent[]> {
  const rows = await db
    .selectFrom("security_events")
    .select(["id", "kind", "outcome", "ip", "user_agent", "created_at"])
    .where("merchant_id", "=", merchantId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as SecurityEventKind,
    outcome: row.outcome,
    ip: row.ip,
    userAgent: row.user_agent,
    at: row.created_at.toISOString(),
  }));
}

/** Retention: a year (ASVS 16.2.x asks for a documented period; long enough to look into an incident found late). */
export const securityEventRetentionMs = 365 * 86_400_000;

export async function pruneSecurityEvents(db: Kysely<DB>, now: Date): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom("security_events")
    .where("created_at", "<", new Date(now.getTime() - securityEventRetentionMs))
    .executeTakeFirst();
  return Number(numDeletedRows);
}
