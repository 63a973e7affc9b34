import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomXpub } from "../../chain/hd-wallet.ts";
import { startTestChain, type TestChain } from "../../chain/test-chain.ts";
import type { DB } from "../../db/schema.ts";
import { startCallbackReceiver } from "../../testing/callback-receiver.ts";
import { startTestPostgres, type TestPostgres } from "../../testing/postgres-server.ts";
import { seedApplication, seedDepositAddress, seedMerchant } from "../../testing/seed.ts";
import { tempDirs } from "../../testing/temp-dirs.ts";
import { testNodeFlags } from "../../testing/test-node-flags.ts";

process.env.PASSWORD_HASH_COST ??= "test";

/**
 * `node server/main.ts` on PostgreSQL and anvil, killed with SIGKILL after a credit was committed and its first
 * attempt answered 500 (the next one due 4 s later, CALLBACK_RETRY_SCHEDULE), then started again: the retry is
 * delivered by the new process, and the receiver gets one 2xx delivery of the event.
 */
const repoRoot = join(import.meta.dirname, "../../..");
const tempDir = tempDirs("mc-callback-restart-");
const chainId = 31337;
let chain: TestChain;
const children: ChildProcess[] = [];
const databases: Array<{ postgres: TestPostgres; db: Kysely<DB> }> = [];

beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const { postgres, db } of databases) {
    await db.destroy();
    await postgres.stop();
  }
  await chain?.stop();
});

/**
 * A database of the test's own: the two restarts below run side by side (each mostly waits: for a retry that is due,
 * for a dead job's heartbeat to run out), so neither server's instance sees the other's rows or job queue.
 */
async function ownDatabase(): Promise<{ databaseUrl: string; db: Kysely<DB> }> {
  // A migrated copy: the server's first start on an empty database is not the subject (chaos.process.test.ts's).
  const postgres = await startTestPostgres({ migrated: true });
  const pool = new pg.Pool({ connectionString: postgres.databaseUrl, max: 2 });
  // An idle client ended by the server (its database dropped as the run finishes: 57P01) is not a failure; without a
  // listener it was an uncaught exception that failed the stage after every test had passed (a clean-clone run, once),
  // as the two-instances tests had found before.
  pool.on("error", (error: Error & { code?: string }) => {
    if (error.code !== "57P01") process.stderr.write(`delivery-restart: idle client failed: ${error.message}\n`);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  databases.push({ postgres, db });
  return { databaseUrl: postgres.databaseUrl, db };
}

function startMain(dataDir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [...testNodeFlags, "server/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: "0", STATIC_DIR: "", NODE_ENV: "", DEVNET: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let text = "";
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => {
      text += chunk;
      if (/API on http/.test(text)) resolve();
    });
    child.stderr!.on("data", (chunk) => {
      text += chunk;
    });
    // "close", not "exit": by then the pipes gave all the output (a refusal's last lines may come after its exit).
    child.once("close", () => reject(new Error(`the server stopped: ${text.slice(-2000)}`)));
  });
  ready.catch(() => {});
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, ready, exit, output: () => text };
}

async function until<T>(what: string, check: () => Promise<T | false | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const serverEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  DEV_OUTBOX: "true",
  CALLBACK_RETRY_SCHEDULE: "4",
  WALLET_XPUB: randomXpub(),
  CHAINS: JSON.stringify([
    {
      product: "Devnet",
      chainId,
      rpcUrl: chain.rpcUrl,
      tokens: [{ address: chain.token }],
      confirmations: 2,
      pollMs: 200,
    },
  ]),
});

/** A merchant whose application's recharge callbacks go to `url`, and a deposit to one of its end users, confirmed. */
async function depositToShop(db: Kysely<DB>, email: string, url: string): Promise<void> {
  const { userId } = await seedMerchant(db, { email, password: "Merchant7Pass" });
  const app = await seedApplication(db, { userId });
  await db
    .updateTable("applications")
    .set({ recharge_callback_url: url })
    .where("id", "=", app.applicationId)
    .execute();
  const factory = `0x${"fa".repeat(20)}` as Address;
  const { address } = await seedDepositAddress(db, {
    userId: userId,
    applicationId: app.applicationId,
    appCode: app.appCode,
    endUserId: "user-1",
    chainId,
    factory,
  });
  await chain.pay(address, 7_000_000n);
  await chain.mine(2);
}

/** The delivery of the application whose recharge callback URL is `url`. */
const deliveryTo = (db: Kysely<DB>, url: string) =>
  db
    .selectFrom("callback_deliveries as d")
    .innerJoin("applications as a", "a.id", "d.application_id")
    .selectAll("d")
    .where("a.recharge_callback_url", "=", url)
    .executeTakeFirst();

describe("a server killed between a callback's attempts", { timeout: 120_000 }, () => {
  // A concurrent test's own hooks come from its context (Vitest's note on concurrent tests).
  it.concurrent("delivers it after the restart, one 2xx delivery per event id", async ({ onTestFinished }) => {
    const { databaseUrl, db } = await ownDatabase();
    const receiver = await startCallbackReceiver((n) => (n === 0 ? 500 : 200));
    onTestFinished(() => receiver.stop());
    const dataDir = tempDir();
    const env = serverEnv(databaseUrl);
    const first = startMain(dataDir, env);
    await first.ready;
    await depositToShop(db, "shop@example.com", receiver.url);

    // The first attempt answered 500 and was recorded; the next one is due 4 s later. Killed now.
    const delivery = await until("the first attempt recorded", async () => {
      const row = await deliveryTo(db, receiver.url);
      return row?.attempts === 1 && row;
    });
    expect(delivery.status).toBe("pending");
    first.child.kill("SIGKILL");
    await first.exit;
    expect(receiver.received).toHaveLength(1);

    const second = startMain(dataDir, env);
    await second.ready;
    const done = await until("the delivery to succeed", async () => {
      const row = await deliveryTo(db, receiver.url);
      return row?.status === "success" && row;
    });
    expect(done).toMatchObject({ event_id: delivery.event_id, attempts: 2 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([delivery.event_id, delivery.event_id]);
    const bill = await db
      .selectFrom("application_bills")
      .select("notice_status")
      .where("id", "=", done.bill_id!)
      .executeTakeFirstOrThrow();
    expect(bill.notice_status).toBe("success");
    second.child.kill("SIGTERM");
    await second.exit;
    expect(second.child.exitCode).toBe(0);
  });

  it.concurrent("delivers an attempt the kill cut short (the receiver held its answer) after the restart", async () => {
    const { databaseUrl, db } = await ownDatabase();
    const holding = await startCallbackReceiver((n) => (n === 0 ? "hang" : 200));
    try {
      const dataDir = tempDir();
      const env = serverEnv(databaseUrl);
      const first = startMain(dataDir, env);
      await first.ready;
      await depositToShop(db, "held@example.com", holding.url);
      await holding.waitFor(1, 30_000);
      first.child.kill("SIGKILL");
      await first.exit;
      const second = startMain(dataDir, env);
      await second.ready;
      // The killed attempt was never recorded; its job's heartbeat stopped, so it is worked again.
      const done = await until(
        "the delivery to succeed",
        async () => {
          const row = await deliveryTo(db, holding.url);
          return row?.status === "success" && row;
        },
        60_000,
      );
      expect(done.attempts).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(holding.received.map((r) => r.headers["webhook-id"])).toEqual([done.event_id, done.event_id]);
      second.child.kill("SIGTERM");
      await second.exit;
    } finally {
      await holding.stop();
    }
  }, 100_000);
});
