import { describe, expect, it } from "vitest";
import { firstPage, pagingViewOf } from "../../machines/lists/keyset-paging.ts";
import { createI18n } from "../i18n/i18n.ts";
import { pagingSummary } from "./paging-summary.ts";

const viewOf = (total: number, totalCapped: boolean, page = 2) =>
  pagingViewOf({ ...firstPage(10), page, total, totalCapped }, [10], { page: () => true, pageSize: () => false });

describe("the paging bar's summary", () => {
  it("says how many rows and which page of how many; past the count's cap, at least how many and which page", async () => {
    const i18n = await createI18n("en-US");
    expect(pagingSummary(i18n.t, "en-US", "bills", viewOf(23, false))).toBe("23 bills · page 2 of 3");
    expect(pagingSummary(i18n.t, "en-US", "bills", viewOf(10_000, true))).toBe("10,000+ bills · page 2");
    expect(pagingSummary(i18n.t, "en-US", "orders", viewOf(10_000, true, 7))).toBe("10,000+ orders · page 7");
    const zh = await createI18n("zh-CN");
    expect(pagingSummary(zh.t, "zh-CN", "callbacks", viewOf(10_000, true))).toBe("超过 10,000 次尝试 · 第 2 页");
  });
});
