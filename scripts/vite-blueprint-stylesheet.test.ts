import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { blueprintStylesheet } from "./vite-blueprint-stylesheet.ts";

const file = createRequire(import.meta.url).resolve("@blueprintjs/core/lib/css/blueprint.css");
const whole = readFileSync(file, "utf8");

/** The plugin's transform hook, called as Vite would. */
function transform(code: string, id: string): string | null {
  const hook = blueprintStylesheet().transform;
  if (typeof hook !== "function") throw new Error("the plugin has no transform hook");
  const result = (hook as (code: string, id: string) => { code: string } | null).call({}, code, id);
  return result ? result.code : null;
}

describe("Blueprint's whole stylesheet in a build", () => {
  it("loses the rules of the attribute dark switch and keeps those of the dark class", () => {
    expect(whole).toContain("[data-bp-color-scheme=dark]");
    const built = transform(whole, `${file}?transform-only`);
    expect(built).not.toBeNull();
    expect(built).not.toContain("data-bp-color-scheme");
    expect(built).toContain(".bp6-dark .bp6-button:not([class*=bp6-intent-])");
    expect(built).toContain(".bp6-dark{");
    // A tenth of the file, no more: everything else is written as published.
    expect(built?.length).toBeGreaterThan(whole.length * 0.85);
    expect(built?.length).toBeLessThan(whole.length * 0.95);
  });

  it("leaves Vite's ?url module and every other file alone", () => {
    expect(transform('import "x.css?transform-only";export default "url"', `${file}?url`)).toBeNull();
    expect(transform(".a{color:red}", "/work/src/styles/app.css")).toBeNull();
  });
});
