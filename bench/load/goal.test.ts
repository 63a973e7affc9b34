import { describe, expect, it } from "vitest";
import { goal } from "./goal.ts";

describe("a bench goal", () => {
  it("is missed by a figure over its limit even when the rounded ratio equals the goal ratio", () => {
    const bytes = goal("unthrottled", "JS+CSS", 172_177, 849_320, 170_000 / 849_320);
    expect(bytes.ratio).toBe(0.2);
    expect(bytes.met).toBe(false);
    expect(goal("unthrottled", "JS+CSS", 169_999, 849_320, 170_000 / 849_320).met).toBe(true);
  });

  it("is met at its limit, and unknown without both figures", () => {
    expect(goal("slow 4G", "first paint", 250, 500, 0.5).met).toBe(true);
    expect(goal("slow 4G", "first paint", 251, 500, 0.5).met).toBe(false);
    expect(goal("slow 4G", "first paint", null, 500, 0.5).met).toBeNull();
    expect(goal("slow 4G", "first paint", 250, null, 0.5)).toMatchObject({ met: null, target: null, ratio: null });
  });
});
