import { describe, expect, it } from "vitest";

describe("the build's configuration (vite.config.ts)", () => {
  // One import of the configuration for every plugin checked: loading it (Vite, its plugins) is the file's whole cost.
  it("runs the console's own plugins: Blueprint's whole stylesheet and its hotkeys' warnings", async () => {
    const { default: config } = await import("../vite.config.ts");
    const names = (config.plugins ?? [])
      .flat()
      .map((plugin) => (plugin && typeof plugin === "object" && "name" in plugin ? plugin.name : null));
    expect(names).toEqual(expect.arrayContaining(["blueprint-whole-stylesheet", "blueprint-hotkey-warnings"]));
  });
});
