import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrations } from "./migrations.ts";
import { tableNames } from "./schema.ts";

describe("the migrations", () => {
  it("list every file of server/db/migrations/, in order, by the name the database records", () => {
    const files = readdirSync(join(import.meta.dirname, "migrations")).sort();
    // 0006-orders.ts is recorded as 0006_orders: the names predate the one-file-each layout and may never change.
    expect(Object.keys(migrations).map((name) => `${name.replaceAll("_", "-")}.ts`)).toEqual(files);
    expect(Object.keys(migrations)).toEqual([...Object.keys(migrations)].sort());
  });

  it("create every table the schema names (server/db/schema.ts `tableNames`)", () => {
    const dir = import.meta.dirname;
    const texts = [
      ...readdirSync(join(dir, "migrations")).map((file) => join(dir, "migrations", file)),
      ...readdirSync(dir)
        .filter((file) => /^ledger-conversion-\d+\.ts$/.test(file))
        .map((file) => join(dir, file)),
    ].map((path) => readFileSync(path, "utf8"));
    const created = (table: string) => new RegExp(`create table (if not exists )?"?${table}\\b`, "i");
    expect(tableNames.filter((table) => !texts.some((text) => created(table).test(text)))).toEqual([]);
  });
});

/**
 * "Never edit a migration that has shipped" (migrations.ts), checked: every migration file, and the frozen helpers a
 * migration imports (db/ledger-conversion-<n>.ts), has its sha-256 in shipped-migrations.sha256 (`sha256sum` format,
 * paths from server/db). A new migration adds its line; a changed one is a new migration instead.
 */
function unshippedChanges(recorded: string, files: readonly string[], read: (file: string) => string): string[] {
  const hashes = new Map(
    recorded
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => {
        const [hash = "", file = ""] = line.split(/\s+\*?/);
        return [file, hash] as const;
      }),
  );
  return files.flatMap((file) => {
    const hash = createHash("sha256").update(read(file)).digest("hex");
    if (!hashes.has(file)) return [`${file} has no line in shipped-migrations.sha256 (add: ${hash}  ${file})`];
    return hashes.get(file) === hash ? [] : [`${file} changed after it shipped: add a new migration instead`];
  });
}

describe("shipped migrations", () => {
  const dir = import.meta.dirname;
  const files = [
    ...readdirSync(join(dir, "migrations")).map((file) => `migrations/${file}`),
    ...readdirSync(dir).filter((file) => /^ledger-conversion-\d+\.ts$/.test(file)),
  ].sort();

  it("are the files whose sha-256 shipped-migrations.sha256 records, unchanged", () => {
    const recorded = readFileSync(join(dir, "shipped-migrations.sha256"), "utf8");
    expect(unshippedChanges(recorded, files, (file) => readFileSync(join(dir, file), "utf8"))).toEqual([]);
  });

  it("tell an edited migration and an unrecorded one", () => {
    const hash = (text: string) => createHash("sha256").update(text).digest("hex");
    const recorded = `${hash("create table a")}  migrations/0001-a.ts\n`;
    const contents: Record<string, string> = {
      "migrations/0001-a.ts": "create table a (b int)",
      "migrations/0002-b.ts": "x",
    };
    expect(unshippedChanges(recorded, Object.keys(contents), (file) => contents[file]!)).toEqual([
      "migrations/0001-a.ts changed after it shipped: add a new migration instead",
      `migrations/0002-b.ts has no line in shipped-migrations.sha256 (add: ${hash("x")}  migrations/0002-b.ts)`,
    ]);
    contents["migrations/0001-a.ts"] = "create table a";
    expect(unshippedChanges(recorded, ["migrations/0001-a.ts"], (file) => contents[file]!)).toEqual([]);
  });
});
