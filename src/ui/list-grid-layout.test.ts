import { describe, expect, it } from "vitest";
import { fitWidths, gridHeight } from "./list-grid-layout.ts";

describe("a data grid's column widths", () => {
  it("gives each column its widest cell, never less than it asks, and scrolls when they do not fit", () => {
    expect(fitWidths([150, 60, 90], [64, 64, 120], [true, false, true], 200)).toEqual([150, 64, 120]);
  });

  it("shares what is left among the columns that stretch, in proportion, filling the width exactly", () => {
    const widths = fitWidths([100, 70, 200], [64, 64, 64], [true, false, true], 1000);
    expect(widths[1]).toBe(70);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(1000);
    expect(widths[2]).toBeGreaterThan(2 * (widths[0] ?? 0) - 2);
  });

  it("stretches none when none may", () => {
    expect(fitWidths([100, 70], [64, 64], [false, false], 1000)).toEqual([100, 70]);
  });
});

describe("a data grid's height", () => {
  it("is its header, its rows and the scrollbar under them", () => {
    expect(gridHeight({ naturals: [], available: 0, headerHeight: 45, scrollbarHeight: 15 }, 3, 48)).toBe(204);
  });
});
