import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import pg from "pg";

const repoRoot = join(import.meta.dirname, "../..");

export interface TestPostgres {
  /** A fresh, empty database of its own on the server. */
  databaseUrl: string;
  /** Drops the database, and stops the server when this helper started it. */
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL for a process test that needs one whatever lane runs it: TEST_DATABASE_URL's server when set
 * (under `node scripts/with-postgres.mjs`), else the process tests' own cluster (PROCESS_TEST_POSTGRES_URL, one
 * throw-away cluster the stage's globalSetup starts for all its files: process-test-setup.ts), else a throw-away
 * cluster started the same way, through scripts/with-postgres.mjs holding it for as long as the test runs. Either way
 * the test gets a fresh, empty database of its own. No PostgreSQL is a failure, never a skip.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const shared = process.env.TEST_DATABASE_URL || process.env.PROCESS_TEST_POSTGRES_URL || undefined;
  const held = shared ? null : await holdThrowAwayCluster();
  const fresh = await createFreshDatabase(shared ?? held!.url, "mc_process");
  return {
    databaseUrl: fresh.databaseUrl,
    stop: async () => {
      try {
        await fresh.drop();
      } finally {
        await held?.stop();
      }
    },
  };
}

/** A new, empty database on the server at `serverUrl`, named `<prefix>_<pid>_<random>`; `drop` removes it. */
export async function createFreshDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * `node scripts/with-postgres.mjs node -e …`: the inner program prints TEST_DATABASE_URL and waits until its stdin
 * closes (this process ended, even by a crash) or it is stopped; with-postgres then stops and deletes the cluster.
 */
export async function holdThrowAwayCluster(): Promise<{ url: string; stop(): Promise<void> }> {
  const inner = `console.log("TEST_DATABASE_URL " + process.env.TEST_DATABASE_URL); process.stdin.resume(); process.stdin.on("end", () => process.exit(0));`;
  const script: ChildProcess = spawn(process.execPath, ["scripts/with-postgres.mjs", process.execPath, "-e", inner], {
    cwd: repoRoot,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((done) => script.once("exit", (code) => done(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const found = /TEST_DATABASE_URL (\S+)/.exec(output)?.[1];
      if (found) resolve(found);
    };
    script.stdout!.on("data", look);
    script.stderr!.on("data", look);
    void exited.then((code) =>
      reject(
        new Error(`scripts/with-postgres.mjs exited (${code}) before PostgreSQL was ready:\n${output.slice(-4000)}`),
      ),
    );
  });
  return {
    url,
    stop: async () => {
      if (script.exitCode === null && script.signalCode === null) script.kill("SIGTERM");
      await exited;
    },
  };
}
