import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { areaFiles } from "./area-dry-run/area-files.ts";
import { areaPieces } from "./area-dry-run/pieces.ts";
import { registries } from "./registries.ts";

const root = join(import.meta.dirname, "..");

/** The working tree, with what the pieces write kept in memory. */
function memoryTree() {
  const written = new Map<string, string>();
  return {
    written,
    read: (path: string) => written.get(path) ?? readFileSync(join(root, path), "utf8"),
    write: (path: string, text: string) => void written.set(path, text),
  };
}

describe("npm run area-dry-run's pieces", () => {
  it("each find their anchors in the tree as it is now, and so does each wrong way of doing one", () => {
    const tree = memoryTree();
    const pieces = areaPieces(tree);
    for (const piece of pieces) piece.apply();
    for (const piece of pieces) piece.instead?.();
    expect(tree.written.size).toBeGreaterThanOrEqual(pieces.length);
  });

  it("cost a new list area 22 files (the README's layout among them), no selectors file (listSelectors makes them from the area), no start of the list model (it opens every area of the registry) and no registry", () => {
    const { added, edited } = areaFiles(memoryTree());
    expect(added).not.toContain("machines/notes/note-list-selectors.ts");
    expect(edited).not.toContain("model-tests/models/list.model.ts");
    expect(edited.filter((path) => registries.some((registry) => registry.file === path))).toEqual([]);
    expect(added.length + edited.length).toBe(22);
  });

  it("names the file and the anchor that moved", () => {
    const tree = memoryTree();
    const moved = { ...tree, read: (path: string) => (path === "contracts/console-routes.ts" ? "" : tree.read(path)) };
    expect(() => {
      for (const piece of areaPieces(moved)) piece.apply();
    }).toThrow("contracts/console-routes.ts: anchor not found:   userCenter: route({");
  });
});
