import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0002_messages. Shipped: never edit it, add the next one. */
export const migration0002Messages: Migration = {
  async up(db) {
    // The message box: what the server tells a merchant about events on the account (welcome, password changed, todos).
    await sql`
        create table messages (
          id bigint generated always as identity primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          type text not null check (type in ('message', 'notice', 'todo')),
          kind text not null default '',
          title text not null,
          sub_title text not null default '',
          avatar text not null default '',
          content text not null default '',
          message_type smallint check ((type = 'message') = (message_type is null)),
          status smallint not null default 0 check (status in (0, 1)),
          created_at timestamptz not null default now()
        )`.execute(db);
    await sql`create index messages_by_merchant on messages (merchant_id, created_at desc, id desc)`.execute(db);
    // The welcome and the first-login todo come once per merchant, however many requests race.
    await sql`create unique index messages_once on messages (merchant_id, kind) where kind in ('welcome', 'firstApplication')`.execute(
      db,
    );
  },
};
