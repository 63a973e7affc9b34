import { execFileSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { holdThrowAwayCluster } from "../server/testing/postgres-server.ts";
import { e2eCodeResendSeconds, type RunningServer, repoRoot, startServer } from "./support/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR ("" against E2E_BASE_URL): `npm run chain -- pay` finds its devnet there. */
    dataDir: string;
    /** The throw-away PostgreSQL cluster the journeys' servers keep their databases on ("" against E2E_BASE_URL). */
    postgres: string;
    /** The shared server's own database on that cluster ("" against E2E_BASE_URL). */
    database: string;
  }
}

let server: RunningServer | undefined;
let cluster: Awaited<ReturnType<typeof holdThrowAwayCluster>> | undefined;

/**
 * Chromium present, the built console served with the API on a free port, a throw-away database.
 * E2E_BASE_URL runs the journeys against a server that is already up (it must offer the dev outbox, and take the env
 * below: the devnet's three confirmations, no destination cool-down, CODE_RESEND_SECONDS).
 */
export async function setup(project: TestProject) {
  execFileSync("bash", ["scripts/setup-chromium.sh"], { cwd: repoRoot, stdio: "inherit" });
  const external = process.env.E2E_BASE_URL?.replace(/\/+$/, "");
  if (external) {
    project.provide("baseUrl", external);
    project.provide("dataDir", process.env.E2E_DATA_DIR ?? "");
    project.provide("postgres", "");
    project.provide("database", "");
    process.stdout.write(`e2e: against ${external} (E2E_BASE_URL)\n`);
    return;
  }
  // Three confirmations on the devnet (a block a second): the pay dialog has two seconds to show them counting up.
  // Passwords hashed at the test suites' cost (server/domain/identity/passwords.ts): the journeys register and sign in
  // over and over (the hand-off journey alone 16 times), at 26 ms of CPU a hash at the production cost, which the login
  // benchmark measures.
  // On PostgreSQL, as a deployment runs (docs/benchmarks.md, "Test budgets"): the same journeys on PGlite cost the server about
  // three times the CPU-seconds (PostgreSQL compiled to WebAssembly), and PGlite's own paths are proven by the process
  // tests that start `node server/main.ts` on a data folder (server/main.process.test.ts, scripts/dev.process.test.ts).
  cluster = await holdThrowAwayCluster();
  server = await startServer({
    // New withdrawal destinations usable at once (the wallet journey). The sender keeps its pace (a run every 10 s):
    // every second it cost the server and PostgreSQL a job a second through the whole stage.
    env: {
      DEVNET_CONFIRMATIONS: "3",
      PASSWORD_HASH_COST: "test",
      WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS: "0",
      CODE_RESEND_SECONDS: String(e2eCodeResendSeconds),
    },
    postgres: cluster.url,
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("postgres", cluster.url);
  project.provide("database", server.databaseUrl ?? "");
  project.provide("dataDir", server.dataDir);
  process.stdout.write(`e2e: server on ${server.baseUrl} (DATA_DIR ${server.dataDir})\n`);
}

export async function teardown() {
  if (process.env.E2E_SERVER_LOG === "1" && server) process.stdout.write(`e2e: server log tail\n${server.logTail()}\n`);
  await server?.stop();
  server = undefined;
  await cluster?.stop();
  cluster = undefined;
}
