import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registries, writeRegistries } from "./registries.ts";

const root = join(import.meta.dirname, "..");
const scratch = mkdtempSync(join(tmpdir(), "registries-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(scratch, "tree-"));
  for (const folder of ["contracts/endpoints", "server/routes", "server/db/schema", "machines/lists", "machines/notes"])
    mkdirSync(join(dir, folder), { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

describe("the registries written from their folders", () => {
  it("are committed as the generator writes them", () => {
    for (const registry of registries) {
      const made = registry.text(root);
      expect("text" in made && made.text, registry.file).toBe(readFileSync(join(root, registry.file), "utf8"));
    }
  });

  it("take a new area's file, its handlers, its tables and its list area, and leave out what is not one", () => {
    const dir = tree({
      "contracts/endpoints/notes.ts": "export const notesEndpoints = {};\n",
      "server/routes/notes.ts": 'export const noteHandlers: Pick<HandlerTable, "noteList"> = {};\n',
      "server/routes/list-handlers.ts": "export function listHandlers() {}\n",
      "server/routes/notes.test.ts": 'export const noteHandlers: Pick<HandlerTable, "noteList"> = {};\n',
      "server/db/schema/notes.ts":
        "export interface NotesTables {\n  notes: NotesTable;\n  note_tags?: TagsTable;\n}\n",
      "server/db/schema/columns.ts": "export type Id = string;\n",
      "machines/notes/note-list.ts":
        "export const noteListArea = listArea(\n  { pages: notesEndpoints.noteList },\n);\n",
      "machines/notes/note-list.test.ts": "export const otherListArea = listArea({});\n",
      "machines/notes/note-selectors.ts": "export const { selectTable } = listSelectors(noteListArea);\n",
      "machines/lists/list-area.ts": "export function listArea() {}\nexport type AnyListArea = ListArea;\n",
    });
    expect(writeRegistries(dir)).toEqual({ rewritten: registries.map((r) => r.file), problems: [] });
    const read = (path: string) => readFileSync(join(dir, path), "utf8");
    expect(read("contracts/endpoint-tables.ts")).toContain('import { notesEndpoints } from "./endpoints/notes.ts";');
    expect(read("server/routes/handler-table.ts").match(/\.\.\.\w+/g)).toEqual(["...noteHandlers"]);
    expect(read("server/db/schema-tables.ts")).toContain(
      'export const areaTableNames = [\n  "notes",\n  "note_tags",\n]',
    );
    expect(read("server/db/schema-tables.ts")).not.toContain("columns.ts");
    expect(read("machines/lists/list-area-table.ts")).toContain(
      'import { noteListArea } from "../notes/note-list.ts";\n\n',
    );
    expect(read("machines/lists/list-area-table.ts").match(/^ {2}\{.*\},$/gm)).toEqual([
      '  { folder: "notes", area: noteListArea },',
    ]);
    expect(writeRegistries(dir).rewritten).toEqual([]);
  });

  it("name an endpoint file that does not export one table", () => {
    const dir = tree({ "contracts/endpoints/notes.ts": "export const notes = {};\n" });
    expect(writeRegistries(dir).problems).toEqual([
      "contracts/endpoints/notes.ts exports 0 tables (`export const <area>Endpoints`), not one",
    ]);
  });
});
