import { describe, expect, it } from "vitest";
import { startCommandOf } from "./npm-start.ts";

describe("the server's command in package.json's start script, as bench/memory-bench.ts repeats it", () => {
  it("gives the environment and the Node flags before server/main.ts", () => {
    const script =
      "npm run build && GLIBC_TUNABLES=glibc.malloc.mmap_threshold=65536 node --max-semi-space-size=2 server/main.ts";
    expect(startCommandOf(script)).toEqual({
      env: { GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=65536" },
      nodeArgs: ["--max-semi-space-size=2"],
    });
  });

  it("gives nothing for a plain `node server/main.ts`, or a script that starts the server otherwise", () => {
    expect(startCommandOf("npm run build && node server/main.ts")).toEqual({ env: {}, nodeArgs: [] });
    expect(startCommandOf("node scripts/dev.mjs")).toEqual({ env: {}, nodeArgs: [] });
  });
});
