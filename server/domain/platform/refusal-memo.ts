import type { RateBucket, Slot } from "./rate-slot.ts";
import { recentMap } from "./recent-map.ts";

/**
 * A flood from one address must not cost the database a transaction per request, or it slows every
 * other merchant's sign-in (PGlite has one connection). Once a bucket refuses, this process remembers
 * until when, and refuses again without asking the database. Only buckets that nothing empties early
 * are remembered (a reset empties the account buckets; a refund only makes the memory stricter than
 * the database for a while). Other instances keep asking their database: the memory is an
 * optimisation, never the limit itself.
 */
const remembered: ReadonlySet<RateBucket> = new Set([
  "login-ip",
  "code-ip",
  "code-requester",
  "code-email",
  "code-use-ip",
  "code-use-email",
  "demo-ip",
  "checkout-ip",
  "merchant-calls",
]);
export const refusalMemoBound = 100_000;

export interface RefusalMemo {
  /** Seconds still to wait when one of the slots' buckets is known to refuse at `now`, else null. */
  refusing(slots: readonly Slot[], now: Date): { slot: Slot; waitSeconds: number } | null;
  remember(slot: Slot, now: Date, waitSeconds: number): void;
  /** Slots given back (a request refused as busy): what was remembered of their buckets no longer holds. */
  forget(slots: readonly Slot[]): void;
  clear(): void;
}

export function createRefusalMemo(): RefusalMemo {
  // Past the bound, the refusal least recently remembered or asked about goes first.
  const until = recentMap<string, number>(refusalMemoBound);
  const key = (slot: Slot) => `${slot.bucket}\u0000${slot.subject}`;
  return {
    refusing(slots, now) {
      for (const slot of slots) {
        const end = until.get(key(slot));
        if (end === undefined) continue;
        if (end > now.getTime()) return { slot, waitSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
        until.delete(key(slot));
      }
      return null;
    },
    remember(slot, now, waitSeconds) {
      if (!remembered.has(slot.bucket)) return;
      until.set(key(slot), now.getTime() + waitSeconds * 1000);
    },
    forget(slots) {
      for (const slot of slots) until.delete(key(slot));
    },
    clear: () => until.clear(),
  };
}
