import { setTimeout as sleep } from "node:timers/promises";
import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * PostgreSQL's answers that mean "another transaction got in the way, nothing was written: run it again":
 * deadlock_detected (40P01) and serialization_failure (40001). A merchant's call and the chain watcher's step both
 * post to the ledger's shared accounts, so on PostgreSQL one of them may be chosen as a deadlock's victim; the
 * watcher retries its step at the next tick, and a merchant's call retries here instead of answering 500.
 */
export const isTransientConflict = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40P01" || code === "40001";
};

export interface RetryOptions {
  /** Tries in all (3). */
  attempts?: number;
  /** The longest pause before a retry, in ms (50); each pause is random up to it, so two victims do not meet again. */
  maxPauseMs?: number;
}

/** Runs `work` again when it fails with a transient conflict, up to `attempts` tries in all; other errors pass. */
export async function retryConflicts<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
      await sleep(randomInt((options.maxPauseMs ?? 50) + 1));
    }
  }
}

/** One transaction, run again from the start when PostgreSQL picked it as a deadlock's or a serialization's victim. */
export const transactRetrying = <T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
  retryConflicts(() => db.transaction().execute(work));
