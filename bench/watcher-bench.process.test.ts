import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { testNodeFlags } from "../server/testing/test-node-flags.ts";

const repoRoot = resolve(import.meta.dirname, "..");

/**
 * Runs a bench script with the given settings, under the test suites' V8 flags (its figures are not checked here;
 * `npm run bench` keeps V8's defaults); resolves with its exit status and output.
 */
function runBench(script: string, env: Record<string, string>): Promise<{ status: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...testNodeFlags, script], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.once("exit", (status) => done({ status, out }));
  });
}

// npm run bench is not part of npm test; this keeps its watcher part in step with the schema (a new table referencing
// chain_transfers once made its clean-up refuse, and npm run bench stopped before the page-load bench).
describe("the watcher bench", () => {
  it("runs to its figures on the current schema, with ten transfers", async () => {
    const { status, out } = await runBench("bench/watcher-bench.ts", { BENCH_TRANSFERS: "10" });
    expect(out).toMatch(/watcher catch-up .* 8 stored \(expected 8\)/);
    expect(status).toBe(0);
  });
});
