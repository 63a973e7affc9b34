import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { migratedDataDir } from "../testing/migrated-data-folder.ts";
import { openDatabase } from "./open-database.ts";

const spawned = vi.hoisted(() => [] as string[][]);
vi.mock("node:child_process", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:child_process")>();
  const spawn = (command: string, args: string[], options: object) => {
    spawned.push(args);
    return actual.spawn(command, args, options);
  };
  return { ...actual, spawn, default: { ...actual, spawn } };
});

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "pglite-settings-"));
  spawned.length = 0;
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
    const first = await openDatabase({ dataDir });
    await first.close();
    expect(spawned).toEqual([["--liftoff-only", expect.stringMatching(/server\/db\/make-database\.ts$/), dataDir]]);
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);

    const again = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(again.db);
      expect(Number(rows[0]?.n)).toBeGreaterThan(40);
      expect(spawned).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});

describe("the child process that makes a first start's database", () => {
  it("stops when the server's pipe on its stdin closes, as when the server ends while it works", async () => {
    const { spawn } = await vi.importActual<typeof import("node:child_process")>("node:child_process");
    const script = join(import.meta.dirname, "make-database.ts");
    const child = spawn(process.execPath, ["--liftoff-only", script, dataDir], { stdio: ["pipe", "ignore", "ignore"] });
    const exited = new Promise<number | null>((done) => child.once("exit", done));
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.stdin.end();
    expect(await exited).toBe(1);
  });
});
