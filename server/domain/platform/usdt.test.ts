import { describe, expect, it } from "vitest";
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

describe("usdtText against the exact arithmetic", () => {
  it("normalises every shape of a numeric column's text as fromAtto(toAtto(…)) does", () => {
    const wholes = ["0", "00", "7", "007", "120", "1000000"];
    const fractions = [undefined, "", "0", "000000", "5", "50", "000001", "123456789012345678", "100000000000000000"];
    for (const minus of ["", "-"])
      for (const whole of wholes)
        for (const fraction of fractions) {
          const text = `${minus}${whole}${fraction === undefined ? "" : `.${fraction}`}`;
          expect(usdtText(text), text).toBe(fromAtto(toAtto(text)));
        }
    expect(usdtText(" 29.000000 ")).toBe("29");
    expect(usdtText(null)).toBe("0");
  });

  it("refuses what is no decimal amount, or has more than 18 decimals, as toAtto does", () => {
    for (const text of ["", "-", ".", ".5", "-.5", "abc", "1.2.3", "1e5", "--1", "0.1234567890123456789"])
      expect(() => usdtText(text), text).toThrow();
  });
});
