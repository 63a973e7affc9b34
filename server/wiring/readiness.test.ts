import { describe, expect, it } from "vitest";
import { chainChecks, createReadiness, sharedFor } from "./readiness.ts";

describe("chainChecks", () => {
  it("holds a chain ready while one of its backends answers, and asks the nodes once a round", async () => {
    let probes = 0;
    const heads: Record<string, (bigint | null)[]> = { Eth: [null, 120n], Tron: [null, null] };
    const probe = sharedFor(1_000, async () => {
      probes += 1;
      return Object.entries(heads).map(([product, h]) => ({ product, heads: h }));
    });
    const readiness = createReadiness(chainChecks(["Eth", "Tron"], probe));
    expect(await readiness.report()).toEqual({
      ready: false,
      draining: false,
      checks: { "chain:Eth": "ok", "chain:Tron": "failed" },
    });
    expect(probes).toBe(1);
  });
});

describe("sharedFor", () => {
  it("shares one call while it runs and for its time after, and asks again after a failure", async () => {
    let at = 0;
    let calls = 0;
    let fail = false;
    const shared = sharedFor(
      1_000,
      async () => {
        calls += 1;
        if (fail) throw new Error("down");
        return calls;
      },
      () => at,
    );
    expect(await Promise.all([shared(), shared()])).toEqual([1, 1]);
    at = 999;
    expect(await shared()).toBe(1);
    at = 1_000;
    fail = true;
    await expect(shared()).rejects.toThrow("down");
    fail = false;
    expect(await shared()).toBe(3);
  });
});
