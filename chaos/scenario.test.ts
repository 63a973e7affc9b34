import { describe, expect, it } from "vitest";
import { focusedScenarios } from "./focused-scenarios.ts";
import { defaultScenario, describeStep, generateScenario, hugeUnits, replayText } from "./scenario.ts";

describe("the chaos scenario generator", () => {
  it("gives the same steps for the same seed, other steps for another", () => {
    expect(generateScenario(7)).toEqual(generateScenario(7));
    expect(generateScenario(7)).not.toEqual(generateScenario(8));
    expect(generateScenario(7)).toHaveLength(defaultScenario.steps);
  });

  it("over many seeds, covers every kind of step, amount, proxy mode and reorganisation fate, shallower and deeper than the confirmations", () => {
    const steps = Array.from({ length: 60 }, (_, seed) => generateScenario(seed)).flat();
    expect(new Set(steps.map((s) => s.kind))).toEqual(
      new Set(["order", "pay", "deposit", "mine", "reorg", "proxy", "kill", "restart", "payFromBalance", "withdraw"]),
    );
    const pays = steps.flatMap((s) => (s.kind === "pay" || s.kind === "deposit" ? [s] : []));
    expect(new Set(pays.filter((p) => p.kind === "deposit").map((p) => p.amount)).size).toBeGreaterThan(3);
    expect(new Set(pays.map((p) => p.amount))).toEqual(new Set(["dust", "exact", "short", "excess", "huge"]));
    for (const p of pays) {
      const units = BigInt(p.units);
      if (p.amount === "dust") expect(units).toBeLessThan(1000n);
      if (p.amount === "exact") expect(units).toBe(defaultScenario.priceUnits);
      if (p.amount === "short") expect(units).toBeLessThan(defaultScenario.priceUnits);
      if (p.amount === "excess") expect(units).toBeGreaterThan(defaultScenario.priceUnits);
      // Past numeric(38,18): more than 10^20 USDT of 6 decimals.
      if (p.amount === "huge") expect(units).toBeGreaterThanOrEqual(hugeUnits);
    }
    const reorgs = steps.flatMap((s) => (s.kind === "reorg" ? [s] : []));
    expect(new Set(reorgs.map((r) => r.fate))).toEqual(new Set(["same", "another", "drop"]));
    expect(reorgs.some((r) => r.depth < defaultScenario.confirmations)).toBe(true);
    expect(reorgs.some((r) => r.depth > defaultScenario.confirmations)).toBe(true);
    const modes = steps.flatMap((s) => (s.kind === "proxy" ? [s.mode.kind] : []));
    expect(new Set(modes)).toEqual(new Set(["pass", "lag", "stall", "error", "stale", "alternate"]));
  });

  it("never kills the last running instance, and restarts a killed one within three steps", () => {
    for (let seed = 0; seed < 60; seed++) {
      let down: number | null = null;
      let since = 0;
      for (const step of generateScenario(seed)) {
        if (step.kind === "kill") {
          expect(down).toBeNull();
          down = step.instance;
          since = 0;
        } else if (step.kind === "restart") {
          expect(step.instance).toBe(down);
          down = null;
        } else if (down !== null) expect(++since).toBeLessThanOrEqual(3);
      }
    }
  });

  it("prints a replay: the seed's command and every step, the failing one marked", () => {
    const steps = focusedScenarios.minedAgain!;
    const text = replayText("seed 42", steps, 3);
    expect(text.split("\n")[0]).toBe("chaos seed 42: replay with npm run chaos -- --seed 42");
    expect(text).toContain(`>>   4. ${describeStep(steps[3]!)}`);
    expect(describeStep(steps[3]!)).toBe("reorganise 4 block(s), transactions mined again at the same height");
  });
});
