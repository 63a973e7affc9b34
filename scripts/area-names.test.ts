import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./architecture.ts";
import { areaNameProblems } from "./area-names.ts";

const root = mkdtempSync(join(tmpdir(), "area-names-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const put = (path: string, text = "") => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
put("contracts/endpoints/notes.ts", 'export const notesEndpoints = { noteList: { area: "notes" } };');
put("contracts/schemas/notes.ts");
put("machines/notes/note-list.ts");
put("machines/lists/list-machine.ts");
put("src/features/note/notes-page.tsx");
put("server/domain/notes/notes.ts");
put("server/routes/notes.ts");
const shared = { machines: ["lists"] };

describe("one name per area in every layer (scripts/area-names.ts)", () => {
  it("holds for this repository", () => {
    expect(areaNameProblems(repoRoot)).toEqual([]);
  });

  it("accepts an area at its own name without a row, and one elsewhere whose row says where", () => {
    expect(areaNameProblems(root, { notes: { features: "note" } }, shared)).toEqual([]);
  });

  it("names an area missing under its own name, a row naming what is not there or no area, and a folder nobody owns (fixtures)", () => {
    expect(areaNameProblems(root, {}, shared)).toEqual([
      "endpoint area notes has no src/features/notes: name it so, or say where it is in scripts/area-names.ts",
      "src/features/note/ is no endpoint area's folder (by its name or scripts/area-names.ts), nor a shared one",
    ]);
    expect(areaNameProblems(root, { notes: { features: "note", domain: "jotting" }, gone: {} }, shared)).toEqual([
      "scripts/area-names.ts: area notes names server/domain/jotting, which is not there",
      "scripts/area-names.ts names area gone, which no endpoint declares",
      "server/domain/notes/ is no endpoint area's folder (by its name or scripts/area-names.ts), nor a shared one",
    ]);
  });
});
