import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { testNodeFlags } from "../server/testing/test-node-flags.ts";

const repoRoot = resolve(import.meta.dirname, "..");

// npm run bench is not part of npm test; this keeps its withdrawal part in step with the schema and the sender.
describe("the withdrawal bench", () => {
  it("runs to its figures, with four withdrawals paid once each", async () => {
    // Under the test suites' V8 flags: its figures are not checked here (`npm run bench` keeps V8's defaults).
    const { status, out } = await new Promise<{ status: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, [...testNodeFlags, "bench/withdrawal-bench.ts"], {
        cwd: repoRoot,
        env: { ...process.env, BENCH_WITHDRAWALS: "4" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let text = "";
      child.stdout.on("data", (chunk) => (text += chunk));
      child.stderr.on("data", (chunk) => (text += chunk));
      child.once("exit", (code) => done({ status: code, out: text }));
    });
    expect(out).toMatch(
      /withdrawals: 4 asked .* settled 4 .* holds 4000000 base units \(expected 4000000\); ledger violations: 0/,
    );
    expect(status).toBe(0);
  });
});
