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
import { listQueryOf, searchOfQuery } from "./list-query.ts";

const empty = emptySearchOf(invoiceListArea);

describe("a list's search in the address bar", () => {
  it("names every field filled in, in the form's order, and nothing for an empty search", () => {
    expect(listQueryOf(invoiceListArea, empty)).toBe("");
    expect(
      listQueryOf(invoiceListArea, {
        ...empty,
        orderId: " order 7/b ",
        flag: "underpaid",
        status: "expired",
        startTime: "2026-11-01T08:30",
      }),
    ).toBe("status=expired&flag=underpaid&orderId=order%207%2Fb&startTime=2026-11-01T08%3A30");
  });

  it("reads back the search it wrote, and only the area's fields", () => {
    const search = { ...empty, flag: "paidLate", appCode: "20261129001", endTime: "2026-11-29T23:59" };
    const query = new URLSearchParams(`${listQueryOf(invoiceListArea, search)}&page=3&other=x`);
    expect(searchOfQuery(invoiceListArea, query)).toEqual(search);
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
});
