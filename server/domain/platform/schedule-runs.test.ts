import { afterEach, describe, expect, it, vi } from "vitest";
import { scheduleRuns } from "./schedule-runs.ts";

describe("scheduleRuns", () => {
  afterEach(() => vi.useRealTimers());

  it("runs first 5 s after start, then every period, and not after stop", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const stop = scheduleRuns(run, 600_000, () => {});
    await vi.advanceTimersByTimeAsync(4_999);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(run).toHaveBeenCalledTimes(2);
    await stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("reports a failed run and keeps going", async () => {
    vi.useFakeTimers();
    const failure = new Error("database gone");
    const run = vi.fn(async () => Promise.reject(failure));
    const onError = vi.fn();
    const stop = scheduleRuns(run, 1_000, onError);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledWith(failure);
    await stop();
  });

  it("never overlaps runs, and stopping waits for the run in progress", async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const run = vi.fn(() => new Promise<void>((done) => (finish = done)));
    const stop = scheduleRuns(run, 1_000, () => {});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("never keeps the process alive", () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    const stop = scheduleRuns(
      async () => {},
      600_000,
      () => {},
    );
    expect(timers()).toBe(before);
    void stop();
  });
});
