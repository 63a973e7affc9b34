import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { databaseTestFiles } from "./database-tests.ts";

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
