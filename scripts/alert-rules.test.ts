import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const repoRoot = join(import.meta.dirname, "..");
const rules = readFileSync(join(repoRoot, "deploy/alerts.rules.yml"), "utf8");
const ruleTests = readFileSync(join(repoRoot, "deploy/alerts.test.yml"), "utf8");
const alertNames = [...rules.matchAll(/^\s*- alert: (\w+)$/gm)].map((m) => m[1]);

let promtool = "";
beforeAll(() => {
  // A missing promtool is a failure, never a skip: the script installs it as root (Debian's prometheus package).
  promtool = execFileSync("bash", [join(repoRoot, "scripts/setup-promtool.sh")], { encoding: "utf8" }).trim();
}, 300_000);

const run = (...args: string[]) => spawnSync(promtool, args, { cwd: repoRoot, encoding: "utf8" });

describe("deploy/alerts.rules.yml", () => {
  it("holds the issue's alerts, each with a test that feeds it recorded series and sees it fire", () => {
    expect(alertNames).toEqual(
      expect.arrayContaining([
        "ChainWatcherLagging",
        "ReconcileDifference",
        "TreasuryBelowOwed",
        "CallbacksFailing",
        "CollectionHeld",
        "QuarantineGrowing",
        "ReadinessFlapping",
      ]),
    );
    const firing = new Set(
      [...ruleTests.matchAll(/alertname: (\w+)\n\s+exp_alerts:\n\s+- exp_labels/g)].map((m) => m[1]),
    );
    expect(alertNames.filter((name) => !firing.has(name))).toEqual([]);
  });

  it("passes promtool's check and its rule tests (each rule fires when it should and stays quiet when not)", () => {
    const check = run("check", "rules", "deploy/alerts.rules.yml");
    expect(check.stdout + check.stderr).toContain(`SUCCESS: ${alertNames.length} rules found`);
    expect(check.status).toBe(0);
    const tested = run("test", "rules", "deploy/alerts.test.yml");
    expect(tested.stdout + tested.stderr).toContain("SUCCESS");
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
  });

  it("reads only metrics the server exposes", () => {
    const exposed = readFileSync(join(repoRoot, "server/wiring/server-metrics.test.ts"), "utf8");
    const used = new Set([...rules.matchAll(/\b(mc_[a-z_]+)\b/g)].map((m) => m[1]!));
    expect([...used].filter((name) => !exposed.includes(`${name}:`))).toEqual([]);
  });
});
