import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0053_outgoing_outcome: what became of a transaction recorded by its hash (a sweep), kept on its row of
 * outgoing_transactions, where the component that follows it reads it: open (no outcome), mined in a block (its number
 * and hash, checked again while a reorganisation could take it away), reverted, removed (on no block and unknown to
 * the node) or unsent (the node refused it). Until now a sweep's row in `collections` held it, and its follower read
 * the hash there.
 *
 * Each sweep's row takes the outcome its collection has: confirmed → mined in its block, removed → removed, failed →
 * reverted when it burnt gas, unsent otherwise; a sweep sent and not settled stays open and settles once, by the next
 * collection run. Transactions signed here (withdrawals) keep no outcome on these rows: their subjects hold it.
 */
export const migration0053OutgoingOutcome: Migration = {
  async up(db) {
    await sql`
        alter table outgoing_transactions
          add column outcome text check (outcome in ('mined', 'reverted', 'removed', 'unsent')),
          add column mined_block_number numeric(78, 0),
          add column mined_block_hash text,
          add constraint outgoing_transactions_mined_in check (
            (outcome is not distinct from 'mined') = (mined_block_hash is not null)
            and (mined_block_hash is null) = (mined_block_number is null)),
          add constraint outgoing_transactions_outcome_recorded check (raw_tx is null or outcome is null)`.execute(db);
    await sql`
        update outgoing_transactions o set outcome = case c.status
            when 'confirmed' then 'mined'
            when 'removed' then 'removed'
            when 'failed' then case when c.gas_fee is null then 'unsent' else 'reverted' end
          end,
          mined_block_number = case when c.status = 'confirmed' then c.block_number end,
          mined_block_hash = case when c.status = 'confirmed' then c.block_hash end
        from collections c
        where o.collection_id = c.id and c.status <> 'sent'`.execute(db);
    await sql`create index outgoing_transactions_followed on outgoing_transactions (chain_id, subject_kind, id)
      where raw_tx is null and (outcome is null or outcome = 'mined')`.execute(db);
  },
};
