import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0017_callback_deliveries (issue 28): the delivery of each outbox event to its application's callback URL,
 * and the log of every attempt (the Transaction callbacks page). Test events have a delivery without an outbox event.
 */
export const migration0017CallbackDeliveries: Migration = {
  async up(db) {
    // One delivery per outbox event (unique outbox_event_id); `body` is the exact JSON text signed and POSTed on every
    // attempt, so a retry or redelivery sends the same bytes with the same event id. The URL is read from the
    // application at each attempt (a merchant who fixes it sees the next attempt go there).
    await sql`
        create table callback_deliveries (
          id bigint generated always as identity primary key,
          outbox_event_id bigint unique references outbox_events (id) on delete cascade,
          event_id uuid not null unique,
          event_type text not null check (event_type in ('deposit.credited', 'deposit.reversed', 'callback.test')),
          merchant_id bigint not null references merchants (id) on delete cascade,
          application_id bigint not null references applications (id) on delete cascade,
          bill_id bigint references application_bills (id) on delete cascade,
          target text not null check (target in ('recharge', 'withdraw')),
          body text not null,
          status text not null default 'pending' check (status in ('pending', 'success', 'failed')),
          attempts integer not null default 0 check (attempts >= 0),
          next_attempt_at timestamptz,
          -- Set by "redeliver every failed one": the next attempt is a manual one, and if it fails the delivery is failed again.
          redelivery_requested boolean not null default false,
          created_at timestamptz not null,
          finished_at timestamptz,
          check ((status = 'pending') = (finished_at is null)),
          check (status = 'pending' or next_attempt_at is null),
          check ((event_type = 'callback.test') = (outbox_event_id is null))
        )`.execute(db);
    // The due deliveries, for the sweep that finds any whose job was lost.
    await sql`create index callback_deliveries_due on callback_deliveries (next_attempt_at) where status = 'pending'`.execute(
      db,
    );
    await sql`create index callback_deliveries_by_bill on callback_deliveries (bill_id) where bill_id is not null`.execute(
      db,
    );
    await sql`create index callback_deliveries_failed on callback_deliveries (merchant_id, created_at) where status = 'failed'`.execute(
      db,
    );
    // Every attempt, as sent and as answered; merchant and application copied from the delivery for the page's filters.
    await sql`
        create table callback_attempts (
          id bigint generated always as identity primary key,
          delivery_id bigint not null references callback_deliveries (id) on delete cascade,
          merchant_id bigint not null references merchants (id) on delete cascade,
          application_id bigint not null references applications (id) on delete cascade,
          attempt_no integer not null check (attempt_no >= 1),
          trigger text not null check (trigger in ('auto', 'manual', 'test')),
          url text not null,
          response_status integer,
          response_body text not null default '' check (octet_length(response_body) <= 4096),
          error text,
          latency_ms integer not null check (latency_ms >= 0),
          succeeded boolean not null,
          sent_at timestamptz not null,
          next_retry_at timestamptz,
          unique (delivery_id, attempt_no),
          check (succeeded = coalesce(response_status between 200 and 299, false)),
          check ((response_status is null) = (error is not null))
        )`.execute(db);
    await sql`create index callback_attempts_by_merchant on callback_attempts (merchant_id, sent_at desc, id desc)`.execute(
      db,
    );
    await sql`create index callback_attempts_by_application on callback_attempts (application_id, sent_at desc, id desc)`.execute(
      db,
    );
  },
};
