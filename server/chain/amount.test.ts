import { describe, expect, it } from "vitest";
import { formatTokenAmount, parseTokenAmount } from "./amount.ts";

describe("token amounts as decimal strings", () => {
  it.each([
    ["1", 1_000_000n],
    ["12.5", 12_500_000n],
    ["0.000001", 1n],
    ["100.123456", 100_123_456n],
    ["007.10", 7_100_000n],
    ["0", 0n],
    ["123456789012345678901234567890.000001", 123456789012345678901234567890_000001n],
  ])("parses %s exactly", (text, units) => {
    expect(parseTokenAmount(text, 6)).toBe(units);
  });

  it("refuses more decimals than the token has, rather than rounding", () => {
    expect(() => parseTokenAmount("0.0000001", 6)).toThrow(/7 decimals; this token has 6/);
    expect(() => parseTokenAmount("1.5", 0)).toThrow(/this token has 0/);
  });

  it.each(["", "-1", "+1", "1e6", "1,5", ".5", "5.", "0x10", "1 000", "NaN", "Infinity", "1.2.3"])(
    "refuses %j",
    (text) => {
      expect(() => parseTokenAmount(text, 6)).toThrow(/not an amount/);
    },
  );

  it("formats base units back without trailing zeros", () => {
    expect(formatTokenAmount(12_500_000n, 6)).toBe("12.5");
    expect(formatTokenAmount(1n, 6)).toBe("0.000001");
    expect(formatTokenAmount(0n, 6)).toBe("0");
    expect(formatTokenAmount(10n ** 15n, 6)).toBe("1000000000");
    expect(formatTokenAmount(-1_500_000n, 6)).toBe("-1.5");
    expect(formatTokenAmount(42n, 0)).toBe("42");
  });

  it("round-trips", () => {
    for (const text of ["0.1", "3.14159", "999999999.999999", "5"])
      expect(formatTokenAmount(parseTokenAmount(text, 6), 6)).toBe(text);
  });
});
