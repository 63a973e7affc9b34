import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/** One instance at a time sends a chain's sweeps (the database's clock decides, like the watcher's lease). */
export async function takeCollectionLease(db: Kysely<DB>, chainId: number, holder: string, ttlMs: number) {
  const { rows } = await sql<{ holder: string }>`
    insert into collection_leases (chain_id, holder, expires_at)
    values (${chainId}, ${holder}, now() + ${ttlMs} * interval '1 millisecond')
    on conflict (chain_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where collection_leases.holder = excluded.holder or collection_leases.expires_at <= now()
    returning holder`.execute(db);
  return rows.length === 1;
}

export async function releaseCollectionLease(db: Kysely<DB>, chainId: number, holder: string): Promise<void> {
  await db
    .updateTable("collection_leases")
    .set({ expires_at: sql<Date>`now()` })
    .where("chain_id", "=", chainId)
    .where("holder", "=", holder)
    .execute();
}
