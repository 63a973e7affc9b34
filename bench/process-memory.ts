/**
 * A process's resident memory from /proc, for bench/memory-bench.ts: its own peak (VmHWM), and what takes it now, by
 * the mappings in /proc/<pid>/smaps. Linux only (the bench's machines).
 */
import { readdirSync, readFileSync } from "node:fs";

const mb = (kB: number) => Math.round(kB / 1024);

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM); 0 once the process is gone. */
export function statusKb(pid: number, field: string): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${field}:`));
    return Number(line?.split(/\s+/)[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The process's descendants (the devnet's node, anvil, and the sh guard that starts it), from /proc. */
export function descendantsOf(pid: number): number[] {
  try {
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
    return children.flatMap((child) => [child, ...descendantsOf(child)]);
  } catch {
    return [];
  }
}

/** The command a process runs, its program's file name only ("node", "anvil", "sh"). */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "?";
  }
}

/** Resident MB of a Node process by kind of mapping. */
export interface ResidentParts {
  /** WebAssembly linear memories (PGlite's): the accessible start of a reservation of 4 GB or more. */
  wasmMemoryMB: number;
  /** Anonymous executable mappings: V8's code (JavaScript and WebAssembly, Liftoff's and TurboFan's). */
  codeMB: number;
  /** Mapped files: node's own binary and the shared libraries. */
  filesMB: number;
  /** Every other anonymous mapping: V8's heap, and malloc's arenas (compilers' zones, buffers, PGlite's file data). */
  otherMB: number;
}

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  path: string;
  rssKb: number;
}

function mappingsOf(pid: number): Mapping[] {
  const mappings: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const [, start = "0", end = "0", perms = "", path = ""] = head;
      mappings.push({ start: BigInt(`0x${start}`), end: BigInt(`0x${end}`), perms, path, rssKb: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = mappings.at(-1);
    if (rss && last) last.rssKb = Number(rss[1]);
  }
  return mappings;
}

const guardRegion = 4n * 2n ** 30n;

/**
 * What takes a process's resident memory. V8 reserves 8 GB or more for each 32-bit WebAssembly memory (bounds checks
 * by guard pages): the memory is the read-write start of that reservation, the rest inaccessible.
 */
export function residentParts(pid: number): ResidentParts {
  const parts = { wasmMemory: 0, code: 0, files: 0, other: 0 };
  const mappings = mappingsOf(pid);
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const reserved = next && next.start === m.end && next.perms === "---p" && next.end - next.start >= guardRegion;
    if (m.path.startsWith("/")) parts.files += m.rssKb;
    else if (m.perms.startsWith("rw") && !m.path && reserved) parts.wasmMemory += m.rssKb;
    else if (m.perms.includes("x") && !m.path.startsWith("[")) parts.code += m.rssKb;
    else parts.other += m.rssKb;
  });
  return {
    wasmMemoryMB: mb(parts.wasmMemory),
    codeMB: mb(parts.code),
    filesMB: mb(parts.files),
    otherMB: mb(parts.other),
  };
}

/**
 * The resident memory of a process and its descendants together, sampled every `everyMs` until stopped: their joint
 * peak (what the machine must hold at once), which the processes' own peaks (VmHWM, each at its own time) do not give.
 */
export function sampleTreePeak(pid: number, everyMs = 25): { stop(): number } {
  let peakKb = 0;
  const sample = () => {
    const total = [pid, ...descendantsOf(pid)].reduce((sum, p) => sum + statusKb(p, "VmRSS"), 0);
    peakKb = Math.max(peakKb, total);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return mb(peakKb);
    },
  };
}
