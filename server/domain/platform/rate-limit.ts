import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { RateWindow } from "./limits.ts";
import { prunedRows } from "./pruned-rows.ts";
import type { RateBucket, Slot } from "./rate-slot.ts";
import type { RefusalMemo } from "./refusal-memo.ts";
import { isBusy } from "./work-pool.ts";

export type { RateBucket, Slot } from "./rate-slot.ts";

/**
 * Throttling with the generic cell rate algorithm: one row per (bucket, subject) holds `tat`, the
 * time at which the bucket would be empty again. Taking a slot moves it `window.seconds / max`
 * forward, and is allowed while it stays within `window.seconds` of now — so `max` events at once,
 * then one per interval. The check and the count are one upsert under the row's lock, so parallel
 * requests on any number of connections cannot overshoot; the rows live in the database, so every
 * instance behind a load balancer shares them.
 */
/** A refusal `remembered` was answered from the refusal memo, without the database (a flood's repeats). */
export type Taken = { ok: true } | { ok: false; slot: Slot; waitSeconds: number; remembered?: boolean };

const intervalMs = (window: RateWindow) => (window.seconds * 1000) / window.max;

/** Takes one slot in every bucket, or none: a refusal rolls back the slots taken before it. */
export async function takeSlots(db: Kysely<DB>, slots: readonly Slot[], now: Date, memo?: RefusalMemo): Promise<Taken> {
  const known = memo?.refusing(slots, now);
  if (known) return { ok: false, ...known, remembered: true };
  try {
    // One slot is one statement, atomic by itself; several are taken together or not at all.
    const [only] = slots;
    if (slots.length === 1 && only) {
      if (!(await takeSlot(db, only, now))) throw new Refused(only);
    } else
      await db.transaction().execute(async (trx) => {
        for (const slot of slots) {
          if (!(await takeSlot(trx, slot, now))) throw new Refused(slot);
        }
      });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return slotRefused(db, error.slot, now, memo);
  }
}

/** A slot its bucket had no room for: how long to wait, remembered for the repeats. */
export async function slotRefused(
  db: Kysely<DB>,
  slot: Slot,
  now: Date,
  memo?: RefusalMemo,
): Promise<Extract<Taken, { ok: false }>> {
  const waitSeconds = await secondsUntilFree(db, slot, now);
  memo?.remember(slot, now, waitSeconds);
  return { ok: false, slot, waitSeconds };
}

class Refused extends Error {
  readonly slot: Slot;
  constructor(slot: Slot) {
    super(`rate limited: ${slot.bucket}`);
    this.slot = slot;
  }
}

async function takeSlot(db: Kysely<DB>, slot: Slot, now: Date): Promise<boolean> {
  return (await slotUpsert(db, slot, now).executeTakeFirst()) !== undefined;
}

/**
 * The one statement that takes a slot: it returns the bucket's row when the slot was taken, nothing when the bucket is
 * full. Exported for a caller that writes more in the same statement, only when the slot was taken; `onlyIf`, a
 * relation of that statement (a WITH's name), takes the slot only when it has a row.
 */
export function slotUpsert(db: Kysely<DB>, { bucket, subject, window }: Slot, now: Date, onlyIf?: RawBuilder<unknown>) {
  const step = intervalMs(window);
  const first = new Date(now.getTime() + step);
  const horizon = new Date(now.getTime() + window.seconds * 1000);
  const into = db.insertInto("rate_limits");
  return (
    onlyIf
      ? into
          .columns(["bucket", "subject", "tat"])
          .expression(sql`select ${bucket}::text, ${subject}::text, ${first}::timestamptz from ${onlyIf}`)
      : into.values({ bucket, subject, tat: first })
  )
    .onConflict((oc) =>
      oc
        .columns(["bucket", "subject"])
        .doUpdateSet({ tat: sql<Date>`greatest(rate_limits.tat, ${now}) + ${step}::float8 * interval '1 millisecond'` })
        .where(
          sql<boolean>`greatest(rate_limits.tat, ${now}) + ${step}::float8 * interval '1 millisecond' <= ${horizon}`,
        ),
    )
    .returning("tat");
}

/** Seconds until the bucket has room for one more (at least 1 when it is full now). */
async function secondsUntilFree(db: Kysely<DB>, { bucket, subject, window }: Slot, now: Date): Promise<number> {
  const row = await db
    .selectFrom("rate_limits")
    .select("tat")
    .where("bucket", "=", bucket)
    .where("subject", "=", subject)
    .executeTakeFirst();
  if (!row) return 1;
  const freeAt = row.tat.getTime() + intervalMs(window) - window.seconds * 1000;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/** Gives back one slot of each bucket (a sign-in that turned out right is no failure). */
export async function refundSlots(db: Kysely<DB>, slots: readonly Slot[]): Promise<void> {
  for (const { bucket, subject, window } of slots) {
    await db
      .updateTable("rate_limits")
      .set({ tat: sql<Date>`tat - ${intervalMs(window)}::float8 * interval '1 millisecond'` })
      .where("bucket", "=", bucket)
      .where("subject", "=", subject)
      .execute();
  }
}

/**
 * Runs `work` for which `slots` were taken. When it is refused as busy (a full work pool, 503/5030: the password was
 * never checked), the slots are given back before the refusal goes on, so a request the server did not serve counts
 * against nobody: a flood answered 503 must not leave the owner locked out of their account.
 */
export async function givingSlotsBackIfBusy<T>(
  db: Kysely<DB>,
  slots: readonly Slot[],
  memo: RefusalMemo | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isBusy(error)) {
      await refundSlots(db, slots);
      memo?.forget(slots);
    }
    throw error;
  }
}

/** Empties buckets whose subject is exactly `subject` or starts with `prefix`. */
export async function clearBuckets(
  db: Kysely<DB>,
  buckets: readonly RateBucket[],
  match: { subject: string } | { prefix: string },
): Promise<void> {
  await db
    .deleteFrom("rate_limits")
    .where("bucket", "in", buckets)
    .where((eb) =>
      "subject" in match
        ? eb("subject", "=", match.subject)
        : eb(sql<boolean>`starts_with(subject, ${match.prefix})`, "=", true),
    )
    .execute();
}

export const waitMessage = (seconds: number) =>
  seconds >= 120
    ? `Too many attempts, try again in ${Math.ceil(seconds / 60)} minutes`
    : `Too many attempts, try again in ${seconds} seconds`;

/** Drained throttling buckets: a `tat` in the past says nothing (server/wiring/prune-expired.ts). */
export async function pruneRateLimits(db: Kysely<DB>, now: Date): Promise<number> {
  return prunedRows(await db.deleteFrom("rate_limits").where("tat", "<=", now).executeTakeFirst());
}
