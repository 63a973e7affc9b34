import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const folder = new URL("./seed/", import.meta.url);
const areaFiles = readdirSync(folder).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));

describe("the seeds, one file per area in server/testing/seed/", () => {
  it("export each helper from one area's file only", async () => {
    const names = (await Promise.all(areaFiles.map((file) => import(new URL(file, folder).href)))).flatMap((module) =>
      Object.keys(module),
    );
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("are all re-exported by server/testing/seed.ts", () => {
    const index = readFileSync(new URL("./seed.ts", import.meta.url), "utf8");
    expect(areaFiles.filter((file) => !index.includes(`export * from "./seed/${file}";`))).toEqual([]);
  });
});
