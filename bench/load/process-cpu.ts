import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time of the processes around a bench, read from /proc (Linux): the bench's own children (the server it started,
 * and the devnet that one starts) and the throwaway PostgreSQL of `scripts/with-postgres.mjs`. With the client on the same cores, the server's CPU per call says what the server could do
 * with the cores to itself, where the rate alone says what server and client did together.
 */
export interface TreeCpu {
  /** The bench's node descendants (named `node`, or `node-MainThread` by newer Node): the server. */
  serverMs: number;
  /** The bench's other descendants: the devnet's anvil. */
  devnetMs: number;
  /** PostgreSQL's processes (nothing under PGlite, which runs inside the server). */
  databaseMs: number;
}

/** Linux's USER_HZ: /proc's times are in hundredths of a second. */
const tickMs = 10;

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  cpuMs: number;
}

function processes(): Proc[] {
  const found: Proc[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // ended while listed
    }
    // `pid (comm) state ppid … utime stime …`: comm may hold spaces and parentheses, so split after its last ')'.
    const close = stat.lastIndexOf(")");
    const fields = stat.slice(close + 2).split(" ");
    found.push({
      pid: Number(name),
      ppid: Number(fields[1]),
      comm: stat.slice(stat.indexOf("(") + 1, close),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * tickMs,
    });
  }
  return found;
}

function descendants(all: readonly Proc[], root: number): Proc[] {
  const children = new Map<number, Proc[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: Proc[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      out.push(child);
      walk(child.pid);
    }
  };
  walk(root);
  return out;
}

/** The CPU used so far by the server, the devnet and the database around this bench process. */
export function treeCpu(): TreeCpu {
  const all = processes();
  const mine = descendants(all, process.pid);
  const ours = new Set([process.pid, ...mine.map((p) => p.pid)]);
  const sum = (list: readonly Proc[]) => list.reduce((total, p) => total + p.cpuMs, 0);
  return {
    serverMs: sum(mine.filter((p) => p.comm.startsWith("node"))),
    devnetMs: sum(mine.filter((p) => !p.comm.startsWith("node"))),
    databaseMs: sum(databaseOf(all, ours)),
  };
}

/**
 * PostgreSQL's processes started for this bench: the other descendants of the nearest ancestor that has a `postgres`
 * among them (scripts/with-postgres.mjs, whether it runs the bench directly or through npx). None under PGlite alone.
 */
function databaseOf(all: readonly Proc[], ours: ReadonlySet<number>): Proc[] {
  const parent = new Map(all.map((p) => [p.pid, p.ppid]));
  for (let at = parent.get(process.pid); at !== undefined && at > 1; at = parent.get(at)) {
    const others = descendants(all, at).filter((p) => !ours.has(p.pid));
    if (others.some((p) => p.comm === "postgres")) return others.filter((p) => p.comm === "postgres");
  }
  return [];
}

/** The CPU used between two readings. */
export const cpuSince = (before: TreeCpu, after: TreeCpu = treeCpu()): TreeCpu => ({
  serverMs: after.serverMs - before.serverMs,
  devnetMs: after.devnetMs - before.devnetMs,
  databaseMs: after.databaseMs - before.databaseMs,
});
