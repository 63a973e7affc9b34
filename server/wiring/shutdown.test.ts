import { describe, expect, it } from "vitest";
import { createReadiness } from "./readiness.ts";
import { drainSettingsFromEnv, shutdownOnSignals } from "./shutdown.ts";

const quiet = { info: () => {}, error: () => {} };

function started(close: () => Promise<void>, settings = { drainMs: 50, timeoutMs: 1_000 }) {
  const readiness = createReadiness({});
  const steps: string[] = [];
  const exits: number[] = [];
  const stop = shutdownOnSignals({
    settings,
    readiness,
    close: async () => {
      steps.push(`closing, draining=${readiness.draining}`);
      await close();
    },
    log: quiet,
    exit: (code) => void exits.push(code),
    wait: async (ms) => {
      steps.push(`waited ${ms} ms`);
    },
  });
  return { readiness, steps, exits, stop };
}

describe("shutdownOnSignals", () => {
  it("on SIGTERM turns not ready, waits DRAIN_SECONDS, closes, and exits 0", async () => {
    const s = started(async () => {});
    await s.stop("SIGTERM");
    expect(s.steps).toEqual(["waited 50 ms", "closing, draining=true"]);
    expect(s.exits).toEqual([0]);
    expect((await s.readiness.report()).ready).toBe(false);
  });

  it("on SIGINT closes at once", async () => {
    const s = started(async () => {});
    await s.stop("SIGINT");
    expect(s.steps).toEqual(["closing, draining=true"]);
    expect(s.exits).toEqual([0]);
  });

  it("exits 1 within DRAIN_TIMEOUT_SECONDS when something never lets go", async () => {
    const s = started(() => new Promise<void>(() => {}), { drainMs: 0, timeoutMs: 100 });
    const begun = Date.now();
    await s.stop("SIGTERM");
    expect(Date.now() - begun).toBeLessThan(1_000);
    expect(s.exits).toEqual([1]);
  });

  it("exits 1 when closing fails, and at once on a second signal", async () => {
    const failing = started(async () => {
      throw new Error("the database went away");
    });
    await failing.stop("SIGTERM");
    expect(failing.exits).toEqual([1]);

    const stuck = started(() => new Promise<void>(() => {}), { drainMs: 0, timeoutMs: 60_000 });
    void stuck.stop("SIGTERM");
    await stuck.stop("SIGINT");
    expect(stuck.exits).toEqual([1]);
  });
});

describe("drainSettingsFromEnv", () => {
  it("reads whole seconds, 0 and 30 by default, and refuses anything else", () => {
    expect(drainSettingsFromEnv({})).toEqual({ drainMs: 0, timeoutMs: 30_000 });
    expect(drainSettingsFromEnv({ DRAIN_SECONDS: "10", DRAIN_TIMEOUT_SECONDS: "45" })).toEqual({
      drainMs: 10_000,
      timeoutMs: 45_000,
    });
    for (const env of [{ DRAIN_SECONDS: "-1" }, { DRAIN_SECONDS: "1.5" }, { DRAIN_TIMEOUT_SECONDS: "0" }])
      expect(() => drainSettingsFromEnv(env)).toThrow(/whole number of seconds/);
  });
});
