// @vitest-environment jsdom
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { billExportTable } from "../../../contracts/exports/bills.ts";
import { exportRow, sayFrom } from "../../../contracts/exports/export-columns.ts";
import enUS from "../../../locales/en-US.json" with { type: "json" };
import thTH from "../../../locales/th-TH.json" with { type: "json" };
import { shortHex } from "../../../machines/short-hex.ts";
import "../../../model-tests/framework/setup.ts";
import type { ConsoleHarness } from "../../../model-tests/framework/render-console.tsx";
import { expectExportBesideScreen, shownRow } from "../../../model-tests/framework/shown-row.ts";
import { renderListIn } from "../../../model-tests/harnesses/list-in-language.ts";
import { billApps, sampleBills } from "../../../model-tests/models/bill-fixtures.ts";
import { formatTokenAmount } from "../../i18n/format.ts";

const everyColumn = [
  "billNo",
  "application",
  "endUserId",
  "fromAddress",
  "toAddress",
  "amount",
  "chainProtocol",
  "blockNumber",
  "txHash",
  "payTime",
  "status",
  "noticeStatus",
  "collectionAmount",
  "deliveryAddress",
  "transferAmount",
];

/** Issue 68, item 9: Application bills' export reads as the list does, in the merchant's language. */
describe("Application bills' export beside the screen", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("has the list's labels and each row's values as the row shows them, whole where the row shortens", async () => {
    h = await renderListIn({
      url: "/bill/list",
      locale: "th-TH",
      list: "bills",
      columns: everyColumn,
      answers: {
        "bills.list": async () => ({
          items: sampleBills,
          pageSize: 10,
          nextCursor: null,
          previousCursor: null,
          total: 2,
          totalCapped: false,
          choices: billApps,
        }),
      },
    });
    const say = sayFrom(thTH, enUS);
    const operations = say("bills.columns.operations");
    const short = (value: string) => shortHex(value);
    for (const bill of sampleBills) {
      const rowId = `bill-row-${bill.billNo}`;
      await waitFor(() => expect(shownRow("bills", rowId, operations)).toHaveLength(everyColumn.length), {
        timeout: 5000,
      });
      const amount = (value: string) => formatTokenAmount(value, bill.currency, "th-TH");
      expectExportBesideScreen({
        shown: shownRow("bills", rowId, operations),
        table: billExportTable,
        row: bill,
        say,
        locale: "th-TH",
        none: say("bills.none"),
        shownAs: {
          // The row puts the application's code under its name, the chain's protocol under the chain.
          application: (name, b) => `${name}${b.appCode}`,
          chainProtocol: (text) => text.replace(" / ", ""),
          fromAddress: short,
          toAddress: short,
          txHash: short,
          deliveryAddress: short,
          amount,
          collectionAmount: amount,
          transferAmount: amount,
          status: (text) => text.replace(" · ", ""),
        },
      });
    }
    const [confirming] = sampleBills;
    if (confirming)
      expect(exportRow(billExportTable, confirming, say)).toMatchObject({
        applicationCode: confirming.appCode,
        statusCode: confirming.status,
        currency: confirming.currency,
        amount: confirming.amount,
      });
  });
});
