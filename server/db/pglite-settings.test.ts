import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDataDir } from "../testing/migrated-data-folder.ts";
import { openDatabase } from "./open-database.ts";

/**
 * The command lines of the processes making a database in `dataDir` while `work` runs (/proc, sampled every 20 ms):
 * a mock of node:child_process would miss a spawn by a module another file of the worker loaded first.
 */
async function makersDuring(dataDir: string, work: () => Promise<void>): Promise<string[][]> {
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

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "pglite-settings-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the PGlite database the server opens in its data folder", () => {
  it("runs with 16 MB of shared buffers and 4 MB of WAL buffers, and PGlite's own start parameters", async () => {
    // A migrated folder, as a restart finds it: the settings are the start's, not the folder's.
    await migratedDataDir(dataDir);
    const { db, close } = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ name: string; setting: string }>`
        select name, current_setting(name) as setting from pg_settings
        where name in ('shared_buffers', 'wal_buffers', 'search_path', 'max_worker_processes') order by name`.execute(
        db,
      );
      expect(rows).toEqual([
        { name: "max_worker_processes", setting: "0" },
        { name: "search_path", setting: "public" },
        { name: "shared_buffers", setting: "16MB" },
        { name: "wal_buffers", setting: "4MB" },
      ]);
    } finally {
      await close();
    }
  });

  // PGlite's initdb and every migration, in a child process: seconds of CPU, many more beside other stages.
  it("is made and migrated by a child process with Liftoff alone on a first start, and opened in place after", {
    timeout: 90_000,
  }, async () => {
    const made = await makersDuring(dataDir, async () => {
      const first = await openDatabase({ dataDir });
      await first.close();
    });
    expect(made).toEqual([["--liftoff-only", expect.stringMatching(/server\/db\/make-database\.ts$/), dataDir]]);
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);

    const madeAgain = await makersDuring(dataDir, async () => {
      const again = await openDatabase({ dataDir });
      try {
        const { rows } = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(again.db);
        expect(Number(rows[0]?.n)).toBeGreaterThan(40);
      } finally {
        await again.close();
      }
    });
    expect(madeAgain).toEqual([]);
  });
});

describe("the child process that makes a first start's database", () => {
  it("stops when the server's pipe on its stdin closes, as when the server ends while it works", async () => {
    const script = join(import.meta.dirname, "make-database.ts");
    const child = spawn(process.execPath, ["--liftoff-only", script, dataDir], { stdio: ["pipe", "ignore", "ignore"] });
    const exited = new Promise<number | null>((done) => child.once("exit", done));
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.stdin.end();
    expect(await exited).toBe(1);
  });
});
