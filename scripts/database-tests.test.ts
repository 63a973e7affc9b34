import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  bothEnginesNote,
  databaseOpeningTestFiles,
  databaseTestFiles,
  leftToPostgres,
  missingBothEnginesNote,
  postgresOnlyTestFiles,
} from "./database-tests.ts";

const root = resolve(import.meta.dirname, "..");

describe("databaseTestFiles", () => {
  const files = databaseTestFiles(root);

  it("takes the tests that reach the test database, directly or through the harness", () => {
    expect(files).toContain("server/domain/platform/rate-limit.test.ts");
    expect(files).toContain("server/routes/auth.test.ts");
    expect(files).toContain("server/http/cross-merchant.test.ts");
  });

  it("leaves out the tests that never open it", () => {
    expect(files).not.toContain("server/db/data-dir-lock.process.test.ts");
    expect(files).not.toContain("server/domain/identity/passwords.test.ts");
    expect(files.every((file) => file.startsWith("server/") && file.endsWith(".test.ts"))).toBe(true);
  });
});

describe("databaseOpeningTestFiles (what npm run test:quick leaves to npm test)", () => {
  const opening = databaseOpeningTestFiles(root);

  it("takes the database tests and those opening PGlite themselves, also through the subject's lazy import", () => {
    expect(opening).toEqual(expect.arrayContaining(databaseTestFiles(root)));
    expect(opening).toContain("server/testing/pglite-pool.test.ts");
    expect(opening).toContain("chaos/invariants.test.ts");
    // data-folder.ts loads the database's code only when a server opens its folder, which its test does.
    expect(opening).toContain("server/db/data-folder.test.ts");
  });

  it("leaves the tests that open none to test:quick, however deep a lazy import of a database lies in what they load", () => {
    for (const file of [
      "server/domain/identity/passwords.test.ts",
      "server/db/migrations.test.ts",
      "server/startup-settings.test.ts",
      "scripts/database-tests.test.ts",
    ])
      expect(opening).not.toContain(file);
    expect(opening.some((file) => /^(src|machines|contracts|model-tests)\//.test(file))).toBe(false);
  });

  it("keeps in test:quick every test CONTRIBUTING.md says test:quick runs (and names one it would leave out)", () => {
    /** The tests a text says test:quick runs (a table cell's `file.test.ts` … (quick …) that test:quick leaves out. */
    const leftOut = (text: string) =>
      [...text.matchAll(/`([\w/.-]+\.test\.tsx?)`[^|`]*\(quick/g)]
        .map((m) => m[1] as string)
        .filter((file) => opening.includes(file));
    const contributing = readFileSync(join(root, "CONTRIBUTING.md"), "utf8");
    expect(contributing).toContain("`server/db/migrations.test.ts` (quick)");
    expect(leftOut(contributing)).toEqual([]);
    const fixture = "| 6 | the case | `server/routes/auth.test.ts` (quick) | `server/db/migrations.test.ts` (quick) |";
    expect(leftOut(fixture)).toEqual(["server/routes/auth.test.ts"]);
  });
});

describe("once on PostgreSQL, or on both engines", () => {
  const fixtures: string[] = [];
  afterAll(() => {
    for (const folder of fixtures) rmSync(folder, { recursive: true, force: true });
  });
  const fixture = (files: Record<string, string>) => {
    const folder = mkdtempSync(join(tmpdir(), "database-tests-"));
    fixtures.push(folder);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, file)), { recursive: true });
      writeFileSync(join(folder, file), text);
    }
    return folder;
  };
  const reachesDatabase = 'import { createTestDatabase } from "../testing/test-database.ts";\n';

  it("runs a route test on PostgreSQL only, and the files saying so on both", () => {
    const once = postgresOnlyTestFiles(root);
    expect(once).toContain("server/routes/auth.test.ts");
    expect(once).not.toContain("server/domain/platform/job-queue.test.ts");
    expect(once).not.toContain("server/db/pglite-connection.test.ts");
    expect(once.length).toBeLessThan(databaseTestFiles(root).length);
  });

  it("names a test that listens, or asks which engine it is on, without saying it runs on both", () => {
    const folder = fixture({
      "server/testing/test-database.ts": "export const createTestDatabase = () => null;\n",
      "server/routes/plain.test.ts": `${reachesDatabase}createTestDatabase();\n`,
      "server/routes/listens.test.ts": `${reachesDatabase}await database.listen("order_events", {});\n`,
      "server/routes/branches.test.ts": `${reachesDatabase}const onPostgres = Boolean(process.env.TEST_DATABASE_URL);\n`,
      "server/routes/noted.test.ts": `${reachesDatabase}// ${bothEnginesNote}: it listens.\nawait database.listen("x", {});\n`,
    });
    expect(missingBothEnginesNote(folder).sort()).toEqual([
      "server/routes/branches.test.ts",
      "server/routes/listens.test.ts",
    ]);
    expect(postgresOnlyTestFiles(folder).sort()).toEqual([
      "server/routes/branches.test.ts",
      "server/routes/listens.test.ts",
      "server/routes/plain.test.ts",
    ]);
  });

  describe("DATABASE_TESTS", () => {
    const before = process.env.DATABASE_TESTS;
    afterEach(() => {
      if (before === undefined) delete process.env.DATABASE_TESTS;
      else process.env.DATABASE_TESTS = before;
    });

    it("unset, leaves every file to the PGlite stages (a file run on its own)", () => {
      delete process.env.DATABASE_TESTS;
      expect(leftToPostgres(root)).toEqual([]);
    });

    it("postgres (npm test), leaves the PostgreSQL-only files out of them", () => {
      process.env.DATABASE_TESTS = "postgres";
      expect(leftToPostgres(root)).toEqual(postgresOnlyTestFiles(root));
    });

    it("refuses any other value rather than run a stage with the wrong files", () => {
      process.env.DATABASE_TESTS = "pglite";
      expect(() => leftToPostgres(root)).toThrow(/DATABASE_TESTS must be "postgres" or unset/);
    });
  });
});
