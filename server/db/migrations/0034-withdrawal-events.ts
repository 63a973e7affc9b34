import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0034_withdrawal_events (issue 41, "each state change is sent to the application's withdraw callback URL"):
 * a withdrawal asked through the open API names the application whose key asked it, and each of its state changes is
 * an outbox event of that application, delivered to its withdraw callback URL by the same deliveries as deposits'.
 * A console withdrawal names none and has no callbacks. An event and its delivery tell of a bill or of a withdrawal.
 * An application may set an auto-approve limit: an open-API withdrawal above it waits for the merchant's approval in
 * the console (`awaitingApproval`, held all the same); none set, every one is sent.
 */
const eventTypes = sql.raw(
  `'deposit.credited', 'deposit.reversed', 'withdrawal.awaitingApproval', 'withdrawal.requested', 'withdrawal.signed', 'withdrawal.broadcast', 'withdrawal.confirmed', 'withdrawal.failed'`,
);

export const migration0034WithdrawalEvents: Migration = {
  async up(db) {
    await sql`alter table applications add column withdraw_auto_approve_limit numeric(38, 18)
      check (withdraw_auto_approve_limit >= 0)`.execute(db);
    await sql`alter table withdrawals add column application_id bigint references applications (id) on delete set null`.execute(
      db,
    );
    await sql`alter table outbox_events add column withdrawal_id bigint references withdrawals (id) on delete cascade`.execute(
      db,
    );
    await sql`alter table outbox_events drop constraint outbox_events_type_check`.execute(db);
    await sql`alter table outbox_events add constraint outbox_events_type_check check (type in (${eventTypes}))`.execute(
      db,
    );
    await sql`alter table outbox_events add constraint outbox_events_one_subject
      check (bill_id is null or withdrawal_id is null)`.execute(db);
    await sql`alter table callback_deliveries add column withdrawal_id bigint references withdrawals (id) on delete cascade`.execute(
      db,
    );
    await sql`alter table callback_deliveries drop constraint callback_deliveries_event_type_check`.execute(db);
    await sql`alter table callback_deliveries add constraint callback_deliveries_event_type_check
      check (event_type in (${eventTypes}, 'callback.test'))`.execute(db);
    await sql`alter table callback_deliveries add constraint callback_deliveries_one_subject
      check (bill_id is null or withdrawal_id is null)`.execute(db);
    await sql`create index callback_deliveries_by_withdrawal on callback_deliveries (withdrawal_id) where withdrawal_id is not null`.execute(
      db,
    );
  },
};
