import { describe, expect, it } from "vitest";
import { readCollectionIntervalSeconds } from "./collection-settings.ts";

describe("COLLECTION_INTERVAL_SECONDS", () => {
  it("reads whole seconds as milliseconds", () => {
    expect(readCollectionIntervalSeconds("2")).toBe(2_000);
    expect(readCollectionIntervalSeconds(" 3600 ")).toBe(3_600_000);
  });
  it.each(["0", "-1", "1.5", "2s", "", "3601", "1e3"])("refuses %j", (setting) => {
    expect(() => readCollectionIntervalSeconds(setting)).toThrow(/COLLECTION_INTERVAL_SECONDS/);
  });
});
