import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const script = resolve(import.meta.dirname, "run-stages.mjs");
const dir = mkdtempSync(join(tmpdir(), "run-stages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, "package.json"),
  JSON.stringify({
    name: "stages",
    private: true,
    scripts: { first: "node -e \"console.log('first says hi')\"", broken: "node -e \"process.exit(3)\"", never: "node -e \"console.log('never ran')\"" },
  }),
);

const run = (...stages: string[]) => {
  const result = spawnSync(process.execPath, [script, ...stages], { cwd: dir, encoding: "utf8" });
  return { status: result.status, out: result.stdout };
};
/** A row of the table printed at the end, as its words. */
const row = (out: string, stage: string) =>
  out
    .slice(out.lastIndexOf("\nstage "))
    .split("\n")
    .find((line) => line.startsWith(`${stage} `))
    ?.split(/\s+/);

describe("run-stages", () => {
  it("runs the stages in order with their own output, then prints the table", () => {
    const { status, out } = run("first", "first");
    expect(status).toBe(0);
    expect(out).toContain("first says hi");
    expect(out.indexOf("first says hi")).toBeLessThan(out.indexOf("seconds"));
    expect(row(out, "first")?.[2]).toBe("pass");
    expect(row(out, "total")?.[2]).toBe("pass");
    expect(Number(row(out, "total")?.[1])).toBeGreaterThan(0);
  });

  it("stops at the first failure with its exit code, and still prints the table", () => {
    const { status, out } = run("first", "broken", "never");
    expect(status).toBe(3);
    expect(out).not.toContain("never ran");
    expect(row(out, "first")?.[2]).toBe("pass");
    expect(row(out, "broken")?.[2]).toBe("fail");
    expect(row(out, "never")?.slice(1)).toEqual(["-", "not", "run"]);
    expect(row(out, "total")?.slice(2)).toEqual(["fail", "(broken,", "exit", "3)"]);
  });
});
