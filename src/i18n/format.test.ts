import { describe, expect, it } from "vitest";
import { formatDate, formatUsdt } from "./format.ts";

describe("locale formatting", () => {
  it("writes USDT amounts with the locale's separators and the unit", () => {
    expect(formatUsdt(1234.5, "en-US")).toBe("1,234.50 USDT");
    expect(formatUsdt("0.000001", "en-US")).toBe("0.000001 USDT");
    expect(formatUsdt(1234.5, "de-DE")).toBe("1.234,50 USDT");
  });

  it("writes dates in the merchant's language", () => {
    const day = new Date(Date.UTC(2026, 10, 22, 12));
    expect(formatDate(day, "en-US")).toBe("November 22, 2026");
    expect(formatDate(day, "ja-JP")).toBe("2026年11月22日");
    expect(formatDate(day, "zh-CN")).toBe("2026年11月22日");
  });
});
