import { readdirSync, readFileSync } from "node:fs";

/**
 * The command lines (less the node binary) of the processes making a database in `dataDir` while `work` runs (/proc,
 * sampled every 20 ms): a mock of node:child_process would miss a spawn by a module another file of the worker loaded
 * first.
 */
export async function makersDuring(dataDir: string, work: () => Promise<void>): Promise<string[][]> {
  const seen = new Map<string, string[]>();
  const sample = () => {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
        if (args.some((arg) => arg.endsWith("make-database.ts")) && args.includes(dataDir))
          seen.set(pid, args.slice(1));
      } catch {
        // gone meanwhile
      }
    }
  };
  const timer = setInterval(sample, 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return [...seen.values()];
}
