import { describe, expect, it } from "vitest";
import { appListArea } from "../apps/app-list.ts";
import { billListArea } from "../bills/bill-list.ts";
import { callbackListArea } from "../callbacks/callback-list.ts";
import { invoiceListArea } from "../invoices/invoice-list.ts";
import { orderListArea } from "../orders/order-list.ts";
import { rechargeListArea } from "../recharges/recharge-list.ts";
import { transactionListArea } from "../transactions/transaction-list.ts";
import { withdrawalListArea } from "../wallet/withdrawal-list.ts";
import { emptySearchOf } from "./list-area.ts";
import { listQueryOf, pageSizeOfQuery, searchOfQuery } from "./list-query.ts";

const empty = emptySearchOf(invoiceListArea);

/** Runs `body` with the process's local time zone set to `zone` (Node reads TZ again when it is set). */
function inTimeZone<T>(zone: string, body: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return body();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe("a list's search in the address bar", () => {
  it("names every field filled in, in the form's order, and nothing for an empty search", () => {
    expect(listQueryOf(invoiceListArea, empty)).toBe("");
    expect(
      inTimeZone("Asia/Tokyo", () =>
        listQueryOf(invoiceListArea, {
          ...empty,
          orderId: " order 7/b ",
          flag: "underpaid",
          status: "expired",
          startTime: "2026-11-01T08:30",
        }),
      ),
    ).toBe("status=expired&flag=underpaid&orderId=order%207%2Fb&startTime=2026-11-01T08%3A30%2B09%3A00");
  });

  it("reads back the search it wrote, and only the area's fields", () => {
    const search = { ...empty, flag: "paidLate", appCode: "20261129001", endTime: "2026-11-29T23:59" };
    const query = new URLSearchParams(`${listQueryOf(invoiceListArea, search)}&page=3&other=x`);
    expect(searchOfQuery(invoiceListArea, query)).toEqual(search);
  });

  it("names a time with the offset it has where it was typed: a link opened in another time zone finds the same rows", () => {
    const typed = { ...empty, startTime: "2026-11-30T12:35", endTime: "2026-07-01T09:00" };
    const query = inTimeZone("Asia/Tokyo", () => listQueryOf(invoiceListArea, typed));
    expect(new URLSearchParams(query).get("startTime")).toBe("2026-11-30T12:35+09:00");
    // Berlin: 04:35 in winter (UTC+1), 02:00 in summer (UTC+2), as the form there shows them.
    const read = inTimeZone("Europe/Berlin", () => searchOfQuery(invoiceListArea, new URLSearchParams(query)));
    expect(read).toMatchObject({ startTime: "2026-11-30T04:35", endTime: "2026-07-01T02:00" });
    // A link pasted with its "+" unescaped reads it as a space; one written before the offset keeps its local time.
    const pasted = new URLSearchParams("startTime=2026-11-30T12:35+09:00&endTime=2026-11-30T13:00");
    expect(inTimeZone("UTC", () => searchOfQuery(invoiceListArea, pasted))).toMatchObject({
      startTime: "2026-11-30T03:35",
      endTime: "2026-11-30T13:00",
    });
  });

  it.each([
    billListArea,
    callbackListArea,
    orderListArea,
    appListArea,
    rechargeListArea,
    transactionListArea,
    withdrawalListArea,
  ])("$name: every field filled in goes to the address and back, by its name", (area) => {
    const search = Object.fromEntries(area.fields.map((field, i) => [field.name, `${field.name} ${i}/&=`]));
    const query = listQueryOf(area, search);
    expect(query.split("&").map((pair) => pair.split("=")[0])).toEqual(area.fields.map((field) => field.name));
    expect(searchOfQuery(area, new URLSearchParams(`${query}&page=2`))).toEqual(search);
  });

  it("names a page size other than the default after the search, and reads it back", () => {
    const search = { ...empty, flag: "underpaid" };
    expect(invoiceListArea.defaultPageSize).toBe(10);
    expect(listQueryOf(invoiceListArea, search, 10)).toBe("flag=underpaid");
    expect(listQueryOf(invoiceListArea, search, 50)).toBe("flag=underpaid&pageSize=50");
    expect(listQueryOf(invoiceListArea, empty, 20)).toBe("pageSize=20");
    const query = new URLSearchParams(listQueryOf(invoiceListArea, search, 20));
    expect(pageSizeOfQuery(invoiceListArea, query)).toBe(20);
    expect(searchOfQuery(invoiceListArea, query)).toEqual(search);
  });

  it.each(["", "7", "100", "20.0", " 20", "2e1", "abc", "-10"])(
    "reads a page size the area does not offer (%j) as its default",
    (value) => {
      expect(pageSizeOfQuery(invoiceListArea, new URLSearchParams({ flag: "underpaid", pageSize: value }))).toBe(10);
    },
  );

  it("reads no page size as the default", () => {
    expect(pageSizeOfQuery(invoiceListArea, new URLSearchParams("flag=underpaid"))).toBe(10);
  });
});
