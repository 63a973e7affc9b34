// @vitest-environment jsdom
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { exportRow, sayFrom } from "../../../contracts/exports/export-columns.ts";
import { withdrawalExportTable } from "../../../contracts/exports/withdrawals.ts";
import enUS from "../../../locales/en-US.json" with { type: "json" };
import koKR from "../../../locales/ko-KR.json" with { type: "json" };
import "../../../model-tests/framework/setup.ts";
import type { ConsoleHarness } from "../../../model-tests/framework/render-console.tsx";
import { expectExportBesideScreen, shownRow } from "../../../model-tests/framework/shown-row.ts";
import { renderListIn } from "../../../model-tests/harnesses/list-in-language.ts";
import { walletAnswers } from "../../../model-tests/harnesses/wallet-pages.ts";
import { listedAsked, paidWithdrawal, walletWithDestinations } from "../../../model-tests/models/wallet-fixtures.ts";
import { formatUsdt } from "../../i18n/format.ts";

const everyColumn = ["createdAt", "amount", "fee", "to", "status", "txHash"];

/** Issue 68, item 9: My wallet's withdrawals export reads as the list does, in the merchant's language. */
describe("the withdrawals' export beside the screen", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("has the list's labels and each row's values as the row shows them, the state's code beside", async () => {
    const withdrawals = [listedAsked, paidWithdrawal];
    h = await renderListIn({
      url: "/wallet/list",
      locale: "ko-KR",
      list: "withdrawals",
      columns: everyColumn,
      answers: {
        ...walletAnswers(() => walletWithDestinations),
        "wallet.withdrawals": async () => ({
          items: withdrawals,
          pageSize: 10,
          nextCursor: null,
          previousCursor: null,
          total: 2,
          totalCapped: false,
        }),
      },
    });
    const say = sayFrom(koKR, enUS);
    const operations = say("withdrawals.columns.operations");
    for (const withdrawal of withdrawals) {
      const rowId = `withdrawal-row-${withdrawal.id}`;
      await waitFor(() => expect(shownRow("withdrawals", rowId, operations)).toHaveLength(everyColumn.length), {
        timeout: 5000,
      });
      expectExportBesideScreen({
        shown: shownRow("withdrawals", rowId, operations),
        table: withdrawalExportTable,
        row: withdrawal,
        say,
        locale: "ko-KR",
        none: say("withdrawals.none"),
        shownAs: {
          amount: (amount) => formatUsdt(amount, "ko-KR"),
          fee: (fee) => formatUsdt(fee, "ko-KR"),
          // The list puts what it waits for under the state, where the file writes " · ".
          status: (state) => state.replace(" · ", ""),
        },
      });
    }
    expect(exportRow(withdrawalExportTable, paidWithdrawal, say)).toMatchObject({
      amount: "12.5",
      fee: "1",
      currency: "USDT",
      statusCode: "confirmed",
    });
  });
});
