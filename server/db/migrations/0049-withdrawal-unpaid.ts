import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0049_withdrawal_unpaid: a paid withdrawal can still end without paying. A reorganisation deeper than the
 * confirmations takes its transaction away, and with it the sweep that had funded the treasury; its bytes, sent again,
 * are mined and revert. It then fails as a first send that reverts does, and gives back what it took, once, with its
 * one `withdrawalRelease` journal: the amount from the treasury and the fee from revenue, back to the merchant. The
 * ledger's line trigger lets that journal move the treasury, on the withdrawal's own chain and token, as it lets
 * `withdrawalSent`; a release of a withdrawal never paid has no treasury line and is unchanged.
 */
export const migration0049WithdrawalUnpaid: Migration = {
  async up(db) {
    await sql`
        create or replace function ledger_post_line() returns trigger language plpgsql as $$
        declare
          acct record;
          journal record;
          moved record;
        begin
          update ledger_accounts set balance = balance + new.amount where id = new.account_id
            returning kind, chain_id, token, decimals into acct;
          -- The operator's float put into this treasury (migration 0037): its own cause, no transfer.
          if acct.kind = 'treasury' and new.journal_id in
              (select id from ledger_journals where kind = 'treasuryFunded' and holder_account_id = new.account_id) then
            return null;
          end if;
          -- A withdrawal paid (withdrawalSent), or one paid whose payment a reorganisation took away and whose
          -- transaction, sent again, reverted: its release takes the amount back from the treasury (migration 0049).
          if acct.kind = 'treasury' and new.journal_id in
              (select id from ledger_journals where kind in ('withdrawalSent', 'withdrawalRelease')) then
            select w.chain_id, w.token into moved from ledger_journals j join withdrawals w on w.id = j.withdrawal_id
              where j.id = new.journal_id;
            if moved.chain_id <> acct.chain_id or lower(moved.token) <> lower(acct.token) then
              raise exception 'ledger: withdrawal of journal % is not of the treasury account''s chain and token',
                new.journal_id using errcode = '23514';
            end if;
            return null;
          end if;
          if acct.kind in ('receipts', 'treasury') then
            select transfer_id, kind into journal from ledger_journals where id = new.journal_id;
            if journal.transfer_id is null then
              raise exception 'ledger: a line on chain % must name its transfer (journal %)', acct.kind, new.journal_id
                using errcode = '23514';
            end if;
            if acct.kind = 'treasury' and journal.kind <> 'sweep' then
              raise exception 'ledger: only a sweep, a withdrawal or the operator''s float moves the treasury (journal %)', new.journal_id
                using errcode = '23514';
            end if;
            select chain_id, token, amount into moved from chain_transfers where id = journal.transfer_id;
            if moved.chain_id <> acct.chain_id or lower(moved.token) <> lower(acct.token) then
              raise exception 'ledger: transfer % is not of the % account''s chain and token', journal.transfer_id,
                acct.kind using errcode = '23514';
            end if;
            if journal.kind <> 'sweep' then
              insert into ledger_transfers (transfer_id, account_id, amount)
                values (journal.transfer_id, new.account_id, trunc(moved.amount / (10::numeric ^ acct.decimals), 18))
                on conflict (transfer_id) do nothing;
              update ledger_transfers set credited = credited - new.amount where transfer_id = journal.transfer_id;
            end if;
          end if;
          return null;
        end $$`.execute(db);
  },
};
