import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenedDatabase, openDatabase } from "../../db/open-database.ts";
import { seedCreditedDelivery } from "../../testing/callback-fixtures.ts";
import { type CallbackReceiver, startCallbackReceiver } from "../../testing/callback-receiver.ts";
import { startTestPostgres, type TestPostgres } from "../../testing/postgres-server.ts";
import { handToOwner, roleUrl } from "../../testing/split-roles.ts";
import { seedApplication, seedMerchant, testServerSecret } from "../../testing/seed.ts";
import { type CallbackDeliveries, startCallbackDeliveries } from "./callback-deliveries.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";

const tests = systemScope("test");

/**
 * Split roles (db/roles.ts) and the job queue: the schema owner (mc_owner) installs pg-boss's schema while migrating
 * and grants the server's role (mc_app) its use; the server's queue starts without migrating and delivers.
 */
let postgres: TestPostgres | undefined;
let opened: OpenedDatabase | undefined;
let callbacks: CallbackDeliveries | undefined;
let receiver: CallbackReceiver | undefined;
const errors: string[] = [];
const as = (role: "mc_owner" | "mc_app") => roleUrl(postgres!, role);

beforeAll(async () => {
  postgres = await startTestPostgres();
  await handToOwner(postgres);
  receiver = await startCallbackReceiver();
}, 120_000);

afterAll(async () => {
  await callbacks?.stop();
  await opened?.close();
  await receiver?.stop();
  await postgres?.stop();
});

const start = async () => {
  opened = await openDatabase({ databaseUrl: as("mc_app"), migrationUrl: as("mc_owner") });
  expect(opened.jobQueueMigrated).toBe(true);
  callbacks = await startCallbackDeliveries({
    db: opened.db,
    engine: opened.engine!,
    listen: opened.listen,
    jobQueueMigrated: opened.jobQueueMigrated,
    secret: testServerSecret,
    targets: { allowPrivate: true, resolve: async () => ["127.0.0.1"] },
    clock: () => new Date(),
    log: { warn: (details) => errors.push(JSON.stringify(details)) },
  });
};

describe("the job queue with split roles", () => {
  it("is installed by the owner; the server's role delivers through it and may not change its schema", async () => {
    await start();
    const { db } = opened!;
    const owner = await sql<{ owner: string }>`
      select nspowner::regrole::text as owner from pg_namespace where nspname = 'pgboss'`.execute(db);
    expect(owner.rows[0]?.owner).toBe("mc_owner");
    const refused = (statement: string) =>
      sql
        .raw(statement)
        .execute(db)
        .then(
          () => "done",
          (error: { code?: string }) => error.code,
        );
    expect(await refused("create table pgboss.intruder (id int)")).toBe("42501");
    expect(await refused("drop table pgboss.job")).toBe("42501");

    const { userId } = await seedMerchant(db, { email: "shop@example.com", password: "Merchant7Pass" });
    const { applicationId, appCode } = await seedApplication(db, { userId });
    await db
      .updateTable("applications")
      .set({ recharge_callback_url: receiver!.url })
      .where("id", "=", applicationId)
      .execute();
    const first = await seedCreditedDelivery(db, actFor(tests, userId), { appCode });
    await receiver!.waitFor(1);
    expect(receiver!.byEventId(first.eventId)).toHaveLength(1);

    // A restart: the owner migrates again (nothing to do), the server's queue starts as before.
    await callbacks!.stop();
    await opened!.close();
    await start();
    const second = await seedCreditedDelivery(opened!.db, actFor(tests, userId), { appCode });
    await receiver!.waitFor(2);
    expect(receiver!.byEventId(second.eventId)).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 60_000);
});
