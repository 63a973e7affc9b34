import { describe, expect, it } from "vitest";
import { detailFactsOf, shownStatusOf } from "./order-list-selectors.ts";
import { detail, order } from "./order-test-support.ts";

describe("the order detail's facts", () => {
  it("say where the money went and what the chain took back only when there is something to say", () => {
    expect(detailFactsOf(detail())).toMatchObject({ toBalance: null, reversed: null });
    expect(detailFactsOf(detail({ status: "failed", toBalance: "5.000000" }))).toMatchObject({ toBalance: "5.000000" });
    expect(detailFactsOf(detail({ status: "paid", reversed: "29.000000" }))).toMatchObject({ reversed: "29.000000" });
    expect(detailFactsOf(detail()).credit).toBeNull();
    expect(detailFactsOf(detail({ price: "79", credit: "9.666666", amount: "69.333334" })).credit).toEqual({
      price: "79",
      credit: "9.666666",
    });
  });
});

describe("an order's status as shown", () => {
  it("a free trial never reads paid ('Payment complete' in four languages): it reads started, free", () => {
    expect(shownStatusOf(order({ status: "paid", payType: "free", amount: "0" }))).toBe("startedFree");
    expect(shownStatusOf(order({ status: "paid", payType: "chain" }))).toBe("paid");
    expect(shownStatusOf(order({ status: "pending", payType: null }))).toBe("pending");
  });
});
