import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { makersDuring } from "../testing/database-makers.ts";
import { tempDirs } from "../testing/temp-dirs.ts";
import { lockFileName } from "./data-dir-lock.ts";
import { claimDataFolder, openServerData, StartupRefusal } from "./data-folder.ts";

const freshParent = tempDirs("mc-data-");

/** Every path under `root` (itself included) that its group or others may read, write or enter, with its mode. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(`${(stat.mode & 0o777).toString(8)} ${path.slice(root.length) || "/"}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  return found;
}

describe("the data folder main.ts opens", () => {
  // A fresh folder means PGlite's initdb on disk: 3 s alone, but once over 60 s in a full `npm test` (first file of its
  // worker, beside the e2e lane's Chromium and Vite), so it gets the 120 s the other on-disk database tests have.
  it("makes a fresh PGlite folder in a child process with Liftoff alone, leaves nothing that group or others may access, gives the folder up on close and opens it in place after", {
    timeout: 120_000,
  }, async () => {
    const dataDir = join(freshParent(), "data");
    const made = await makersDuring(dataDir, async () => {
      const opened = await openServerData({ DATA_DIR: dataDir });
      try {
        const files = readdirSync(dataDir);
        expect(files).toEqual(expect.arrayContaining(["PG_VERSION", "base", "server-secret", lockFileName]));
        expect(openToOthers(dataDir)).toEqual([]);
        expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
        expect(opened.secret).toHaveLength(32);
        await opened.db.selectFrom("merchants").select("id").execute();
      } finally {
        await opened.close();
      }
    });
    expect(made).toEqual([["--liftoff-only", expect.stringMatching(/server\/db\/make-database\.ts$/), dataDir]]);
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);

    const madeAgain = await makersDuring(dataDir, async () => {
      const again = await openServerData({ DATA_DIR: dataDir });
      try {
        const { rows } = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(again.db);
        expect(Number(rows[0]?.n)).toBeGreaterThan(40);
      } finally {
        await again.close();
      }
    });
    expect(madeAgain).toEqual([]);
  });

  it("tightens an older folder whose files are world-writable", () => {
    const dataDir = join(freshParent(), "old");
    mkdirSync(join(dataDir, "base", "5"), { recursive: true });
    writeFileSync(join(dataDir, "base", "5", "1259"), "");
    writeFileSync(join(dataDir, "PG_VERSION"), "17\n");
    for (const [path, mode] of [
      [dataDir, 0o777],
      [join(dataDir, "base"), 0o755],
      [join(dataDir, "base", "5"), 0o777],
      [join(dataDir, "base", "5", "1259"), 0o666],
      [join(dataDir, "PG_VERSION"), 0o644],
    ] as const)
      chmodSync(path, mode);
    const lock = claimDataFolder(dataDir);
    try {
      expect(openToOthers(dataDir)).toEqual([]);
      expect(lstatSync(join(dataDir, "base", "5", "1259")).mode & 0o777).toBe(0o600);
      expect(lstatSync(join(dataDir, "base")).mode & 0o777).toBe(0o700);
    } finally {
      lock.release();
    }
  });

  it("refuses to start (a StartupRefusal, printed without a stack) while another server holds the folder, or with a weak SERVER_SECRET", async () => {
    const dataDir = join(freshParent(), "held");
    const lock = claimDataFolder(dataDir);
    try {
      await expect(openServerData({ DATA_DIR: dataDir })).rejects.toThrow(StartupRefusal);
      await expect(openServerData({ DATA_DIR: dataDir })).rejects.toThrow(`pid ${process.pid}`);
    } finally {
      lock.release();
    }
    await expect(openServerData({ DATA_DIR: dataDir, SERVER_SECRET: "abcdef" })).rejects.toThrow(
      "SERVER_SECRET holds 3 bytes",
    );
    // The refusal gave the folder back.
    claimDataFolder(dataDir).release();
  });
});
