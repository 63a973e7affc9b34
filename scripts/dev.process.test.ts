import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migratedDataDir } from "../server/testing/migrated-data-folder.ts";
import { testNodeFlags } from "../server/testing/test-node-flags.ts";

const repoRoot = resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(join(tmpdir(), "dev-script-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether any process of the group is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm run dev (scripts/dev.mjs)", () => {
  it("stops the API, the devnet and Vite when the shell npm ran it under is killed", async () => {
    // A migrated database in the folder: what is tested is how the processes stop, not the first start.
    await migratedDataDir(dataDir);
    // As npm runs it: under `sh -c`, in a process group of its own here so that the test can see what is left.
    // Under the tests' V8 flags, which dev.mjs hands its API (server/testing/test-node-flags.ts): how it stops is the same.
    const shell = spawn("sh", ["-c", `"${process.execPath}" ${testNodeFlags.join(" ")} scripts/dev.mjs`], {
      cwd: repoRoot,
      detached: true,
      env: { ...process.env, PORT: "0", VITE_PORT: "0", DEVNET_PORT: "0", DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const pgid = shell.pid!;
    let out = "";
    shell.stdout.on("data", (chunk) => (out += chunk));
    shell.stderr.on("data", (chunk) => (out += chunk));
    try {
      const deadline = Date.now() + 60_000;
      while (!(out.includes("Merchant Console API on") && out.includes("Local:")) && Date.now() < deadline)
        await sleep(100);
      expect(out).toContain("Merchant Console API on");

      process.kill(shell.pid!, "SIGTERM");
      const stopBy = Date.now() + 20_000;
      while (groupAlive(pgid) && Date.now() < stopBy) await sleep(200);
      expect(groupAlive(pgid)).toBe(false);
    } finally {
      if (groupAlive(pgid)) process.kill(-pgid, "SIGKILL");
    }
  }, 90_000);
});
