import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const repoRoot = resolve(import.meta.dirname, "..");

interface Run {
  script: ChildProcess;
  /** Resolves once the inner command has printed its socket folder. */
  started: Promise<void>;
  done: Promise<{ status: number | null; stdout: string }>;
}

/** `node scripts/with-postgres.mjs node -e <code>`; the inner program first prints TEST_DATABASE_URL's socket folder. */
function withPostgres(code: string): Run {
  const inner = `console.log("socket " + new URL(process.env.TEST_DATABASE_URL).searchParams.get("host")); ${code}`;
  const script = spawn(process.execPath, ["scripts/with-postgres.mjs", process.execPath, "-e", inner], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  let markStarted = () => {};
  const started = new Promise<void>((done) => {
    markStarted = done;
  });
  script.stdout!.on("data", (chunk) => {
    stdout += chunk;
    if (socketOf(stdout)) markStarted();
  });
  const done = new Promise<{ status: number | null; stdout: string }>((finish) =>
    script.once("exit", (status) => finish({ status, stdout })),
  );
  return { script, started, done };
}

const socketOf = (stdout: string) => /socket (\S+)/.exec(stdout)?.[1] ?? "";

describe("scripts/with-postgres.mjs", { timeout: 60_000 }, () => {
  it("runs the command against a throw-away PostgreSQL on a unix socket only, and deletes it afterwards", async () => {
    const { status, stdout } =
      await withPostgres(`const c = new (require("pg").Client)({ connectionString: process.env.TEST_DATABASE_URL });
      c.connect().then(() => c.query("select current_setting('listen_addresses') as tcp, 6 * 7 as answer")).then((r) => { console.log(JSON.stringify(r.rows[0])); return c.end(); });`)
        .done;
    expect(status).toBe(0);
    expect(stdout).toContain(JSON.stringify({ tcp: "", answer: 42 }));
    expect(socketOf(stdout)).toMatch(/mc-postgres-/);
    expect(existsSync(socketOf(stdout))).toBe(false);
  });

  it("passes the command's exit status on and still cleans up", async () => {
    const { status, stdout } = await withPostgres("process.exit(3)").done;
    expect(status).toBe(3);
    expect(existsSync(socketOf(stdout))).toBe(false);
  });

  it("on SIGTERM stops the command, then PostgreSQL, and deletes the folder", async () => {
    const run = withPostgres("setTimeout(() => {}, 60_000)");
    await run.started;
    run.script.kill("SIGTERM");
    const { status, stdout } = await run.done;
    expect(status).toBe(143);
    expect(existsSync(socketOf(stdout))).toBe(false);
  });
});
