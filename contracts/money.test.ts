import { describe, expect, it } from "vitest";
import { seededRandom } from "../chaos/random.ts";
import {
  addAmounts,
  amountLeft,
  attoToUnits,
  compareAmounts,
  formatAmount,
  fromAtto,
  isPositiveAmount,
  parseAmount,
  rescaleUnits,
  subtractAmounts,
  toAtto,
  unitsToAtto,
  usdtText,
} from "./money.ts";

describe("decimal strings to base units", () => {
  it.each([
    ["1", 1_000_000n],
    ["12.5", 12_500_000n],
    ["0.000001", 1n],
    ["100.123456", 100_123_456n],
    ["007.10", 7_100_000n],
    ["0", 0n],
    ["1.0000000", 1_000_000n],
    ["123456789012345678901234567890.000001", 123456789012345678901234567890_000001n],
  ])("parses %s exactly", (text, units) => {
    expect(parseAmount(text, 6)).toBe(units);
  });

  it("scales beyond what a JavaScript number holds", () => {
    expect(parseAmount("79.5", 18)).toBe(79_500_000_000_000_000_000n);
    expect(parseAmount("99999999999999999999.999999", 6)).toBe(99_999_999_999_999_999_999_999_999n);
  });

  it("refuses more decimals than the token has, rather than rounding", () => {
    expect(() => parseAmount("0.0000001", 6)).toThrow(/7 decimals; this token has 6/);
    expect(() => parseAmount("1.5", 0)).toThrow(/this token has 0/);
    expect(() => toAtto("1.0000000000000000001")).toThrow(/decimals/);
  });

  it("rounds only when the caller names the direction", () => {
    expect(parseAmount("1.0000001", 6, { rounding: "up" })).toBe(1_000_001n);
    expect(parseAmount("1.0000001", 6, { rounding: "truncate" })).toBe(1_000_000n);
    expect(parseAmount("12.34", 0, { rounding: "up" })).toBe(13n);
    expect(parseAmount("-12.34", 0, { signed: true, rounding: "up" })).toBe(-13n);
  });

  it.each(["", "-1", "+1", "1e6", "1,5", ".5", "5.", "0x10", "1 000", "NaN", "Infinity", "1.2.3", "abc"])(
    "refuses %j",
    (text) => {
      expect(() => parseAmount(text, 6)).toThrow(/not an amount/);
    },
  );

  it("reads a sign only when asked to", () => {
    expect(parseAmount("-6.5", 6, { signed: true })).toBe(-6_500_000n);
    expect(() => toAtto("1e3")).toThrow(/not an amount/);
    expect(() => parseAmount("1", -1)).toThrow(RangeError);
  });
});

describe("base units to decimal strings", () => {
  it("writes the shortest exact form", () => {
    expect(formatAmount(12_500_000n, 6)).toBe("12.5");
    expect(formatAmount(1n, 6)).toBe("0.000001");
    expect(formatAmount(0n, 6)).toBe("0");
    expect(formatAmount(10n ** 15n, 6)).toBe("1000000000");
    expect(formatAmount(-1_500_000n, 6)).toBe("-1.5");
    expect(formatAmount(42n, 0)).toBe("42");
    expect(fromAtto(toAtto("0.000000000000000001") * 3n)).toBe("0.000000000000000003");
    expect(fromAtto(toAtto("99999999999999999999.999999999999999999") + 1n)).toBe("100000000000000000000");
  });

  it("truncates for display only when asked", () => {
    expect(formatAmount(50_006_127n, 6, { truncateTo: 2 })).toBe("50");
    expect(formatAmount(12_345_678n, 6, { truncateTo: 2 })).toBe("12.34");
    expect(formatAmount(-1n, 6, { truncateTo: 2 })).toBe("0");
  });
});

describe("rescaling between a token's decimals and the ledger's", () => {
  it("rounds up when paying and down when crediting", () => {
    expect(fromAtto(unitsToAtto(29_500_000n, 6))).toBe("29.5");
    expect(fromAtto(unitsToAtto(10n ** 18n + 1n, 18))).toBe("1.000000000000000001");
    expect(fromAtto(unitsToAtto(123n, 20))).toBe("0.000000000000000001");
    expect(attoToUnits(toAtto("27.5"), 6)).toBe(27_500_000n);
    expect(attoToUnits(toAtto("0.0000001"), 6)).toBe(1n);
    expect(attoToUnits(toAtto("1"), 20)).toBe(10n ** 20n);
    expect(rescaleUnits(-15n, 1, 0, "up")).toBe(-2n);
  });
});

describe("arithmetic on decimal strings", () => {
  it("compares decimal strings of any scale, a negative balance included", () => {
    expect(compareAmounts("29", "29.000000")).toBe(0);
    expect(compareAmounts("28.999999", "29")).toBe(-1);
    expect(compareAmounts("100", "29.5")).toBe(1);
    expect(compareAmounts("-1.5", "0")).toBe(-1);
    expect(isPositiveAmount("0.000000")).toBe(false);
    expect(isPositiveAmount("0.000001")).toBe(true);
  });

  it("adds and subtracts exactly", () => {
    expect(addAmounts("0.1", "0.2")).toBe("0.3");
    expect(addAmounts()).toBe("0");
    expect(subtractAmounts("1", "1.000000000000000001")).toBe("-0.000000000000000001");
    expect(amountLeft("1.25", "0.5")).toBe("0.75");
    expect(amountLeft("0.5", "1")).toBe("0");
  });
});

describe("usdtText against the exact arithmetic", () => {
  it("normalises every shape of a numeric column's text as fromAtto(toAtto(…)) does", () => {
    const wholes = ["0", "00", "7", "007", "120", "1000000"];
    const fractions = [undefined, "0", "000000", "5", "50", "000001", "123456789012345678", "100000000000000000"];
    for (const minus of ["", "-"])
      for (const whole of wholes)
        for (const fraction of fractions) {
          const text = `${minus}${whole}${fraction === undefined ? "" : `.${fraction}`}`;
          expect(usdtText(text), text).toBe(fromAtto(toAtto(text)));
        }
    expect(usdtText(" 29.000000 ")).toBe("29");
    expect(usdtText("6.123456000000000000")).toBe("6.123456");
    expect(usdtText(null)).toBe("0");
  });

  it("refuses what is no decimal amount, or has more than 18 decimals, as toAtto does", () => {
    for (const text of ["", "-", ".", ".5", "-.5", "5.", "abc", "1.2.3", "1e5", "--1", "0.1234567890123456789"]) {
      expect(() => usdtText(text), text).toThrow();
      expect(() => toAtto(text), text).toThrow();
    }
  });
});

describe("properties, over seeded random amounts", () => {
  const random = seededRandom(69);
  const digits = (count: number) => Array.from({ length: count }, () => random.int(0, 9)).join("");
  const runs = 500;

  it("every decimal string with no more places than the token has round-trips exactly", () => {
    for (let i = 0; i < runs; i++) {
      const decimals = random.int(0, 30);
      const whole = String(BigInt(digits(random.int(1, 40))));
      const places = digits(random.int(0, decimals)).replace(/0+$/, "");
      const text = `${random.chance(0.3) ? "-" : ""}${whole}${places ? `.${places}` : ""}`;
      const canonical = /^-0$/.test(text) ? "0" : text;
      expect(formatAmount(parseAmount(text, decimals, { signed: true }), decimals), text).toBe(canonical);
    }
  });

  it("parse(format(units)) is units for every bigint", () => {
    for (let i = 0; i < runs; i++) {
      const decimals = random.int(0, 30);
      const units = random.big(-(10n ** 40n), 10n ** 40n) >> BigInt(random.int(0, 120));
      expect(parseAmount(formatAmount(units, decimals), decimals, { signed: true }), String(units)).toBe(units);
    }
  });

  it("ordering of the strings agrees with the ordering of their units", () => {
    for (let i = 0; i < runs; i++) {
      const [x, y] = [random.big(-(10n ** 24n), 10n ** 24n), random.big(-(10n ** 24n), 10n ** 24n)];
      const b = random.chance(0.1) ? x : y;
      expect(compareAmounts(fromAtto(x), fromAtto(b))).toBe(x < b ? -1 : x > b ? 1 : 0);
      expect(isPositiveAmount(fromAtto(x))).toBe(x > 0n);
      expect(toAtto(addAmounts(fromAtto(x), fromAtto(b)))).toBe(x + b);
      expect(toAtto(subtractAmounts(fromAtto(x), fromAtto(b)))).toBe(x - b);
    }
  });

  it("usdtText agrees with the exact arithmetic on padded column text", () => {
    for (let i = 0; i < runs; i++) {
      const atto = random.big(-(10n ** 30n), 10n ** 30n);
      const padded = `${fromAtto(atto)}${fromAtto(atto).includes(".") ? "" : "."}${"0".repeat(random.int(1, 6))}`;
      expect(usdtText(padded), padded).toBe(fromAtto(atto));
    }
  });
});
