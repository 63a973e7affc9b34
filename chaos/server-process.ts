import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testNodeFlags } from "../server/testing/test-node-flags.ts";

const repoRoot = join(import.meta.dirname, "..");

/** Servers still running: if the harness dies first (a worker killed, an uncaught error), none outlives it. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running)
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
});

/** One `node server/main.ts` of the harness, killed with -9 and started again on the same settings. */
export interface ServerProcess {
  readonly name: string;
  readonly up: boolean;
  readonly baseUrl: string;
  readonly pid: number;
  /** Everything it printed since its first start (pino JSON lines and the banner). */
  readonly lines: readonly string[];
  start(): Promise<void>;
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s; then its data folder is removed. */
  stop(): Promise<void>;
}

/** A server on `env` (DATABASE_URL, CHAINS …), API only, in a data folder of its own, on a free loopback port. */
export function serverProcess(name: string, env: Record<string, string>): ServerProcess {
  const dataDir = mkdtempSync(join(tmpdir(), `mc-chaos-${name}-`));
  const lines: string[] = [];
  let child: ChildProcess | null = null;
  let exit: Promise<unknown> = Promise.resolve();
  let baseUrl = "";

  const alive = () => child !== null && child.exitCode === null && child.signalCode === null;
  const signal = (sig: NodeJS.Signals) => {
    if (!child || !alive()) return;
    try {
      process.kill(-child.pid!, sig);
    } catch {
      child.kill(sig);
    }
  };

  return {
    name,
    get up() {
      return alive();
    },
    get baseUrl() {
      return baseUrl;
    },
    get pid() {
      return child?.pid ?? 0;
    },
    lines,
    async start() {
      const started = spawn(process.execPath, [...testNodeFlags, "server/main.ts"], {
        cwd: repoRoot,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          NODE_ENV: "test",
          DEV_OUTBOX: "true",
          SMTP_URL: "",
          PORT: "0",
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          STATIC_DIR: "",
          DEVNET: "false",
          SERVER_SECRET: "ce".repeat(32),
          PASSWORD_HASH_COST: "test",
          ORDER_PAY_SECONDS: "",
          TRUST_PROXY: "",
          ...env,
        },
      });
      child = started;
      running.add(started);
      exit = new Promise((resolve) =>
        started.once("exit", (code) => {
          running.delete(started);
          resolve(code);
        }),
      );
      let partial = "";
      const keep = (chunk: Buffer) => {
        const parts = (partial + chunk.toString("utf8")).split("\n");
        partial = parts.pop() ?? "";
        lines.push(...parts.filter(Boolean));
      };
      started.stdout!.on("data", keep);
      started.stderr!.on("data", keep);
      const from = lines.length;
      baseUrl = await new Promise<string>((resolve, reject) => {
        const look = () => {
          const found = lines
            .slice(from)
            .map((line) => /API on (http:\/\/\S+)/.exec(line)?.[1])
            .find(Boolean);
          if (found) resolve(found.replace(/[—;,]+$/, ""));
        };
        started.stdout!.on("data", look);
        started.once("exit", (code, sig) =>
          reject(new Error(`${name} exited (${code ?? sig}) before it listened:\n${lines.slice(-30).join("\n")}`)),
        );
      });
    },
    async kill9() {
      signal("SIGKILL");
      await exit;
    },
    async stop() {
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 10_000);
      await exit;
      clearTimeout(timer);
      // The end of the harness: the data folder goes (a kill -9 and restart keep it, and its stale lock, on purpose).
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
