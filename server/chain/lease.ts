import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/** Raised inside a write when this instance no longer holds the chain's lease: the transaction rolls back. */
export class LeaseLost extends Error {
  constructor(chainId: number) {
    super(`the watcher lease of chain ${chainId} is held by another instance`);
    this.name = "LeaseLost";
  }
}

/**
 * Takes or renews the lease of a chain for `holder` until now() + ttlMs (the database's clock, so instances with
 * skewed clocks agree). It succeeds when the lease is free, lapsed or already ours. Inside a transaction it also
 * locks the row until commit, so a takeover waits for the holder's write, and a write after a takeover fails.
 */
export async function takeLease(db: Kysely<DB>, chainId: number, holder: string, ttlMs: number): Promise<boolean> {
  const { rows } = await sql<{ holder: string }>`
    insert into chain_leases (chain_id, holder, expires_at, acquired_at)
    values (${String(chainId)}, ${holder}, now() + ${ttlMs} * interval '1 millisecond', now())
    on conflict (chain_id) do update
      set holder = excluded.holder,
          expires_at = excluded.expires_at,
          acquired_at = case when chain_leases.holder = excluded.holder then chain_leases.acquired_at else excluded.acquired_at end
      where chain_leases.holder = excluded.holder or chain_leases.expires_at <= now()
    returning holder`.execute(db);
  return rows.length === 1;
}

/** Every write of the watcher starts with this: the lease is renewed and locked, or the write is refused. */
export async function fenceLease(db: Kysely<DB>, chainId: number, holder: string, ttlMs: number): Promise<void> {
  if (!(await takeLease(db, chainId, holder, ttlMs))) throw new LeaseLost(chainId);
}

/** Lets another instance take over at once (a clean stop). */
export async function releaseLease(db: Kysely<DB>, chainId: number, holder: string): Promise<void> {
  await db
    .updateTable("chain_leases")
    .set({ expires_at: sql<Date>`now()` })
    .where("chain_id", "=", String(chainId))
    .where("holder", "=", holder)
    .execute();
}

export async function leaseHolder(db: Kysely<DB>, chainId: number): Promise<string | null> {
  const row = await db
    .selectFrom("chain_leases")
    .select("holder")
    .where("chain_id", "=", String(chainId))
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row?.holder ?? null;
}
