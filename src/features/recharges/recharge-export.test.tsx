// @vitest-environment jsdom
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { exportRow, sayFrom } from "../../../contracts/exports/export-columns.ts";
import { rechargeExportTable } from "../../../contracts/exports/recharges.ts";
import enUS from "../../../locales/en-US.json" with { type: "json" };
import jaJP from "../../../locales/ja-JP.json" with { type: "json" };
import "../../../model-tests/framework/setup.ts";
import type { ConsoleHarness } from "../../../model-tests/framework/render-console.tsx";
import { expectExportBesideScreen, shownRow } from "../../../model-tests/framework/shown-row.ts";
import { renderListIn } from "../../../model-tests/harnesses/list-in-language.ts";
import { rechargeExcessReversed, rechargeUnmatched } from "../../../model-tests/models/recharge-fixtures.ts";
import { formatUsdt } from "../../i18n/format.ts";

const everyColumn = [
  "payTime",
  "amount",
  "reason",
  "orderCode",
  "chain",
  "paymentAddress",
  "fromAddress",
  "txHash",
  "billNo",
];

/** Issue 68, item 9: Recharge bills' export reads as the list does, in the merchant's language. */
describe("Recharge bills' export beside the screen", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("has the list's labels and each row's values as the row shows them; a recharge reads 'Recharge', its code beside", async () => {
    const bills = [rechargeUnmatched, rechargeExcessReversed];
    h = await renderListIn({
      url: "/rechargeBill/list",
      locale: "ja-JP",
      list: "recharges",
      columns: everyColumn,
      answers: {
        "recharges.list": async () => ({
          items: bills,
          pageSize: 10,
          nextCursor: null,
          previousCursor: null,
          total: 2,
          totalCapped: false,
        }),
      },
    });
    const say = sayFrom(jaJP, enUS);
    const operations = say("recharges.columns.operations");
    for (const bill of bills) {
      const rowId = `recharge-row-${bill.billNo}`;
      await waitFor(() => expect(shownRow("recharges", rowId, operations)).toHaveLength(everyColumn.length), {
        timeout: 5000,
      });
      expectExportBesideScreen({
        shown: shownRow("recharges", rowId, operations),
        table: rechargeExportTable,
        row: bill,
        say,
        locale: "ja-JP",
        none: say("recharges.none"),
        shownAs: {
          amount: (amount) => formatUsdt(amount, "ja-JP"),
          // The list adds a reversal to the reason's tag; the file has the state in a column of its own.
          reason: (reason, r) => (r.status === "reversed" ? `${reason} · ${say("recharges.status.reversed")}` : reason),
          chain: (chain, r) => `${chain} · ${r.currency}`,
        },
      });
    }
    const recharge = exportRow(rechargeExportTable, rechargeUnmatched, say);
    expect(recharge).toMatchObject({
      reason: say("recharges.reason.unmatched"),
      reasonCode: "unmatched",
      amount: "20",
    });
    expect(Object.keys(recharge).filter((key) => recharge[key] === "unmatched")).toEqual(["reasonCode"]);
    expect(exportRow(rechargeExportTable, rechargeExcessReversed, say)).toMatchObject({
      status: say("recharges.status.reversed"),
      statusCode: "reversed",
      currency: "USDT",
    });
  });
});
