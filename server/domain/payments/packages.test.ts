import { describe, expect, it } from "vitest";
import { addTerm, termMonths } from "./packages.ts";

describe("package terms", () => {
  it("counts months and adds calendar months in UTC, a missing day becoming the month's last", () => {
    expect([termMonths("day", 7), termMonths("month", 1), termMonths("quarter", 1), termMonths("year", 1)]).toEqual([
      0, 1, 3, 12,
    ]);
    expect(addTerm(new Date("2026-01-31T10:00:00Z"), "month", 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addTerm(new Date("2028-01-31T10:00:00Z"), "month", 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addTerm(new Date("2026-11-30T00:00:00Z"), "quarter", 1).toISOString()).toBe("2027-02-28T00:00:00.000Z");
    expect(addTerm(new Date("2028-02-29T00:00:00Z"), "year", 1).toISOString()).toBe("2029-02-28T00:00:00.000Z");
    expect(addTerm(new Date("2026-03-01T00:00:00Z"), "day", 7).toISOString()).toBe("2026-03-08T00:00:00.000Z");
  });
});
