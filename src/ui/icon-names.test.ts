import { IconNames as BlueprintIconNames } from "@blueprintjs/icons";
import { describe, expect, it } from "vitest";
import { IconNames, IconNamesSet } from "./icon-names.ts";

describe("the stand-in for Blueprint's icon names", () => {
  it("maps every name of Blueprint's list as the original does, PascalCase and legacy SNAKE_CASE", () => {
    const entries = Object.entries(BlueprintIconNames);
    expect(entries.length).toBeGreaterThan(1000);
    for (const [key, name] of entries) expect(IconNames[key], key).toBe(name);
  });

  it("knows every real icon name, and refuses what cannot be one", () => {
    for (const name of Object.values(BlueprintIconNames)) expect(IconNamesSet.has(name), name).toBe(true);
    for (const bad of ["", "Cog", "cog--x", 3, undefined]) expect(IconNamesSet.has(bad as string)).toBe(false);
  });
});
