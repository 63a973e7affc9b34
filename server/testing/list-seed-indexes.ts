import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The seed's bulk load without the indexes whose keys come in no order of the rows' writing (a million bills
 * in under a minute). An entry of such an index (a bill's seen time spread over 90 days, a hash, an address, a random
 * UUID) lands on a page of its own, read and written back for each row: at a million bills that was most of the
 * seed's time, PostgreSQL's buffers a fraction of those indexes. So they are dropped for the load and made once after
 * it, by the statements that made them (`pg_get_indexdef`; a unique constraint then takes its index back, as it was):
 * a sort each. The indexes whose keys grow as rows are written (ids, the primary keys) cost little and stay, as does
 * every index not named here (one a later migration adds is kept up row by row: slower, never wrong).
 */
export const indexesRebuiltAfterSeeding = [
  "chain_transfers_chain_id_tx_hash_log_index_key",
  "chain_transfers_by_tx_hash",
  "chain_transfers_by_from_address",
  "chain_transfers_by_to_address",
  "chain_transfers_by_recipient",
  "chain_transfers_by_block",
  "application_bills_bill_no_key",
  "application_bills_by_merchant",
  "application_bills_by_status",
  "application_bills_by_notice",
  "application_bills_by_application",
  "outbox_events_event_id_key",
  "callback_deliveries_event_id_key",
  "callback_attempts_by_merchant",
  "callback_attempts_by_application",
  "callback_attempts_by_result",
  "merchant_transactions_by_merchant",
  "merchant_transactions_by_kind",
] as const;

export interface DroppedIndex {
  name: string;
  table: string;
  /** The statement that made the index, as PostgreSQL prints it back. */
  definition: string;
  /** Its unique constraint, named as the index, or null for a plain index. */
  constraint: string | null;
}

/** Drops those of the indexes that exist, in one transaction, and answers how to make them again. */
export async function dropSeededIndexes(db: Kysely<DB>): Promise<DroppedIndex[]> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<DroppedIndex>`
      select c.relname as name, t.relname as "table", pg_get_indexdef(i.indexrelid) as definition,
        (select k.conname from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid
          and k.contype = 'u') as "constraint"
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      where c.relname = any(${[...indexesRebuiltAfterSeeding]}::text[]) and c.relnamespace = 'public'::regnamespace
        and not i.indisprimary
      order by c.relname`.execute(trx);
    for (const index of rows)
      await (index.constraint
        ? sql`alter table ${sql.id(index.table)} drop constraint ${sql.id(index.constraint)}`
        : sql`drop index ${sql.id(index.name)}`
      ).execute(trx);
    return rows;
  });
}

/**
 * Makes the dropped indexes again, `connections` at a time, each sorted in memory (maintenance_work_mem is 64 MB by
 * default: a million keys would spill to disk). Each is made whatever happened to the others; a failure (a unique
 * constraint that no longer holds) is thrown once all the others are made.
 */
export async function rebuildIndexes(db: Kysely<DB>, dropped: DroppedIndex[], connections: number): Promise<void> {
  const queue = [...dropped];
  const failures: string[] = [];
  const build = async () => {
    for (let index = queue.shift(); index; index = queue.shift()) {
      const { name, table, definition, constraint } = index;
      try {
        await db.transaction().execute(async (trx) => {
          await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
          await sql.raw(definition).execute(trx);
          if (constraint)
            await sql`alter table ${sql.id(table)} add constraint ${sql.id(constraint)} unique using index ${sql.id(name)}`.execute(
              trx,
            );
        });
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message} (make it again with: ${definition})`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, connections) }, build));
  if (failures.length > 0) throw new Error(`the seed could not make these indexes again: ${failures.join("; ")}`);
}
