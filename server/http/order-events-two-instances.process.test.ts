import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appBill, billEventsPath } from "../../contracts/schemas/bills.ts";
import { type Order, order as orderSchema, orderEventsPath } from "../../contracts/schemas/orders.ts";
import { notifyLive } from "../domain/platform/live-changes.ts";
import { openDatabase, type OpenedDatabase } from "../db/open-database.ts";
import { openEventStream, type OpenedEventStream } from "../testing/event-stream.ts";
import { startTestPostgres, type TestPostgres } from "../testing/postgres-server.ts";
import { seedApplication, seedBill, seedMerchant, seedSession } from "../testing/seed.ts";
import { testNodeFlags } from "../testing/test-node-flags.ts";

/**
 * docs/architecture.md section 5, scale-out: a change made on instance A reaches a browser whose stream is held by
 * instance B, through PostgreSQL NOTIFY. Two `node server/main.ts` processes on one real PostgreSQL database.
 */
const repoRoot = join(import.meta.dirname, "../..");
const folders: string[] = [];
const children: ChildProcess[] = [];
let postgres: TestPostgres;
let database: OpenedDatabase;
let instanceA: string;
let instanceB: string;
const token = "two-instances-token";
/** Both instances share one random secret, as instances behind a load balancer must (a hand-made one refuses to start). */
const serverSecret = randomBytes(32).toString("hex");
const streams: OpenedEventStream[] = [];
let merchantId: string;

/** `node server/main.ts` on the shared database; resolves with its address once it listens. */
async function startInstance(databaseUrl: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "merchant-console-two-"));
  folders.push(dataDir);
  const child = spawn(process.execPath, [...testNodeFlags, "server/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "",
      DEV_OUTBOX: "",
      SMTP_URL: "",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DEVNET: "false",
      CHAINS: "",
      PORT: "0",
      HOST: "127.0.0.1",
      STATIC_DIR: "",
      SERVER_SECRET: serverSecret,
      PASSWORD_HASH_COST: "test",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let text = "";
  return new Promise((resolve, reject) => {
    const look = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const address = /API on (http:\/\/\S+)/.exec(text)?.[1];
      if (address) resolve(address.replace(/[—;,]+$/, ""));
    };
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    child.once("exit", (code) =>
      reject(new Error(`server/main.ts exited (${code}) before it listened:\n${text.slice(-4000)}`)),
    );
  });
}

async function api(instance: string, path: string, body: unknown = {}): Promise<{ errCode: string; resData: unknown }> {
  const response = await fetch(`${instance}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, language: "en-US" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { errCode: string; resData: unknown };
}

async function watch(instance: string, orderCode: string): Promise<OpenedEventStream> {
  const live = await openEventStream(`${instance}${orderEventsPath}?orderCode=${orderCode}`, {
    authorization: `Bearer ${token}`,
    language: "en-US",
  });
  streams.push(live);
  expect(live.status).toBe(200);
  return live;
}

const statuses = (live: OpenedEventStream) => live.events.map((e) => orderSchema.parse(JSON.parse(e.data)).status);

beforeAll(async () => {
  // A migrated copy: a first start on an empty database is chaos.process.test.ts's (its first server migrates).
  postgres = await startTestPostgres({ migrated: true });
  instanceA = await startInstance(postgres.databaseUrl);
  instanceB = await startInstance(postgres.databaseUrl);
  database = await openDatabase({ databaseUrl: postgres.databaseUrl });
  const { userId } = await seedMerchant(database.db, { email: "two@example.com", password: "Merchant7Pass" });
  await seedSession(database.db, { userId, token });
  merchantId = userId;
}, 120_000);

afterAll(async () => {
  for (const live of streams) live.close();
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once("exit", () => done());
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
        }),
    ),
  );
  await database?.close();
  await postgres?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}, 60_000);

describe("live order status and bills with two instances on one PostgreSQL", { timeout: 60_000 }, () => {
  let created: Order;

  it("a browser streaming from instance B sees the changes made through instance A", async () => {
    const packages = (await api(instanceA, "/api/Package/List")).resData as { id: string; code: string }[];
    const basic = packages.find((p) => p.code === "basic");
    const answer = await api(instanceA, "/api/Order/Create", { packageId: basic!.id });
    expect(answer.errCode).toBe("0");
    created = orderSchema.parse(answer.resData);

    const live = await watch(instanceB, created.orderCode);
    await live.waitForEvents(1);
    expect(statuses(live)).toEqual(["pending"]);
    expect((await api(instanceA, "/api/Order/FinishPay", { orderCode: created.orderCode })).errCode).toBe("0");
    await expect.poll(() => statuses(live).at(-1), { timeout: 10_000 }).toBe("waiting");
    live.close();
  });

  it("when B's listening connection is cut, B listens again, re-sends the order, and relays later changes", async () => {
    const live = await watch(instanceB, created.orderCode);
    await live.waitForEvents(1);
    const admin = new pg.Client({ connectionString: postgres.databaseUrl });
    await admin.connect();
    try {
      const cut = await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where application_name = 'listen live_changes' and datname = current_database()",
      );
      // One LISTEN per process.
      expect(cut.rows).toHaveLength(2);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'listen live_changes' and datname = current_database()",
      );
      // Both come back (on a new connection each) and each stream is told to re-read: a second event, nothing changed.
      await live.waitForEvents(2, 15_000);
      expect(statuses(live)).toEqual(["waiting", "waiting"]);
      await expect
        .poll(
          async () =>
            (
              await admin.query(
                "select count(*)::int as n from pg_stat_activity where application_name = 'listen live_changes' and datname = current_database()",
              )
            ).rows[0].n,
          {
            timeout: 15_000,
          },
        )
        .toBe(2);
    } finally {
      await admin.end();
    }
    expect((await api(instanceA, "/api/Order/Cancel", { orderCode: created.orderCode })).errCode).toBe("0");
    await expect.poll(() => statuses(live).at(-1), { timeout: 10_000 }).toBe("cancelled");
  });

  it("live bills: a change reaches the merchant's streams on both instances through one LISTEN per process; a cut one re-sends the bills still confirming", async () => {
    const app = await seedApplication(database.db, { userId: merchantId });
    const { billNo } = await seedBill(database.db, { userId: merchantId, appCode: app.appCode, status: "confirming" });
    const open = async (instance: string) => {
      const live = await openEventStream(`${instance}${billEventsPath}`, { authorization: `Bearer ${token}` });
      streams.push(live);
      expect(live.status).toBe(200);
      return live;
    };
    const live = [await open(instanceA), await open(instanceA), await open(instanceB)];
    const billsOf = (s: OpenedEventStream) => s.events.map((e) => appBill.parse(JSON.parse(e.data)).billNo);
    await notifyLive(database.db, "bill", merchantId, billNo);
    for (const s of live) await s.waitForEvents(1, 10_000);
    expect(live.map(billsOf)).toEqual([[billNo], [billNo], [billNo]]);
    const admin = new pg.Client({ connectionString: postgres.databaseUrl });
    await admin.connect();
    const listening = async () =>
      (
        await admin.query(
          "select count(*)::int as n from pg_stat_activity where application_name = 'listen live_changes' and datname = current_database()",
        )
      ).rows[0].n;
    try {
      expect(await listening()).toBe(2);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'listen live_changes' and datname = current_database()",
      );
      // Nothing changed, but notifications may have been lost: every stream is sent the bills still confirming.
      for (const s of live) await s.waitForEvents(2, 15_000);
      expect(live.map(billsOf)).toEqual([
        [billNo, billNo],
        [billNo, billNo],
        [billNo, billNo],
      ]);
      await expect.poll(listening, { timeout: 15_000 }).toBe(2);
    } finally {
      await admin.end();
    }
    for (const s of live) s.close();
  });

  it("stopping an instance ends the streams it holds (SIGTERM does not wait for them)", async () => {
    const live = await watch(instanceB, created.orderCode);
    await live.waitForEvents(1);
    const b = children[1]!;
    const exited = new Promise<number | null>((done) => b.once("exit", (code) => done(code)));
    const started = Date.now();
    b.kill("SIGTERM");
    await live.ended;
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
