import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allModels } from "../models/all-models.ts";
import { hasWalk } from "../models/list-walks.ts";
import { findListAreas, screenFileOf, unequippedListAreas, unwalkedListAreas } from "./list-area-inventory.ts";

describe("list areas and the list model", () => {
  it("finds the lists (the four of today among them), and each is walked by a start of a model, with its screen and its walk", async () => {
    const areas = await findListAreas("machines");
    expect(areas.map((found) => found.name)).toEqual(
      expect.arrayContaining(["appListArea", "billListArea", "callbackListArea", "orderListArea"]),
    );
    expect(unwalkedListAreas(areas, allModels)).toEqual([]);
    expect(unequippedListAreas(areas, { screen: (name) => existsSync(screenFileOf(name)), walk: hasWalk })).toEqual([]);
  });

  it("names a list area with no screen or no walk for the list model, and the file to add it to", () => {
    const area = (name: string) => ({
      name: `${name}ListArea`,
      file: `machines/${name}/${name}-list.ts`,
      area: { name },
    });
    const problems = unequippedListAreas([area("notes"), area("whole"), area("tags")], {
      screen: (name) => name !== "notes",
      walk: (name) => name !== "tags",
    });
    expect(problems).toEqual([
      "notesListArea (machines/notes/notes-list.ts) has no screen for the list model: add model-tests/harnesses/list-screens/notes.ts, its ListScreen (its page's path, its rows' cells, its details)",
      "tagsListArea (machines/tags/tags-list.ts) has no walk for the list model: add its answers and its rows' word to `walks` in model-tests/models/list-walks.ts",
    ]);
  });

  it("names a list area no start walks", () => {
    const walked = { name: "walked" };
    const forgotten = { name: "forgotten" };
    const problems = unwalkedListAreas(
      [
        { name: "walkedArea", file: "machines/walked.ts", area: walked },
        { name: "forgottenArea", file: "machines/forgotten.ts", area: forgotten },
      ],
      [{ starts: [{ input: { area: walked } }, { input: undefined }] }],
    );
    expect(problems).toEqual([
      "forgottenArea (machines/forgotten.ts) is a list no model walks: the list model opens each area of machines/lists/list-area-table.ts, which `npm run test:house` writes from every `export const <name>ListArea = listArea(…)` of machines/<folder>/; declare it so",
    ]);
  });
});
