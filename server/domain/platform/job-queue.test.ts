import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { asSignIn } from "../../db/prioritised-pglite.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { type JobQueue, type JobState, startJobQueue } from "./job-queue.ts";

// Runs on PGlite and on PostgreSQL: the queue waits its turn on PGlite's one connection, and two instances share it on PostgreSQL (scripts/database-tests.ts).

let database: OpenedDatabase;
let queue: JobQueue;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const start = () =>
  startJobQueue({ db: database.db, engine: database.engine!, pollingIntervalSeconds: 0.5, supervise: false });

beforeAll(async () => {
  database = await createTestDatabase();
  queue = await start();
}, 60_000);

afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const stateIs = (name: string, id: string, state: JobState) => async () =>
  (await queue.jobState(name, id))?.state === state;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** No job of the queue is waiting or being worked: nothing more runs until a job is sent (no pause needed to see it). */
const idle = (name: string) => async () => {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')
  `.execute(database.db);
  return Number(rows[0]!.n) === 0;
};

describe("job queue", () => {
  it("works a job once, and the same id sent twice is one job", async () => {
    const seen: string[] = [];
    const id = randomUUID();
    expect(await queue.send("once", { n: 1 }, { id })).toBe(id);
    expect(await queue.send("once", { n: 2 }, { id })).toBeNull();
    await queue.work<{ n: number }>("once", async (job) => {
      seen.push(`${job.id}:${job.data.n}`);
    });
    await until(stateIs("once", id, "completed"));
    await until(idle("once"));
    expect(seen).toEqual([`${id}:1`]);
  });

  it("retries a throwing handler with backoff until it succeeds, and fails a job whose retries run out", async () => {
    const attempts = new Map<string, number[]>();
    const recovering = randomUUID();
    const hopeless = randomUUID();
    await queue.send("flaky", { failTimes: 2 }, { id: recovering, retryLimit: 2, retryDelay: 1, retryBackoff: true });
    await queue.send("flaky", { failTimes: 9 }, { id: hopeless, retryLimit: 1, retryDelay: 1 });
    await queue.work<{ failTimes: number }>("flaky", async (job) => {
      const times = attempts.get(job.id) ?? [];
      times.push(Date.now());
      attempts.set(job.id, times);
      if (times.length <= job.data.failTimes) throw new Error(`attempt ${times.length} fails`);
    });
    await until(stateIs("flaky", recovering, "completed"));
    await until(stateIs("flaky", hopeless, "failed"));
    expect(attempts.get(recovering)).toHaveLength(3);
    expect(attempts.get(hopeless)).toHaveLength(2);
    const [first = 0, second = 0, third = 0] = attempts.get(recovering) ?? [];
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(900);
    expect(await queue.jobState("flaky", recovering)).toEqual({ state: "completed", retryCount: 2 });
  }, 30_000);

  it("writes a job sent inside a transaction only if that transaction commits", async () => {
    const rolledBack = randomUUID();
    const committed = randomUUID();
    await queue.send("outbox", {}, { id: randomUUID() }); // the queue exists before the transactions
    await expect(
      database.db.transaction().execute(async (trx) => {
        await queue.send("outbox", {}, { id: rolledBack, trx });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await database.db.transaction().execute(async (trx) => {
      await queue.send("outbox", {}, { id: committed, trx });
    });
    expect(await queue.jobState("outbox", rolledBack)).toBeNull();
    expect((await queue.jobState("outbox", committed))?.state).toBe("created");
  });

  it("does not run its statements inside another request's open transaction", async () => {
    const worked: string[] = [];
    await queue.work("beside", async (job) => {
      worked.push(job.id);
    });
    const id = randomUUID();
    let sentWhileOpen: Promise<string | null> | undefined;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        sentWhileOpen = queue.send("beside", {}, { id });
        // The queue keeps polling and sending while this transaction is open, then the transaction rolls back.
        await pause(1200);
        await sql`select 1`.execute(trx);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await sentWhileOpen).toBe(id);
    await until(() => worked.includes(id));
    expect((await queue.jobState("beside", id))?.state).toBe("completed");
  });

  it.skipIf(onPostgres)("waits its turn on PGlite's connection line, behind a sign-in", async () => {
    await queue.send("behind", {}, { id: randomUUID() }); // the queue exists before the line fills
    const id = randomUUID();
    let signInSaw: number | undefined;
    let signIn: Promise<void> | undefined;
    let sent: Promise<string | null> | undefined;
    await database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      sent = queue.send("behind", {}, { id });
      await pause(100);
      signIn = asSignIn(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where id = ${id}`.execute(
          database.db,
        );
        signInSaw = rows[0]?.n;
      });
      await pause(100);
    });
    await signIn;
    expect(await sent).toBe(id);
    expect(signInSaw).toBe(0);
  });

  it("works the jobs that waited while it was stopped, once restarted", async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) await queue.send("resumed", {}, { id });
    await queue.stop();
    queue = await start();
    const worked: string[] = [];
    await queue.work("resumed", async (job) => {
      worked.push(job.id);
    });
    await until(() => worked.length === ids.length);
    expect(worked.sort()).toEqual([...ids].sort());
  });

  it.runIf(onPostgres)("shares a queue between two instances, each job worked exactly once", async () => {
    const other = await start();
    try {
      const worked: string[] = [];
      const handler = async (job: { id: string }) => {
        worked.push(job.id);
      };
      await queue.work("shared", handler, { localConcurrency: 2 });
      await other.work("shared", handler, { localConcurrency: 2 });
      const ids = Array.from({ length: 40 }, () => randomUUID());
      await Promise.all(ids.map((id) => queue.send("shared", { id }, { id })));
      await until(() => worked.length >= ids.length);
      await until(idle("shared"));
      expect(worked.sort()).toEqual([...ids].sort());
    } finally {
      await other.stop();
    }
  });
});
