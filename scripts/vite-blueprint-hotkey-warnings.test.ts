import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { blueprintHotkeyWarnings } from "./vite-blueprint-hotkey-warnings.ts";

const resolve = createRequire(import.meta.url).resolve;
const published = (file: string) => {
  const path = resolve(`@blueprintjs/core/lib/esm/${file}`);
  return { path, code: readFileSync(path, "utf8") };
};

/** The plugin's transform hook, called as Vite would. */
function transform(code: string, id: string): string | null {
  const hook = blueprintHotkeyWarnings().transform;
  if (typeof hook !== "function") throw new Error("the plugin has no transform hook");
  const result = (hook as (code: string, id: string) => { code: string } | null).call({}, code, id);
  return result ? result.code : null;
}

describe("Blueprint's hotkeys warnings in a build", () => {
  it("are the hotkeys modules' own, in the messages module's words, which they no longer import", () => {
    for (const [file, words] of [
      ["hooks/hotkeys/useHotkeys.js", "[Blueprint] useHotkeys() was used outside of a <HotkeysProvider> context."],
      ["components/hotkeys/hotkeysTarget.js", "[Blueprint] <HotkeysTarget> was configured with local hotkeys"],
    ] as const) {
      const { path, code } = published(file);
      expect(code).toContain("../../common/errors");
      const built = transform(code, path) ?? "";
      expect(built).not.toContain("../../common/errors");
      expect(built).toContain(words);
      expect(built.length).toBeLessThan(code.length + 400);
    }
  });

  it("leaves every other file alone", () => {
    const { path, code } = published("common/errors.js");
    expect(transform(code, path)).toBeNull();
    expect(transform(".a{color:red}", "/work/src/styles/app.css")).toBeNull();
  });

  it("fails the build, naming what moved, when a hotkeys module imports its warning otherwise", () => {
    const { path } = published("hooks/hotkeys/useHotkeys.js");
    expect(() => transform('import { WARNING } from "../../common/errors";', path)).toThrow(/no longer imports/);
  });
});
