import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

/** The file in DATA_DIR that names the server owning the folder. */
export const lockFileName = "server.lock";

export interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/<pid>/stat), which tells a reused pid apart. */
  processStart?: string;
  /** Random, so that a server only ever deletes its own lock. */
  token: string;
}

export interface DataDirLock {
  path: string;
  owner: LockOwner;
  /** Deletes the lock file if it is still ours; safe to call more than once. */
  release(): void;
}

/** A second server on the folder; the message names the owner and what to do. */
export class DataDirInUseError extends Error {
  readonly owner: Partial<LockOwner> | null;
  constructor(message: string, owner: Partial<LockOwner> | null) {
    super(message);
    this.name = "DataDirInUseError";
    this.owner = owner;
  }
}

const heldTokens = new Set<string>();

/**
 * Takes DATA_DIR for this process: creates `server.lock` exclusively (pid, hostname, start time) or refuses with
 * DataDirInUseError naming the server that holds it. A lock left by a process that no longer runs on this host
 * (kill -9, a crash, a power cut) is taken over. Released on `release()` and when the process exits.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(resolve(dataDir), lockFileName);
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    processStart: processStartTicks(process.pid),
    token: randomBytes(16).toString("hex"),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusively(path, owner)) return held(path, owner);
    const current = readOwner(path);
    if (current === "missing") continue;
    if (current === "unreadable") throw inUse(path, current);
    const staleWhy = whyStale(current);
    if (!staleWhy) throw inUse(path, current);
    if (takeOver(path, current))
      process.stderr.write(`data folder: recovered a stale lock (${ownerText(current)}: ${staleWhy})\n`);
  }
  throw new DataDirInUseError(
    `DATA_DIR ${resolve(dataDir)}: could not take ${path}; other servers keep starting on this folder`,
    null,
  );
}

/** link(2) fails when the name exists, so the lock appears complete or not at all. */
function createExclusively(path: string, owner: LockOwner): boolean {
  const draft = `${path}.${owner.pid}.${owner.token.slice(0, 8)}`;
  writeFileSync(draft, `${JSON.stringify(owner)}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function readOwner(path: string): LockOwner | "missing" | "unreadable" {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as LockOwner;
    return Number.isInteger(parsed.pid) && typeof parsed.hostname === "string" && typeof parsed.token === "string"
      ? parsed
      : "unreadable";
  } catch {
    return "unreadable";
  }
}

/** Why the owner can no longer be running, or null when it may be (another host: we cannot tell). */
function whyStale(owner: LockOwner): string | null {
  if (owner.hostname !== hostname()) return null;
  if (heldTokens.has(owner.token)) return null;
  if (owner.pid === process.pid) return "it names this very process, which did not take it (a restarted container)";
  if (!isRunning(owner.pid)) return "that process is gone";
  const now = processStartTicks(owner.pid);
  if (owner.processStart && now && now !== owner.processStart) return "that pid now belongs to a later process";
  return null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Field 22 of /proc/<pid>/stat; undefined off Linux. The command name (field 2) may hold spaces and parentheses. */
function processStartTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/**
 * Moves the stale lock aside, then checks that what it moved is the stale one: when two servers recover the same
 * lock at once, the slower one must not delete the lock the faster one has just created.
 */
function takeOver(path: string, stale: LockOwner): boolean {
  const aside = `${path}.stale.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
  const moved = readOwner(aside);
  if (moved !== "missing" && moved !== "unreadable" && moved.token !== stale.token) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone created yet another lock meanwhile; theirs stands.
    }
    unlinkSync(aside);
    return false;
  }
  unlinkSync(aside);
  return true;
}

function held(path: string, owner: LockOwner): DataDirLock {
  heldTokens.add(owner.token);
  const release = () => {
    process.off("exit", release);
    if (!heldTokens.delete(owner.token)) return;
    const current = readOwner(path);
    if (typeof current === "object" && current.token === owner.token) unlinkSync(path);
  };
  process.once("exit", release);
  return { path, owner, release };
}

function ownerText(owner: Partial<LockOwner>): string {
  return `pid ${owner.pid} on ${owner.hostname}, since ${owner.startedAt}`;
}

function inUse(path: string, owner: LockOwner | "unreadable"): DataDirInUseError {
  if (owner === "unreadable") {
    return new DataDirInUseError(
      `${path} exists but cannot be read as a lock. If no server uses this data folder, delete that file and start again.`,
      null,
    );
  }
  const elsewhere = owner.hostname !== hostname();
  return new DataDirInUseError(
    `Another server is using this data folder: ${ownerText(owner)} (lock file ${path}). ` +
      (elsewhere
        ? "It runs on another host, so whether it is still alive cannot be checked here; stop it, or delete the lock file if it is gone."
        : `Stop that server first (kill ${owner.pid}), or give this one its own DATA_DIR.`),
    owner,
  );
}
