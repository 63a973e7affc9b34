import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./open-database.ts";

describe("the PGlite database the server opens in its data folder", () => {
  it("runs with 16 MB of shared buffers and 4 MB of WAL buffers, and PGlite's own start parameters", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pglite-settings-"));
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
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
