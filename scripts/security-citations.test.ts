import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * SECURITY.md proves its rows with tests, cited as `path/to/file.test.ts` "test name", "another name" (an `it.each`
 * quoted with its template; remarks in parentheses after a name are cases inside it, not names). A citation of a file
 * that moved, or of a name that changed, proves nothing: each must exist, and each name must open a test (or a
 * `describe`) of that very file. Names are compared with their whitespace collapsed, since Markdown lines wrap.
 */
const root = join(import.meta.dirname, "..");
const securityMd = readFileSync(join(root, "SECURITY.md"), "utf8");
const roots = "(?:server|src|contracts|machines|scripts|e2e|model-tests|bench|chaos)";

interface Citation {
  file: string;
  names: string[];
}

/** Every `….test.ts(x)` SECURITY.md names, with the test names quoted right after it. */
function citationsIn(text: string): Citation[] {
  const cited = new RegExp(`\`(${roots}/[^\`\\s]+\\.test\\.tsx?)\``, "g");
  return [...text.matchAll(cited)].map((match) => ({
    file: match[1]!,
    names: namesAfter(text.slice(match.index + match[0].length)),
  }));
}

/** `"a", "b" ("a case"), "c"`: the names, up to the first thing that is none (`;`, `|`, a backtick …). */
function namesAfter(rest: string): string[] {
  const names: string[] = [];
  let at = 0;
  const skipSpace = () => {
    while (rest[at] === " " || rest[at] === "\n") at++;
  };
  for (;;) {
    skipSpace();
    if (rest[at] !== '"') break;
    const close = rest.indexOf('"', at + 1);
    if (close < 0) break;
    names.push(rest.slice(at + 1, close).replace(/\s+/g, " "));
    at = close + 1;
    skipSpace();
    if (rest[at] === "(") {
      let depth = 0;
      do {
        if (rest[at] === "(") depth++;
        else if (rest[at] === ")") depth--;
        at++;
      } while (depth > 0 && at < rest.length);
      skipSpace();
    }
    if (rest[at] !== ",") break;
    at++;
  }
  return names;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `name` is the title of a test or describe of the source: `(` then the name as one whole string literal. */
function opensATest(source: string, name: string): boolean {
  const spaced = escapeRegExp(name).replace(/ /g, "\\s+");
  return new RegExp(`\\(\\s*(["'\`])${spaced}\\1`).test(source);
}

describe("SECURITY.md's citations", () => {
  const citations = citationsIn(securityMd);

  it("are found: files, names after them, remarks in parentheses and wrapped lines", () => {
    expect(
      citationsIn(
        '| x | `server/a.test.ts` "one" ("a case", "another"), "two\n  wrapped"; `e2e/b.e2e.test.ts` (all of it) |',
      ),
    ).toEqual([
      { file: "server/a.test.ts", names: ["one", "two wrapped"] },
      { file: "e2e/b.e2e.test.ts", names: [] },
    ]);
    expect(new Set(citations.map((c) => c.file)).size).toBeGreaterThan(30);
    expect(citations.flatMap((c) => c.names).length).toBeGreaterThan(200);
    expect(opensATest('it.each(cases)("refuses %s with 2102", async', "refuses %s with 2102")).toBe(true);
    expect(opensATest('expect(x, "refuses %s with 2102")', "refuses %s with 2102")).toBe(false);
    expect(opensATest('it("refuses %s with 2102 and more"', "refuses %s with 2102")).toBe(false);
  });

  it("name test files that exist, and test names those files hold", () => {
    const missingFiles = [...new Set(citations.map((c) => c.file))].filter((file) => !existsSync(join(root, file)));
    const missingNames = citations
      .filter((c) => existsSync(join(root, c.file)))
      .flatMap(({ file, names }) => {
        const source = readFileSync(join(root, file), "utf8");
        return names.filter((name) => !opensATest(source, name)).map((name) => `${file} "${name}"`);
      });
    expect(missingFiles, "cited test files that do not exist").toEqual([]);
    expect(missingNames, "cited test names that are no test of that file").toEqual([]);
  });

  it("name source files that exist", () => {
    const named = new RegExp(`\`(${roots}/[^\`\\s]+\\.(?:ts|tsx|mjs|json|sol))\``, "g");
    const missing = [...new Set([...securityMd.matchAll(named)].map((m) => m[1]!))].filter(
      (file) => !existsSync(join(root, file)),
    );
    expect(missing).toEqual([]);
  });
});

/** The ASVS rows: id, chapter and status (`| 6.2.1 | 1 | requirement | Met | … |`). */
const asvsRows = (text: string) =>
  [...text.matchAll(/^\| (\d+)\.\d+\.\d+ \| \d \| [^|]* \| ([^|]*) \|/gm)].map((m) => ({
    id: m[0].split("|")[1]!.trim(),
    chapter: Number(m[1]),
    status: m[2]!.trim(),
  }));

/** The summary table's counts per chapter number: [L1+L2, Met, Partly met, N/A, Not met yet]. */
function summaryCounts(text: string): Map<number, number[]> {
  const table = text.slice(text.indexOf("| chapter | L1+L2 |"), text.indexOf("| **total**"));
  return new Map(
    [...table.matchAll(/^\| V(\d+) [^|]*\|((?: \d+ \|)+)$/gm)].map((m) => [
      Number(m[1]),
      m[2]!
        .split("|")
        .map((cell) => Number(cell.trim()))
        .filter((n) => !Number.isNaN(n) && m[2]!.length > 0),
    ]),
  );
}

describe("SECURITY.md's summary", () => {
  it("counts each chapter's rows by status, and lists every row not met (or partly) under 'the list'", () => {
    const rows = asvsRows(securityMd);
    // V5 and V17 are N/A as a whole, without rows: their summary lines are taken as written.
    for (const [chapter, [total, met, partly, na, notMet]] of summaryCounts(securityMd)) {
      const of = rows.filter((r) => r.chapter === chapter);
      if (of.length === 0) continue;
      const count = (status: string) => of.filter((r) => r.status === status).length;
      expect([chapter, total, met, partly, na, notMet]).toEqual([
        chapter,
        of.length,
        count("Met"),
        count("Partly met"),
        count("N/A"),
        count("Not met yet"),
      ]);
    }
    const list = securityMd.slice(securityMd.indexOf("### Not met yet, or partly: the list"));
    const unlisted = rows
      .filter((r) => r.status === "Not met yet" || r.status === "Partly met")
      .filter((r) => !new RegExp(`(^|[| ,])${r.id.replace(/\./g, "\\.")}([ ,|]|$)`, "m").test(list))
      .map((r) => r.id);
    expect(unlisted).toEqual([]);
  });
});
