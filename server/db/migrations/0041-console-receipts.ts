import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0041_console_receipts (issue 42, the console home at a million bills). The home's trend and the amount still
 * on chain summed a merchant's credited bills on every load: a grouped scan of every bill of the range, about 190 ms
 * for 200,000 bills and five times that for a million (bench/console-home.ts). Here both are kept as the bills change:
 *
 * - `merchant_daily_receipts`: per merchant and UTC day of the bill's pay time (`seen_at`), the sum and count of its
 *   credited application bills (a transfer to the merchant's own payment address, `application_id` null, is a
 *   recharge, not a receipt);
 * - `merchant_receipts_on_chain`: per merchant, the credited application bills not collected yet (`collection_amount`
 *   null), summed.
 *
 * A trigger on application_bills takes out what a row counted before a change and adds what it counts after, whatever
 * path changed it (the deposit listener crediting or reversing, a collection recording or clearing its amount): the
 * figures equal what the bills add up to by construction, in the transaction that changes the bills. Lock order: the
 * day's row, then the merchant's on-chain row, the same in every transaction. Loads written with the triggers off
 * (server/testing/list-seed.ts) set the figures themselves (`console-receipts.ts`, refreshReceipts).
 */
export const migration0041ConsoleReceipts: Migration = {
  async up(db) {
    await sql`create table merchant_daily_receipts (
      merchant_id bigint not null references merchants (id),
      day date not null,
      amount numeric not null default 0,
      bills bigint not null default 0,
      primary key (merchant_id, day)
    )`.execute(db);
    await sql`create table merchant_receipts_on_chain (
      merchant_id bigint primary key references merchants (id),
      amount numeric not null default 0
    )`.execute(db);
    await sql`create function application_bills_receipts() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.status = 'credited' and old.application_id is not null then
        update merchant_daily_receipts set amount = amount - old.amount, bills = bills - 1
          where merchant_id = old.merchant_id and day = (old.seen_at at time zone 'UTC')::date;
        if old.collection_amount is null then
          update merchant_receipts_on_chain set amount = amount - old.amount where merchant_id = old.merchant_id;
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'credited' and new.application_id is not null then
        insert into merchant_daily_receipts as d (merchant_id, day, amount, bills)
          values (new.merchant_id, (new.seen_at at time zone 'UTC')::date, new.amount, 1)
          on conflict (merchant_id, day) do update set amount = d.amount + excluded.amount, bills = d.bills + 1;
        if new.collection_amount is null then
          insert into merchant_receipts_on_chain as c (merchant_id, amount) values (new.merchant_id, new.amount)
            on conflict (merchant_id) do update set amount = c.amount + excluded.amount;
        end if;
      end if;
      return null;
    end $$`.execute(db);
    await sql`create trigger application_bills_receipts
      after insert or delete or update of status, amount, seen_at, collection_amount, application_id, merchant_id
      on application_bills for each row execute function application_bills_receipts()`.execute(db);
    // The bills so far.
    await sql`insert into merchant_daily_receipts (merchant_id, day, amount, bills)
      select merchant_id, (seen_at at time zone 'UTC')::date, sum(amount), count(*) from application_bills
      where status = 'credited' and application_id is not null group by 1, 2`.execute(db);
    await sql`insert into merchant_receipts_on_chain (merchant_id, amount)
      select merchant_id, sum(amount) from application_bills
      where status = 'credited' and application_id is not null and collection_amount is null group by 1`.execute(db);
  },
};
