import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadedModules, reportLoadedModules } from "../testing/loaded-modules.ts";
import { migratedDataDir } from "../testing/migrated-data-folder.ts";
import { tempDirs } from "../testing/temp-dirs.ts";
import { acquireDataDirLock, DataDirInUseError, type LockOwner, lockFileName } from "./data-dir-lock.ts";
import { testNodeFlags } from "../testing/test-node-flags.ts";

const repoRoot = resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
const freshDir = tempDirs("mc-lock-");

const readLock = (dir: string) => JSON.parse(readFileSync(join(dir, lockFileName), "utf8")) as LockOwner;
const writeLock = (dir: string, owner: Partial<LockOwner>) =>
  writeFileSync(
    join(dir, lockFileName),
    JSON.stringify({ hostname: hostname(), startedAt: "2024-01-01T00:00:00.000Z", token: "someone-else", ...owner }),
  );
const startTicks = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};
/** The pid of a process that has exited (and been reaped). */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!;
const refusal = (dir: string) => {
  try {
    acquireDataDirLock(dir).release();
  } catch (error) {
    return error as DataDirInUseError;
  }
  throw new Error("the lock was granted");
};

describe("the data folder lock (in process)", () => {
  it("is created exclusively with pid, hostname and start time, readable by the owner only, and removed on release", () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    expect(readLock(dir)).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(statSync(lock.path).mode & 0o777).toBe(0o600);
    const error = refusal(dir);
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect(error.message).toContain(`pid ${process.pid} on ${hostname()}`);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it.skipIf(process.platform !== "linux")("refuses while the owner runs, naming it and the way out", () => {
    const dir = freshDir();
    writeLock(dir, { pid: process.ppid, processStart: startTicks(process.ppid) });
    const error = refusal(dir);
    expect(error.message).toContain(
      `Another server is using this data folder: pid ${process.ppid} on ${hostname()}, since 2024-01-01T00:00:00.000Z (lock file ${join(dir, lockFileName)}). Stop that server first (kill ${process.ppid})`,
    );
    expect(readLock(dir).pid).toBe(process.ppid);
  });

  it("takes over a lock whose process is gone (kill -9, crash)", () => {
    const dir = freshDir();
    writeLock(dir, { pid: deadPid() });
    const lock = acquireDataDirLock(dir);
    expect(readLock(dir)).toMatchObject({ pid: process.pid, token: lock.owner.token });
    lock.release();
  });

  it.skipIf(process.platform !== "linux")("takes over a lock whose pid now belongs to a later process", () => {
    const dir = freshDir();
    writeLock(dir, { pid: process.ppid, processStart: "1" });
    const lock = acquireDataDirLock(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock naming this very process that it never took (a restarted container is pid 1 again)", () => {
    const dir = freshDir();
    writeLock(dir, { pid: process.pid });
    const lock = acquireDataDirLock(dir);
    expect(readLock(dir).token).toBe(lock.owner.token);
    lock.release();
  });

  it("refuses a lock from another host (whether it lives cannot be checked) and an unreadable lock", () => {
    const dir = freshDir();
    writeLock(dir, { pid: 4242, hostname: "other-host" });
    expect(refusal(dir).message).toContain("pid 4242 on other-host");
    expect(refusal(dir).message).toContain("runs on another host");
    writeFileSync(join(dir, lockFileName), "");
    expect(refusal(dir).message).toContain("cannot be read as a lock");
  });

  it("releases only its own lock", () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    writeLock(dir, { pid: 4242, hostname: "other-host", token: "theirs" });
    lock.release();
    expect(readLock(dir).token).toBe("theirs");
  });
});

interface Server {
  child: ChildProcess;
  output(): string;
  /** Resolves with the address once it listens, rejects when it exits first. */
  ready: Promise<string>;
  exited: Promise<number | null>;
}

/**
 * `node server/main.ts` on `dataDir`, without the devnet (the lock is the subject: the devnet's own restarts, after a
 * kill -9 too, are server/chain/main-devnet.process.test.ts's); `nodeFlags` before the script.
 */
function startServer(dataDir: string, nodeFlags: readonly string[] = []): Server {
  const child = spawn(process.execPath, [...testNodeFlags, ...nodeFlags, "server/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      STATIC_DIR: "",
      NODE_ENV: "test",
      SERVER_SECRET: "",
      DATABASE_URL: "",
      DEVNET: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let text = "";
  // "close", not "exit": by then the pipes gave all the output (a refusal's last lines may come after its exit).
  const exited = new Promise<number | null>((done) => child.once("close", (code) => done(code)));
  const ready = new Promise<string>((done, fail) => {
    const look = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const address = /API on (http:\/\/\S+)/.exec(text)?.[1];
      if (address) done(address);
    };
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    void exited.then((code) => fail(new Error(`server exited (${code}) before listening:\n${text}`)));
  });
  ready.catch(() => {});
  return { child, output: () => text, ready, exited };
}

describe("one server per DATA_DIR (real processes)", () => {
  it("refuses a second server naming the first, recovers after kill -9, and releases the lock on a clean shutdown", {
    timeout: 120_000,
  }, async () => {
    // A data folder holding a migrated database no server has run on yet (the lock is what is tested here).
    const dataDir = await migratedDataDir(freshDir());
    const first = startServer(dataDir);
    await first.ready;
    expect(readLock(dataDir).pid).toBe(first.child.pid);

    const second = startServer(dataDir, reportLoadedModules);
    const outcome = await Promise.race([
      second.exited.then((code) => `exited ${code}`),
      second.ready.then(
        () => "listening",
        () => "exited",
      ),
    ]);
    expect(outcome).toBe("exited 1");
    expect(second.output()).toContain(
      `Merchant Console cannot start: Another server is using this data folder: pid ${first.child.pid} on ${hostname()}`,
    );
    expect(readLock(dataDir).pid).toBe(first.child.pid);
    // Refused before the database engine loads (server/db/data-folder.ts).
    expect(loadedModules(second.output()).filter((file) => /pglite|kysely|server\/app\.ts/.test(file))).toEqual([]);

    first.child.kill("SIGKILL");
    await first.exited;
    expect(readLock(dataDir).pid).toBe(first.child.pid);

    const third = startServer(dataDir);
    const address = await third.ready;
    expect(third.output()).toContain(`recovered a stale lock (pid ${first.child.pid} on ${hostname()}`);
    expect(readLock(dataDir).pid).toBe(third.child.pid);
    expect((await fetch(`${address}/api/none`)).status).toBe(404);

    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);
  });
});
