import { describe, expect, it } from "vitest";
import {
  formatClock,
  formatCount,
  formatDate,
  formatDateTime,
  formatDateTimeParts,
  formatDecimal,
  formatUsdt,
  usdtFigureParts,
} from "./format.ts";

describe("locale formatting", () => {
  it("writes USDT amounts with the locale's separators and the unit", () => {
    expect(formatUsdt("1234.5", "en-US")).toBe("1,234.50 USDT");
    expect(formatUsdt("0.000001", "en-US")).toBe("0.000001 USDT");
    expect(formatUsdt("1234.5", "de-DE")).toBe("1.234,50 USDT");
    expect(formatUsdt("29", "ja-JP")).toBe("29.00 USDT");
  });

  it("never rounds an amount nor loses a digit to a JavaScript number", () => {
    // 7 decimals (rounded to 6 before) and 18 decimals (BSC's USDT), and more digits than a double holds.
    expect(formatUsdt("29.0000015", "en-US")).toBe("29.0000015 USDT");
    expect(formatUsdt("0.000000000000000001", "en-US")).toBe("0.000000000000000001 USDT");
    expect(formatUsdt("12345678901234567.89", "en-US")).toBe("12,345,678,901,234,567.89 USDT");
    expect(formatUsdt("29.100000", "en-US")).toBe("29.10 USDT");
  });

  // Issue 68, item 11: a prorated credit (50.006127) reads as money, to the cent, the token's finer digits set apart.
  it("splits an amount at the cent, the unit apart, and joined it is the amount as formatUsdt writes it", () => {
    expect(usdtFigureParts("50.006127", "en-US")).toEqual({ cents: "50.00", finer: "6127", unit: "USDT" });
    expect(usdtFigureParts("1234.5", "de-DE")).toEqual({ cents: "1.234,50", finer: "", unit: "USDT" });
    expect(usdtFigureParts("-0.000001", "en-US")).toEqual({ cents: "-0.00", finer: "0001", unit: "USDT" });
    expect(usdtFigureParts("1e3", "en-US")).toEqual({ cents: "1e3", finer: "", unit: "USDT" });
    for (const [amount, locale] of [
      ["49.993873", "ja-JP"],
      ["12345.678901", "th-TH"],
      ["29", "zh-CN"],
    ] as const) {
      const { cents, finer, unit } = usdtFigureParts(amount, locale);
      expect(`${cents}${finer} ${unit}`).toBe(formatUsdt(amount, locale));
    }
  });

  it("writes a native coin's amount with every significant decimal and no unit", () => {
    expect(formatDecimal("0.000042", "en-US")).toBe("0.000042");
    expect(formatDecimal("0.000000000000000001", "de-DE")).toBe("0,000000000000000001");
    expect(formatDecimal("1234.500", "en-US")).toBe("1,234.5");
    expect(formatDecimal("3", "ja-JP")).toBe("3");
    expect(formatDecimal("1e3", "en-US")).toBe("1e3");
  });

  it("shows a string that is no decimal as it came rather than NaN", () => {
    expect(formatUsdt("", "en-US")).toBe(" USDT");
    expect(formatUsdt("1e3", "en-US")).toBe("1e3 USDT");
  });

  it("writes counts, dates and the countdown", () => {
    expect(formatCount(12345, "en-US")).toBe("12,345");
    const day = new Date(Date.UTC(2026, 10, 22, 12));
    expect(formatDate(day, "en-US")).toBe("November 22, 2026");
    expect(formatDate(day, "ja-JP")).toBe("2026年11月22日");
    expect(formatDate(day, "zh-CN")).toBe("2026年11月22日");
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(599)).toBe("09:59");
    expect(formatClock(3600)).toBe("60:00");
  });

  it("cuts a date and time where the time begins, in each language's order, the same text joined", () => {
    const at = "2026-11-25T15:05:00Z";
    for (const locale of ["en-US", "zh-CN", "zh-TW", "ja-JP", "ko-KR", "th-TH"]) {
      const { date, time } = formatDateTimeParts(at, locale);
      expect(date + time).toBe(formatDateTime(at, locale));
      expect(date.length, locale).toBeGreaterThan(0);
      expect(time.length, locale).toBeGreaterThan(0);
      expect(date, locale).not.toMatch(/\d:\d/);
    }
  });
});
