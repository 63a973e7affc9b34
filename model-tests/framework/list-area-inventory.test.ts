import { describe, expect, it } from "vitest";
import { allModels } from "../models/all-models.ts";
import { findListAreas, unwalkedListAreas } from "./list-area-inventory.ts";

describe("list areas and the list model", () => {
  it("finds the lists (the four of today among them), and each is walked by a start of a model", async () => {
    const areas = await findListAreas("machines");
    expect(areas.map((found) => found.name)).toEqual(
      expect.arrayContaining(["appListArea", "billListArea", "callbackListArea", "orderListArea"]),
    );
    expect(unwalkedListAreas(areas, allModels)).toEqual([]);
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
      "forgottenArea (machines/forgotten.ts) is a list no model walks: add a start of the list model (model-tests/models/list.model.ts) with it, and its screen (model-tests/harnesses/list-screens/)",
    ]);
  });
});
