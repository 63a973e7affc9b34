import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/test-database.ts";
import { migrateToLatest } from "./migrations.ts";
import type { OpenedDatabase } from "./open-database.ts";

// Runs on PGlite and on PostgreSQL: PGlite lends its one connection to one caller at a time, PostgreSQL's pool runs callers side by side: both keep a transaction's queries to itself (scripts/database-tests.ts).

let opened: OpenedDatabase;
beforeAll(async () => {
  opened = await createTestDatabase();
});
afterAll(() => opened?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const countEvents = async () =>
  Number(
    (
      await opened.db
        .selectFrom("rate_limits")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("PGlite behind Kysely (one connection, lent to one caller at a time)", () => {
  it("keeps other requests' queries out of an open transaction", async () => {
    const { db } = opened;
    let seenInside = -1;
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("rate_limits")
          .values({ bucket: "code-ip", subject: "1.2.3.4", tat: new Date() })
          .execute();
        await sleep(50);
        seenInside = Number(
          (
            await trx
              .selectFrom("rate_limits")
              .select((eb) => eb.fn.countAll<string>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
        throw new Error("roll back");
      })
      .catch(() => "rolled back");
    await sleep(5);
    const [outside, result] = await Promise.all([countEvents(), rolledBack]);
    expect(result).toBe("rolled back");
    expect(seenInside).toBe(1);
    expect(outside).toBe(0);
  });

  // A real server (TEST_DATABASE_URL) has a pool and runs them side by side.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))("runs concurrent transactions one after the other", async () => {
    const { db } = opened;
    const order: string[] = [];
    const work = (name: string) =>
      db.transaction().execute(async (trx) => {
        order.push(`${name} begin`);
        await trx.insertInto("rate_limits").values({ bucket: "login-ip", subject: name, tat: new Date() }).execute();
        await sleep(10);
        order.push(`${name} end`);
      });
    await Promise.all([work("a"), work("b"), work("c")]);
    expect(order).toEqual(["a begin", "a end", "b begin", "b end", "c begin", "c end"]);
    expect(await countEvents()).toBe(3);
  });

  it("migrates idempotently", async () => {
    await migrateToLatest(opened.db);
    const tables = await opened.db.introspection.getTables();
    expect(tables.map((t) => t.name).sort()).toEqual([
      "application_bills",
      "application_proofs",
      "application_verified_windows",
      "applications",
      "callback_attempts",
      "callback_deliveries",
      "chain_blocks",
      "chain_cursors",
      "chain_leases",
      "chain_transfers",
      "collection_leases",
      "collections",
      "deposit_addresses",
      "dev_payments",
      "google_link_tickets",
      "google_used_tokens",
      "invoices",
      "ledger_accounts",
      "ledger_journals",
      "ledger_lines",
      "ledger_transfers",
      "mail_outbox",
      "merchant_currencies",
      "merchant_daily_receipts",
      "merchant_receipts_on_chain",
      "merchant_transactions",
      "merchants",
      "messages",
      "open_api_nonces",
      "order_transfers",
      "orders",
      "outbox_events",
      "outgoing_transactions",
      "packages",
      "rate_limits",
      "receiving_addresses",
      "recharge_bills",
      "security_events",
      "sending_accounts",
      "sessions",
      "sign_in_challenges",
      "subscriptions",
      "totp_factors",
      "totp_recovery_codes",
      "verification_codes",
      "wallets",
      "withdrawal_addresses",
      "withdrawals",
    ]);
  });
});
