import { describe, expect, it } from "vitest";
import { loadOrder } from "./alternation.ts";

describe("the load order of an alternating comparison", () => {
  it("lets each page load first in as many runs as the other", () => {
    const firsts = Array.from({ length: 8 }, (_, run) => loadOrder(["ours", "other"], run)[0]);
    expect(firsts).toEqual(["ours", "other", "ours", "other", "ours", "other", "ours", "other"]);
  });

  it("loads every page once per run, three pages included, and one page alone every run", () => {
    for (let run = 0; run < 6; run++) expect([...loadOrder(["a", "b", "c"], run)].sort()).toEqual(["a", "b", "c"]);
    expect(loadOrder(["a", "b", "c"], 1)).toEqual(["b", "c", "a"]);
    expect(loadOrder(["ours"], 5)).toEqual(["ours"]);
    expect(loadOrder([], 3)).toEqual([]);
  });
});
