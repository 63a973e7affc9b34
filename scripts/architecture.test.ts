import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkArchitecture } from "./architecture.ts";
import { importsOf } from "./import-graph.ts";

/**
 * Violations the checker found when it was introduced (issue 7). Fix them, then delete their lines:
 * the test also fails when a listed violation is gone, so this list only shrinks.
 */
const knownViolations: string[] = [];

describe("the import graph of this repository", () => {
  it("keeps the directions of ARCHITECTURE.md section 1 and has no cycles", () => {
    const violations = checkArchitecture();
    expect(violations.filter((v) => !knownViolations.includes(v)), "new violations").toEqual([]);
    expect(knownViolations.filter((v) => !violations.includes(v)), "fixed: delete them from knownViolations").toEqual([]);
  });
});

describe("importsOf", () => {
  it("finds every form of import, type-only ones marked", () => {
    const source = `
      import type { A } from "./a.ts";
      import { type B, c } from "./b.ts";
      import { type D } from "./d.ts";
      import "./side-effect.ts";
      export type { E } from "./e.ts";
      export * from "./f.ts";
      export * as g from "./g.ts";
      const h = () => import("./h.ts");
      const i = () => import(\`./i.ts\`);
      type J = import("./j.ts").J;
      export const view = <div>{String(c)}</div>;
    `;
    expect(importsOf("x.tsx", source)).toEqual({
      specifiers: [
        { specifier: "./a.ts", typeOnly: true },
        { specifier: "./b.ts", typeOnly: false },
        { specifier: "./d.ts", typeOnly: true },
        { specifier: "./side-effect.ts", typeOnly: false },
        { specifier: "./e.ts", typeOnly: true },
        { specifier: "./f.ts", typeOnly: false },
        { specifier: "./g.ts", typeOnly: false },
        { specifier: "./h.ts", typeOnly: false },
        { specifier: "./i.ts", typeOnly: false },
        { specifier: "./j.ts", typeOnly: true },
      ],
    });
  });

  it("reports a file it cannot parse", () => {
    expect(importsOf("broken.ts", "import { from './x.ts'").error).toBeTruthy();
  });
});

describe("checkArchitecture on a project that breaks the rules", () => {
  const root = mkdtempSync(join(tmpdir(), "architecture-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  };
  write({
    "machines/foo.ts": `import type { Bar } from "../src/bar.ts";\nexport type Foo = Bar;\n`,
    "machines/pure.ts": `import { useState } from "react";\nexport const s = useState;\n`,
    "machines/foo.test.ts": `import { server } from "../server/y.ts";\nexport const t = server;\n`,
    "src/bar.ts": `export type Bar = string;\n`,
    "src/a.ts": `import { b } from "./b.ts";\nexport const a = b;\n`,
    "src/b.ts": `export type { C } from "./c.ts";\nexport const b = 1;\n`,
    "src/c.ts": `export type C = number;\nexport const load = () => import("./a.ts");\n`,
    "src/d.ts": `import "./e.ts";\n`,
    "src/e.ts": `import "./d.ts";\nimport "./f.ts";\n`,
    "src/f.ts": `import type {} from "./e.ts";\n`,
    "src/view.tsx": `type Y = import("../server/y.ts").Y;\nexport const View = (p: { y: Y }) => <p>{String(p.y)}</p>;\n`,
    "src/missing.ts": `export * from "./nowhere.ts";\n`,
    "server/y.ts": `export type Y = 1;\nexport const server = 1;\n`,
    "server/x.ts": `import { shared } from "../contracts/shared.ts";\nexport const x = shared;\n`,
    "server/self.ts": `export const self = () => import("./self.ts");\n`,
    "contracts/shared.ts": `import { a } from "../src/a.ts";\nexport const shared = a;\n`,
    "contracts/schemas/s.ts": `import { shared } from "../shared.ts";\nimport { z } from "zod/mini";\nexport const s = z.string();\nexport { shared };\n`,
    "contracts/schemas/t.ts": `import { s } from "./s.ts";\nexport const t = s;\n`,
  });
  const violations = checkArchitecture(root, ["src", "machines", "server", "contracts"]);

  it("names the file and the import of each direction broken", () => {
    expect(violations).toEqual(
      expect.arrayContaining([
        "machines/foo.ts imports ../src/bar.ts: machines never import src/",
        "machines/foo.test.ts imports ../server/y.ts: machines never import server/",
        "machines/pure.ts imports react: machines are pure: no React, no UI kit, no HTTP client",
        "src/view.tsx imports ../server/y.ts: views never import server/",
        "contracts/schemas/s.ts imports ../shared.ts: contracts/schemas imports libraries only, nothing of ours",
      ]),
    );
    expect(violations.filter((v) => v.startsWith("contracts/schemas/t.ts"))).toEqual([]);
  });

  it("follows an import through a folder the rule allows", () => {
    expect(violations).toContain(
      "server/x.ts → contracts/shared.ts → src/a.ts: server never imports src/, not through other folders either",
    );
  });

  it("prints each cycle as its chain, type-only and dynamic imports included", () => {
    expect(violations).toContain("import cycle: src/a.ts → src/b.ts → src/c.ts → src/a.ts");
    expect(violations).toContain("import cycle: server/self.ts → server/self.ts");
    expect(violations).toContain("import cycle: src/d.ts → src/e.ts → src/d.ts; the same tangle also holds src/f.ts");
  });

  it("names an import of a file that does not exist", () => {
    expect(violations).toContain("src/missing.ts imports ./nowhere.ts, which names no file");
  });

  it("finds nothing else", () => {
    expect(violations).toHaveLength(10);
  });
});
