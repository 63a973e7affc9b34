import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrations } from "./migrations.ts";

describe("the migrations", () => {
  it("list every file of server/db/migrations/, in order, by the name the database records", () => {
    const files = readdirSync(join(import.meta.dirname, "migrations")).sort();
    // 0006-orders.ts is recorded as 0006_orders: the names predate the one-file-each layout and may never change.
    expect(Object.keys(migrations).map((name) => `${name.replaceAll("_", "-")}.ts`)).toEqual(files);
    expect(Object.keys(migrations)).toEqual([...Object.keys(migrations)].sort());
  });
});
