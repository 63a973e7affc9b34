import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { testNodeFlags } from "../server/testing/test-node-flags.ts";

const repoRoot = resolve(import.meta.dirname, "..");

// npm run bench is not part of npm test; this keeps the reconcile bench in step with the ledger's schema, and checks
// its set-based set-up leaves a ledger that reconciles and breaks no invariant.
describe("the reconcile bench", () => {
  it("runs to its figures on the current schema, with 200 transfers", async () => {
    // Under the test suites' V8 flags: its figures are not checked here (`npm run bench` keeps V8's defaults).
    const { status, out } = await new Promise<{ status: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, [...testNodeFlags, "bench/reconcile-bench.ts"], {
        cwd: repoRoot,
        env: { ...process.env, BENCH_RECONCILE_TRANSFERS: "200", BENCH_POSTED: "100" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let text = "";
      child.stdout.on("data", (chunk) => (text += chunk));
      child.stderr.on("data", (chunk) => (text += chunk));
      child.once("exit", (code) => done({ status: code, out: text }));
    });
    expect(out).toMatch(/reconcile {9}median .* received 20300 USDT, credited 20300, clean/);
    expect(out).toMatch(/ledgerViolations {2}median .*: 0 found/);
    // Money out among the journals: the recharges swept, withdrawals paid with their gas; both sheets balance.
    expect(out).toMatch(/: 356 journals, the bulk's recharges swept, 10 withdrawals paid with their gas/);
    expect(out).toMatch(/balance sheets .*: ETH balances, USDT balances/);
    expect(status).toBe(0);
  }, 120_000);
});
