import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { signPython, signTypeScript, verifyPython, verifyTypeScript } from "./developer-snippets.ts";

/** The fenced code blocks of docs/open-api.md, in order. */
const documented = [
  ...readFileSync(new URL("../../../docs/open-api.md", import.meta.url), "utf8").matchAll(
    /```(?:ts|python)\n([\s\S]*?)```/g,
  ),
].map((m) => m[1]);

describe("the developer centre's code", () => {
  it("is docs/open-api.md's: signing a request and verifying a callback, TypeScript then Python", () => {
    expect([signTypeScript, signPython, verifyTypeScript, verifyPython]).toEqual(documented);
  });
});
