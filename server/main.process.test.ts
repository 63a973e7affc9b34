import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { type AddressInfo, createServer } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadedModules, reportLoadedModules } from "./testing/loaded-modules.ts";
import { testNodeFlags } from "./testing/test-node-flags.ts";

const repoRoot = join(import.meta.dirname, "..");

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
const folders: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

interface Started {
  /** The address once it listens, or the exit code when it stops first. */
  outcome: Promise<{ address: string } | { exitCode: number | null }>;
  output(): string;
  dataDir: string;
  child: ChildProcess;
}

/**
 * `node server/main.ts` as `npm start` runs it (NODE_ENV, DEV_OUTBOX and SMTP_URL unset) plus `env`; `nodeFlags`
 * before the script.
 */
function startMain(env: Record<string, string>, nodeFlags: readonly string[] = []): Started {
  const parent = mkdtempSync(join(tmpdir(), "merchant-console-main-"));
  folders.push(parent);
  const dataDir = join(parent, "data");
  const inherited = { ...process.env };
  for (const name of ["NODE_ENV", "DEV_OUTBOX", "SMTP_URL"]) delete inherited[name];
  const child = spawn(process.execPath, [...testNodeFlags, ...nodeFlags, "server/main.ts"], {
    cwd: repoRoot,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      STATIC_DIR: "",
      SERVER_SECRET: "",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let text = "";
  const outcome = new Promise<{ address: string } | { exitCode: number | null }>((done) => {
    const look = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const address = /API on (http:\/\/\S+)/.exec(text)?.[1];
      if (address) done({ address });
    };
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    // "close", not "exit": by then the pipes gave all the output (a refusal's last lines may come after its exit).
    child.once("close", (exitCode) => done({ exitCode }));
  });
  return { outcome, output: () => text, dataDir, child };
}

/** A start expected to be refused: it reports the files it loaded as it exits (testing/loaded-modules.ts). */
const refusedStart = (env: Record<string, string>) => startMain(env, reportLoadedModules);

/**
 * Refused with `message`, exit code 1, having read its settings only: neither the HTTP server nor the database engine,
 * the chain's client or the job queue was loaded, so an operator's mistake is reported at once.
 */
async function expectRefusal(server: Started, message: string) {
  expect(await server.outcome).toEqual({ exitCode: 1 });
  expect(server.output()).toContain(`Merchant Console cannot start: ${message}`);
  const serverModules = /^(server\/app\.ts|node_modules\/(@electric-sql\/pglite|fastify|viem|pg-boss|kysely))$/;
  expect(loadedModules(server.output()).filter((file) => serverModules.test(file))).toEqual([]);
}

// Side by side: each test starts its own server on its own folder, removed after all of them.
describe("server/main.ts", { timeout: 120_000, concurrent: true }, () => {
  // Every mistake readStartupSettings refuses takes this path; each is proven in server/startup-settings.test.ts.
  it("refuses to start in production without SMTP_URL, before it touches the data folder", async () => {
    const server = refusedStart({ NODE_ENV: "production" });
    await expectRefusal(server, "NODE_ENV=production needs SMTP_URL");
    expect(existsSync(server.dataDir)).toBe(false);
  });

  // The reproduction: `npm start` leaves NODE_ENV unset, and the server handed out every code.
  // (With DEV_OUTBOX=true the browser journeys read their codes from it: e2e/support/server.ts.)
  // And, on the same start: ready with every check, then a SIGTERM drains it: /readyz answers 503 while it
  // still serves for DRAIN_SECONDS, and it exits 0 within DRAIN_TIMEOUT_SECONDS.
  it("serves no dev outbox by default, answers ready, and drains on SIGTERM within its time", async ({ expect }) => {
    // On a folder not made yet, as on a fresh checkout: the first start of all (initdb, the migrations, the devnet's
    // deployments), which the other process tests skip (server/testing/migrated-data-folder.ts).
    const metricsPort = await freePort();
    const server = startMain({ DRAIN_SECONDS: "1", DRAIN_TIMEOUT_SECONDS: "20", METRICS_PORT: String(metricsPort) });
    const started = await server.outcome;
    if (!("address" in started)) throw new Error(`the server did not start: exit ${started.exitCode}`);
    for (const query of ["?to=victim@example.com", ""]) {
      const answer = await fetch(`${started.address}/api/dev/outbox${query}`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ success: false, errCode: "4040" });
    }

    const ready = await fetch(`${started.address}/readyz`);
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", "chain:Devnet": "ok", jobQueue: "ok" },
    });
    expect(ready.status).toBe(200);
    // GET /metrics on its own listener, on 127.0.0.1 unless METRICS_HOST says otherwise, and not on the public port.
    expect(server.output()).toContain(`Metrics on http://127.0.0.1:${metricsPort}/metrics`);
    const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(scraped).toContain('mc_readiness_check_ok{check="jobQueue"} 1');
    expect(scraped).toMatch(/^mc_chain_head_block\{chain="Devnet"\} \d+$/m);
    expect(scraped).toMatch(
      /^mc_http_request_duration_seconds_count\{route="\/readyz",method="GET",status="200"\} 1$/m,
    );
    expect((await fetch(`${started.address}/metrics`)).status).toBe(404);
    const exited = new Promise<number | null>((done) => server.child.once("exit", (code) => done(code)));
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    await expect
      .poll(async () => (await fetch(`${started.address}/readyz`)).status, { timeout: 1_500, interval: 50 })
      .toBe(503);
    expect((await fetch(`${started.address}/healthz`)).status).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_000);
    expect(Date.now() - signalled).toBeLessThan(20_000);
  });
});
