import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { environmentOf, groupedByEnvironment } from "./environment-sequencer.ts";

describe("test files kept together by environment", () => {
  it("reads the environment a file asks for in its first lines, else the project's", () => {
    const dir = mkdtempSync(join(tmpdir(), "environment-sequencer-"));
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    expect(environmentOf(write("a.test.tsx", "// @vitest-environment jsdom\nimport x;\n"), "node")).toBe("jsdom");
    expect(environmentOf(write("b.test.tsx", "/**\n * @vitest-environment happy-dom\n */\n"), "node")).toBe(
      "happy-dom",
    );
    expect(environmentOf(write("c.test.ts", "import { it } from 'vitest';\n"), "node")).toBe("node");
    expect(environmentOf(join(dir, "gone.test.ts"), "node")).toBe("node");
  });

  it("keeps the given order within an environment and the groups in the order of their first file", () => {
    const files = ["n1", "j1", "n2", "h1", "n3", "j2", "h2"];
    const environment = (file: string) => ({ n: "node", j: "jsdom", h: "happy-dom" })[file[0] as "n" | "j" | "h"];
    expect(groupedByEnvironment(files, environment)).toEqual(["n1", "n2", "n3", "j1", "j2", "h1", "h2"]);
  });
});
