import { describe, expect, it } from "vitest";
import type { LoadFigures } from "./cold-load.ts";
import { pairedRatios } from "./paired.ts";
import { summarise } from "./summary.ts";

const load = (fcpMs: number | null, readyMs: number | null, interactiveMs: number | null) =>
  ({
    fcpMs,
    readyMs,
    interactiveMs,
    framework: "react",
    keystrokes: 1,
    notes: [],
    jsCss: { requests: 1, transferredBytes: 1, decodedBytes: 1, gzip9Bytes: 1 },
    js: { requests: 1, transferredBytes: 1, decodedBytes: 1, gzip9Bytes: 1 },
    css: { requests: 0, transferredBytes: 0, decodedBytes: 0, gzip9Bytes: 0 },
    inline: { scripts: 0, styles: 0, decodedBytes: 0, gzip9Bytes: 0 },
    all: { requests: 1, transferredBytes: 1 },
    resources: [],
    inputSeenMs: null,
    firstInputMs: null,
  }) as unknown as LoadFigures;

describe("round-by-round ratios", () => {
  it("take each round's own ratio, so a slow round weighs on both pages alike", () => {
    // The machine was twice as slow in the second round, for both pages.
    const ours = [load(100, 90, 300), load(300, 270, 900), load(210, 180, 420)];
    const other = [load(200, 180, 400), load(600, 540, 1200), load(300, 270, 440)];
    expect(pairedRatios(ours, other)).toEqual({
      rounds: 3,
      firstPaint: 0.5,
      formVisible: 0.5,
      interactiveToFormVisible: 1.67,
      interactiveToInteractive: 0.75,
    });
    // The medians of the two series would have said 0.7 for first paint.
    expect((summarise(ours).fcpMs ?? 0) / (summarise(other).fcpMs ?? 1)).toBe(0.7);
  });

  it("leave out a round in which either page did not give the figure", () => {
    const ours = [load(100, 90, null), load(100, 90, 200)];
    const other = [load(200, 180, 400), load(200, null, 400)];
    expect(pairedRatios(ours, other)).toMatchObject({
      rounds: 2,
      formVisible: 0.5,
      interactiveToFormVisible: null,
      interactiveToInteractive: 0.5,
    });
  });
});
