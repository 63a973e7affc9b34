import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import pg from "pg";
import { migratedTemplateName } from "./migrated-snapshot.ts";

const repoRoot = join(import.meta.dirname, "../..");

export interface TestPostgres {
  /** A fresh database of its own on the server: empty, or a copy of the migrated template when asked for one. */
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
 * `migrated`: a copy of the migrated template instead (migratedTemplateName; the process tests' globalSetup and
 * test-database-setup.ts make it), for a file whose subject is not a server's first start on an empty database: its
 * servers find nothing to migrate, and the migrations (about half a CPU-second a database, more on a busy machine)
 * run once per stage. Without a template on the server (a cluster held here), an empty database all the same.
 */
export async function startTestPostgres({ migrated = false }: { migrated?: boolean } = {}): Promise<TestPostgres> {
  const shared = process.env.TEST_DATABASE_URL || process.env.PROCESS_TEST_POSTGRES_URL || undefined;
  const held = shared ? null : await holdThrowAwayCluster();
  const serverUrl = shared ?? held!.url;
  const template = migrated ? await existingDatabase(serverUrl, migratedTemplateName()) : undefined;
  const fresh = await createFreshDatabase(serverUrl, "mc_process", template);
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

/**
 * A new database on the server at `serverUrl`, named `<prefix>_<pid>_<random>`: empty, or a copy of `template`;
 * `drop` removes it.
 */
export async function createFreshDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      await admin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function admin(serverUrl: string, statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/** `name` when the server at `serverUrl` has a database of that name. */
async function existingDatabase(serverUrl: string, name: string): Promise<string | undefined> {
  const { rowCount } = await admin(serverUrl, "select 1 from pg_database where datname = $1", [name]);
  return rowCount ? name : undefined;
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
