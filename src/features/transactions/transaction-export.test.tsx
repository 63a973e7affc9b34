// @vitest-environment jsdom
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { exportHeader, exportRow, sayFrom } from "../../../contracts/exports/export-columns.ts";
import { transactionExportTable } from "../../../contracts/exports/transactions.ts";
import enUS from "../../../locales/en-US.json" with { type: "json" };
import zhCN from "../../../locales/zh-CN.json" with { type: "json" };
import { defaultSettings } from "../../../machines/shell/settings.ts";
import "../../../model-tests/framework/setup.ts";
import { createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";
import { expectExportBesideScreen, shownRow } from "../../../model-tests/framework/shown-row.ts";
import { loginResult, storedUser } from "../../../model-tests/models/fixtures.ts";
import { rechargeCredited, withdrawalCounting } from "../../../model-tests/models/transaction-fixtures.ts";
import { storageKeys } from "../../api/session-storage.ts";
import { settingsStorageKey } from "../../app/settings-service.ts";
import { signedUsdt } from "./transaction-amount.ts";

const everyColumn = [
  "createdAt",
  "kind",
  "amount",
  "state",
  "orderCode",
  "chain",
  "txHash",
  "blockNumber",
  "confirmations",
  "withdrawalStatus",
];

/** Issue 68, item 9: Transaction records' export reads as the list does, in the merchant's language. */
describe("Transaction records' export beside the screen", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("has the list's labels and each row's values as the row shows them, codes beside, the ledger in columns", async () => {
    const records = [withdrawalCounting, rechargeCredited];
    const fake = createControlledApi([], {
      "transactions.list": async () => ({
        items: records,
        pageSize: 10,
        nextCursor: null,
        previousCursor: null,
        total: 2,
        totalCapped: false,
      }),
      "transactions.watch": () => () => {},
    });
    h = await renderConsole({
      url: "/transactions/list",
      api: fake.api,
      locale: "zh-CN",
      storage: {
        [storageKeys.token]: loginResult.accessToken,
        [storageKeys.user]: JSON.stringify({ ...storedUser, language: "zh-CN" }),
        [settingsStorageKey]: JSON.stringify({ ...defaultSettings, listColumns: { transactions: everyColumn } }),
      },
    });
    const say = sayFrom(zhCN, enUS);
    const operations = say("transactions.columns.operations");
    for (const record of records) {
      const rowId = `transaction-row-${record.id}`;
      await waitFor(() => expect(shownRow("transactions", rowId, operations)).toHaveLength(everyColumn.length));
      expectExportBesideScreen({
        shown: shownRow("transactions", rowId, operations),
        table: transactionExportTable,
        row: record,
        say,
        locale: "zh-CN",
        none: say("transactions.none"),
        // The screen signs the amount and names its unit; the file keeps the figure and names the unit apart.
        shownAs: { amount: (amount) => signedUsdt(amount, "zh-CN") },
      });
    }

    // A recharge is "充值" (Recharge) as on the screen; its code stands only in the code column beside it.
    const recharge = exportRow(transactionExportTable, rechargeCredited, say);
    expect(recharge.kind).toBe(say("transactions.kind.unmatched"));
    expect(Object.keys(recharge).filter((key) => recharge[key] === "unmatched")).toEqual(["kindCode"]);
    expect(recharge.currency).toBe("USDT");
    // The journal's lines, a column an account under its name, as the details dialog words it.
    const headers = exportHeader(transactionExportTable, say);
    const ledger = Object.fromEntries(
      transactionExportTable
        .map((column, i) => [headers[i], recharge[column.key]] as const)
        .filter(([header, amount]) => header?.startsWith("账目：") && amount !== null),
    );
    expect(ledger).toEqual({
      [`账目：${say("transactions.account.merchant")}`]: "20",
      [`账目：${say("transactions.account.receipts")}`]: "-20",
    });
  });
});
