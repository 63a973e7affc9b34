import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createFreshDatabase } from "../../server/testing/postgres-server.ts";

/** The repository root, whatever the working directory of the runner. */
export const repoRoot = resolve(import.meta.dirname, "../..");

/**
 * The shared server's wait between one requester's codes of a purpose (CODE_RESEND_SECONDS; a deployment waits 60 s):
 * the wallet journey asks a withdrawal code to add a destination and another to withdraw.
 */
export const e2eCodeResendSeconds = 5;

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Its PostgreSQL database (`postgres`), null on PGlite: a journey that moves an invoice's deadline reaches it there. */
  databaseUrl: string | null;
  /** The last lines the server printed, for failure messages. */
  logTail(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The built console; `npm run build` writes it. */
  staticDir?: string;
  /** How long PGlite's initdb and the migrations may take. */
  readyTimeoutMs?: number;
  env?: Record<string, string>;
  /**
   * A PostgreSQL server's URL: the server gets a fresh, empty database of its own there (DATABASE_URL), dropped when
   * it stops. Without it the server runs on PGlite in its DATA_DIR, as `npm start` does.
   */
  postgres?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/**
 * Starts `node server/main.ts` on a free loopback port with a throw-away DATA_DIR (and database, `postgres`) and waits
 * until it serves the console. Runs on the same Node as the caller (Node 26 under the npm scripts).
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 24) {
    throw new Error(
      `Node ${process.versions.node} cannot run server/main.ts (type stripping needs Node 24): run through npm (npm run e2e / npm run bench), which puts the node devDependency first on PATH.`,
    );
  }
  const staticDir = options.staticDir ?? join(repoRoot, "dist");
  if (!existsSync(join(staticDir, "index.html"))) {
    throw new Error(
      `${staticDir}/index.html is missing: run \`npm run build\` first (npm run e2e and npm run bench do).`,
    );
  }
  const host = "127.0.0.1";
  const database = options.postgres ? await createFreshDatabase(options.postgres, "mc_e2e") : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "merchant-console-e2e-"));
  const lines: string[] = [];
  // Per stream: a chunk may end in the middle of a line.
  const keeper = () => {
    let partial = "";
    return (chunk: Buffer) => {
      const parts = (partial + chunk.toString("utf8")).split("\n");
      partial = parts.pop() ?? "";
      lines.push(...parts.filter(Boolean));
      if (lines.length > 200) lines.splice(0, lines.length - 200);
    };
  };
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: repoRoot,
    // Port 0: the server binds a port the kernel picks and prints it. A port picked here and bound a moment later
    // could meanwhile be taken (by a parallel test's listener or as another connection's local port: EADDRINUSE).
    env: {
      ...process.env,
      PORT: "0",
      HOST: host,
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      NODE_ENV: "test",
      DEV_OUTBOX: "true",
      ...(database ? { DATABASE_URL: database.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", keeper());
  child.stderr?.on("data", keeper());
  // If the runner dies without reaching stop() (a crash, a closed pipe), the server must not outlive it.
  const orphanGuard = () => {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("exit", orphanGuard);
  const logTail = () => lines.slice(-40).join("\n");
  const announced = () => lines.map((line) => /^Merchant Console API on (http:\/\/\S+)/.exec(line)?.[1]).find(Boolean);

  const stop = async () => {
    process.off("exit", orphanGuard);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      if (!(await exited(child, 5_000))) {
        child.kill("SIGKILL");
        await exited(child, 5_000);
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  let lastError = "";
  let baseUrl: string | undefined;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`server/main.ts exited (${child.exitCode ?? child.signalCode}) before answering:\n${logTail()}`);
    }
    baseUrl ??= announced();
    if (!baseUrl) {
      lastError = "the server has not said where it listens yet";
      await sleep(100);
      continue;
    }
    try {
      const response = await fetch(`${baseUrl}/login`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok && (response.headers.get("content-type") ?? "").includes("text/html")) {
        return { baseUrl, dataDir, databaseUrl: database?.databaseUrl ?? null, logTail, stop };
      }
      lastError = `GET /login answered ${response.status} ${response.headers.get("content-type") ?? ""}`;
    } catch (error) {
      lastError = String(error);
    }
    await sleep(250);
  }
  await stop();
  throw new Error(
    `server/main.ts did not serve ${baseUrl ?? "its address"}/login in time (${lastError}):\n${logTail()}`,
  );
}
