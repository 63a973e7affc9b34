import { describe, expect, it } from "vitest";
import { firstPage, fromFirstPage, pageArrived, pageCountOf, pagingRequest, pagingTo } from "./keyset-paging.ts";

const answer = (over: Partial<Parameters<typeof pageArrived>[1]> = {}) => ({
  pageSize: 10,
  nextCursor: "n1",
  previousCursor: null,
  total: 23,
  totalCapped: false,
  ...over,
});

describe("keyset paging", () => {
  it("steps one page at a time by the cursors beside the page shown, and nowhere else", () => {
    const shown = pageArrived(firstPage(10), answer());
    expect(shown).toMatchObject({ page: 1, cursor: undefined, total: 23 });
    expect(pagingTo(shown, 0)).toBeNull();
    expect(pagingTo(shown, 3)).toBeNull();
    const second = pagingTo(shown, 2);
    expect(second).toMatchObject({ page: 2, cursor: "n1" });
    const arrived = pageArrived(second!, answer({ nextCursor: null, previousCursor: "p2", total: null }));
    // A later page is not counted: the first page's total stays.
    expect(arrived).toMatchObject({ page: 2, cursor: "n1", total: 23, nextCursor: null });
    expect(pagingTo(arrived, 3)).toBeNull();
    expect(pagingTo(arrived, 1)).toMatchObject({ page: 1, cursor: "p2" });
    expect(pagingRequest(arrived)).toEqual({ cursor: "n1", pageSize: 10 });
  });

  it("takes a page with nothing before it for the first, whatever page was asked for", () => {
    const third = { ...firstPage(10), page: 3, cursor: "n3" };
    expect(pageArrived(third, answer({ total: 12 }))).toMatchObject({ page: 1, cursor: undefined, total: 12 });
  });

  it("starts again from the first page with the same or another page size", () => {
    const later = { ...firstPage(10), page: 4, cursor: "n4", total: 80 };
    expect(fromFirstPage(later)).toMatchObject({ page: 1, cursor: undefined, pageSize: 10, total: 80 });
    expect(pagingRequest(fromFirstPage(later, 20))).toEqual({ pageSize: 20 });
  });

  it("counts pages of the counted rows, at least one", () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(23, 10)).toBe(3);
    expect(pageCountOf(10_000, 50)).toBe(200);
  });

  it("keeps a capped total until a page counts again", () => {
    const capped = pageArrived(firstPage(10), answer({ total: 10_000, totalCapped: true }));
    const next = pageArrived(pagingTo(capped, 2)!, answer({ previousCursor: "p2", total: null, totalCapped: false }));
    expect(next).toMatchObject({ total: 10_000, totalCapped: true });
  });
});
