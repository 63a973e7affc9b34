// @vitest-environment jsdom
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { exportRow, sayFrom } from "../../../contracts/exports/export-columns.ts";
import { orderExportTable } from "../../../contracts/exports/orders.ts";
import enUS from "../../../locales/en-US.json" with { type: "json" };
import jaJP from "../../../locales/ja-JP.json" with { type: "json" };
import "../../../model-tests/framework/setup.ts";
import type { ConsoleHarness } from "../../../model-tests/framework/render-console.tsx";
import { expectExportBesideScreen, shownRow } from "../../../model-tests/framework/shown-row.ts";
import { renderListIn } from "../../../model-tests/harnesses/list-in-language.ts";
import { sampleOrders } from "../../../model-tests/models/order-list-fixtures.ts";
import { formatUsdt } from "../../i18n/format.ts";

const everyColumn = ["orderCode", "package", "term", "amount", "createdAt", "status", "paidAt", "payType"];

/** Issue 68, item 9: My orders' export reads as the list does, in the merchant's language. */
describe("My orders' export beside the screen", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("has the list's labels and each row's values as the row shows them, the codes beside", async () => {
    h = await renderListIn({
      url: "/order/list",
      locale: "ja-JP",
      list: "orders",
      columns: everyColumn,
      answers: {
        "orders.list": async () => ({
          items: sampleOrders,
          pageSize: 10,
          nextCursor: null,
          previousCursor: null,
          total: sampleOrders.length,
          totalCapped: false,
        }),
      },
    });
    const say = sayFrom(jaJP, enUS, "ja-JP");
    const operations = say("orders.columns.operations");
    for (const order of sampleOrders) {
      const rowId = `order-row-${order.orderCode}`;
      await waitFor(() => expect(shownRow("orders", rowId, operations)).toHaveLength(everyColumn.length), {
        timeout: 5000,
      });
      expectExportBesideScreen({
        shown: shownRow("orders", rowId, operations),
        table: orderExportTable,
        row: order,
        say,
        locale: "ja-JP",
        none: say("orders.none"),
        shownAs: { amount: (amount) => formatUsdt(amount, "ja-JP") },
      });
    }
    const trial = sampleOrders.find((o) => o.payType === "free");
    if (trial)
      expect(exportRow(orderExportTable, trial, say)).toMatchObject({
        status: say("orders.startedFree"),
        statusCode: "paid",
        payTypeCode: "free",
        packageCode: "trial",
        currency: "USDT",
      });
  });
});
