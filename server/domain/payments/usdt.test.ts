import { describe, expect, it } from "vitest";
import { addTerm, termMonths } from "./packages.ts";
import { attoToUnits, fromAtto, toAtto, unitsToAtto, usdtText } from "./usdt.ts";

describe("USDT amounts", () => {
  it("reads numeric text exactly and writes the shortest form", () => {
    expect(usdtText("29.000000")).toBe("29");
    expect(usdtText("6.123456000000000000")).toBe("6.123456");
    expect(usdtText("-1.500000000000000000")).toBe("-1.5");
    expect(fromAtto(toAtto("0.000000000000000001") * 3n)).toBe("0.000000000000000003");
    expect(fromAtto(toAtto("99999999999999999999.999999999999999999") + 1n)).toBe("100000000000000000000");
    expect(() => toAtto("1.0000000000000000001")).toThrow(/decimals/);
    expect(() => toAtto("1e3")).toThrow(/not a decimal/);
  });

  it("converts token base units with the token's decimals, rounding up when paying and down when crediting", () => {
    expect(fromAtto(unitsToAtto(29_500_000n, 6))).toBe("29.5");
    expect(fromAtto(unitsToAtto(10n ** 18n + 1n, 18))).toBe("1.000000000000000001");
    expect(fromAtto(unitsToAtto(123n, 20))).toBe("0.000000000000000001");
    expect(attoToUnits(toAtto("27.5"), 6)).toBe(27_500_000n);
    expect(attoToUnits(toAtto("0.0000001"), 6)).toBe(1n);
    expect(attoToUnits(toAtto("1"), 20)).toBe(10n ** 20n);
  });
});

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
