import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import type { OpenedDatabase } from "../db/open-database.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { createReadiness, databaseChecks, type ReadinessCheck } from "../wiring/readiness.ts";

let database: OpenedDatabase;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

async function serverWith(checks?: Record<string, ReadinessCheck>, timeoutMs = 2_000): Promise<FastifyInstance> {
  const app = await buildServer({
    db: database.db,
    google: null,
    pruneEveryMs: 0,
    mailRetryEveryMs: 0,
    orderSweepEveryMs: 0,
    readiness: checks ? createReadiness(checks, { timeoutMs }) : undefined,
  });
  apps.push(app);
  return app;
}

const ok: ReadinessCheck = async () => {};

describe("GET /healthz and GET /readyz", () => {
  it("answer without a session: alive, and ready once the database answers with its migrations current", async () => {
    const app = await serverWith();
    const alive = await app.inject({ method: "GET", url: "/healthz" });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: "alive" });
    expect(alive.headers["cache-control"]).toBe("no-store");
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok" } });
    expect((await app.inject({ method: "HEAD", url: "/readyz" })).statusCode).toBe(200);
  });

  it("answers 503 naming the failed check, with nothing of its error (a URL, a password) in the answer", async () => {
    const app = await serverWith({
      database: ok,
      chain: async () => {
        throw new Error("connect ECONNREFUSED https://user:hunter2@rpc.internal:8545");
      },
    });
    const answer = await app.inject({ method: "GET", url: "/readyz" });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: "not ready", checks: { database: "ok", chain: "failed" } });
    expect(answer.body).not.toMatch(/hunter2|rpc\.internal|ECONNREFUSED/);
  });

  it("answers within its timeout when a dependency hangs", async () => {
    const app = await serverWith({ database: ok, jobQueue: () => new Promise<void>(() => {}) }, 200);
    const started = Date.now();
    const answer = await app.inject({ method: "GET", url: "/readyz" });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().checks).toEqual({ database: "ok", jobQueue: "timeout" });
  });

  it("is not ready once the migrations this code knows of have not all run", async () => {
    const readiness = createReadiness(databaseChecks(database.db, { latest: "9999_not_yet_shipped" }));
    expect(await readiness.report()).toEqual({
      ready: false,
      draining: false,
      checks: { database: "ok", migrations: "failed" },
    });
  });

  it("asks its dependencies once for a flood of probes, not once per probe", async () => {
    let asked = 0;
    const app = await serverWith({
      database: async () => {
        asked += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.inject({ method: "GET", url: "/readyz" })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(asked).toBe(1);
  });

  it("turns not ready while draining, still alive, and as the server closes", async () => {
    const readiness = createReadiness({ database: ok });
    const app = await buildServer({ db: database.db, google: null, pruneEveryMs: 0, mailRetryEveryMs: 0, readiness });
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    readiness.drain();
    const draining = await app.inject({ method: "GET", url: "/readyz" });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: "draining", checks: { database: "ok" } });
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

    const closing = createReadiness({ database: ok });
    const other = await buildServer({
      db: database.db,
      google: null,
      pruneEveryMs: 0,
      mailRetryEveryMs: 0,
      readiness: closing,
    });
    await other.close();
    expect(closing.draining).toBe(true);
    await app.close();
  });
});
