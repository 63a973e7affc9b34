import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0054_withdrawal_outcome: transactions signed here (withdrawals) keep what became of them on their rows of
 * outgoing_transactions too, where the outgoing component reads its open and paid ones; until now the withdrawal's
 * status and columns held it. A subject's signed transactions share one nonce and are settled together: the one mined
 * (with its block's number, and its hash once known) or reverted, each other one `replaced` (its nonce used by another
 * transaction); none has an outcome while the subject waits. A paid one a reorganisation took away is `removed` and
 * followed until it is mined again or reverts.
 *
 * Each withdrawal's rows take its state: confirmed → the row of its paid hash mined in its block; failed as reverted →
 * its latest row reverted; the other rows of a settled one replaced; one signed or broadcast stays open and settles
 * once, by the next sending run. A block hash stays unknown for those mined before (the withdrawal never kept it).
 */
export const migration0054WithdrawalOutcome: Migration = {
  async up(db) {
    await sql`
        alter table outgoing_transactions
          drop constraint outgoing_transactions_outcome_recorded,
          drop constraint outgoing_transactions_outcome_check,
          drop constraint outgoing_transactions_mined_in,
          add constraint outgoing_transactions_outcome_check
            check (outcome in ('mined', 'reverted', 'removed', 'unsent', 'replaced')),
          add constraint outgoing_transactions_mined_in check (
            (outcome is not distinct from 'mined') = (mined_block_number is not null)
            and (mined_block_hash is null or mined_block_number is not null)
            and (raw_tx is not null or (mined_block_hash is null) = (mined_block_number is null))),
          add constraint outgoing_transactions_outcome_of_its_kind check (
            (raw_tx is null and outcome is distinct from 'replaced')
            or (raw_tx is not null and outcome is distinct from 'unsent'))`.execute(db);
    await sql`
        update outgoing_transactions o set outcome = case
            when w.status = 'confirmed' and o.tx_hash = w.tx_hash then 'mined'
            when w.status = 'failed' and w.failure = 'reverted on chain'
              and o.id = (select max(l.id) from outgoing_transactions l where l.withdrawal_id = w.id) then 'reverted'
            else 'replaced'
          end,
          mined_block_number = case when w.status = 'confirmed' and o.tx_hash = w.tx_hash then w.block_number end
        from withdrawals w
        where o.withdrawal_id = w.id and w.status in ('confirmed', 'failed')`.execute(db);
    await sql`create index outgoing_transactions_signed_followed on outgoing_transactions
      (chain_id, from_address, subject_kind, mined_block_number)
      where raw_tx is not null and (outcome is null or outcome in ('mined', 'removed'))`.execute(db);
  },
};
