import { describe, expect, it } from "vitest";
import { namedForFilters } from "./export-file-name.ts";

describe("a list's file name", () => {
  it("says the file is filtered when any filter is set, not for an empty or unset one", () => {
    const name = "application-bills-2026-11-30.csv";
    expect(namedForFilters(name, { status: "credited" })).toBe("application-bills-2026-11-30-filtered.csv");
    expect(namedForFilters(name, { appCode: "", status: undefined })).toBe(name);
    expect(namedForFilters(name, {})).toBe(name);
  });
});
