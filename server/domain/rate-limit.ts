import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { RateWindow } from "./limits.ts";

/**
 * Sliding-window counters kept in the database, so every instance behind a load balancer
 * sees the same counts.
 */
export type RateBucket = "code-email" | "code-ip" | "login-email" | "login-ip" | "demo-ip";

/** Seconds until the window has room again, or 0 when it has room now. */
export async function secondsUntilAllowed(db: Kysely<DB>, bucket: RateBucket, subject: string, window: RateWindow, now: Date): Promise<number> {
  const since = new Date(now.getTime() - window.seconds * 1000);
  const rows = await db
    .selectFrom("rate_events")
    .select("created_at")
    .where("bucket", "=", bucket)
    .where("subject", "=", subject)
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .limit(window.max)
    .execute();
  const oldestCounted = rows[window.max - 1];
  if (!oldestCounted) return 0;
  return Math.max(1, Math.ceil((oldestCounted.created_at.getTime() + window.seconds * 1000 - now.getTime()) / 1000));
}

export async function recordRateEvent(db: Kysely<DB>, bucket: RateBucket, subject: string, window: RateWindow, now: Date): Promise<void> {
  await db
    .deleteFrom("rate_events")
    .where("bucket", "=", bucket)
    .where("subject", "=", subject)
    .where("created_at", "<=", new Date(now.getTime() - window.seconds * 1000))
    .execute();
  await db.insertInto("rate_events").values({ bucket, subject, created_at: now }).execute();
}

export async function clearRateEvents(db: Kysely<DB>, bucket: RateBucket, subject: string): Promise<void> {
  await db.deleteFrom("rate_events").where("bucket", "=", bucket).where("subject", "=", subject).execute();
}

export const waitMessage = (seconds: number) =>
  seconds >= 120 ? `Too many attempts, try again in ${Math.ceil(seconds / 60)} minutes` : `Too many attempts, try again in ${seconds} seconds`;
