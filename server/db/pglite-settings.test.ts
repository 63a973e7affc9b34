import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDataDir } from "../testing/migrated-data-folder.ts";
import { openDatabase } from "./open-database.ts";

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "pglite-settings-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the PGlite database the server opens in its data folder", () => {
  // The migrated template (initdb and every migration, when no file of the run made it first) and the server's start:
  // seconds alone, past the default 20 s in a clean-clone run beside the e2e lane's browsers and servers.
  it("runs with 16 MB of shared buffers and 4 MB of WAL buffers, and PGlite's own start parameters", {
    timeout: 60_000,
  }, async () => {
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
  // The first start, made and migrated by a child process with Liftoff alone: server/db/data-folder.test.ts (one
  // initdb and every migration is seconds of CPU; that test opens a fresh folder as main.ts does).
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
