// @vitest-environment jsdom
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { callbackExportTable } from "../../../contracts/exports/callbacks.ts";
import { exportRow, sayFrom } from "../../../contracts/exports/export-columns.ts";
import enUS from "../../../locales/en-US.json" with { type: "json" };
import zhTW from "../../../locales/zh-TW.json" with { type: "json" };
import "../../../model-tests/framework/setup.ts";
import type { ConsoleHarness } from "../../../model-tests/framework/render-console.tsx";
import { expectExportBesideScreen, shownRow } from "../../../model-tests/framework/shown-row.ts";
import { renderListIn } from "../../../model-tests/harnesses/list-in-language.ts";
import { callbackApps, sampleAttempts } from "../../../model-tests/models/callback-fixtures.ts";
import { formatCount } from "../../i18n/format.ts";

const everyColumn = [
  "sentAt",
  "event",
  "application",
  "url",
  "attempt",
  "status",
  "latency",
  "requestBody",
  "responseBody",
  "result",
  "nextRetry",
];
/** The list's second line of a cell, after the first: the file writes " · " between them. */
const twoLines = (text: string) => text.replace(" · ", "");

/** Issue 68, item 9: Transaction callbacks' export reads as the list does, in the merchant's language. */
describe("Transaction callbacks' export beside the screen", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("has the list's labels and each row's values as the row shows them, the result and the delivery apart", async () => {
    h = await renderListIn({
      url: "/callback/list",
      locale: "zh-TW",
      list: "callbacks",
      columns: everyColumn,
      answers: {
        "callbacks.list": async () => ({
          items: sampleAttempts,
          pageSize: 10,
          nextCursor: null,
          previousCursor: null,
          total: 2,
          totalCapped: false,
          choices: callbackApps,
        }),
      },
    });
    const say = sayFrom(zhTW, enUS);
    const operations = say("callbacks.columns.operations");
    for (const attempt of sampleAttempts) {
      const rowId = `callback-row-${attempt.attemptId}`;
      await waitFor(() => expect(shownRow("callbacks", rowId, operations)).toHaveLength(everyColumn.length), {
        timeout: 5000,
      });
      const body = (text: string) => (text === "" ? say("callbacks.emptyBody") : text);
      expectExportBesideScreen({
        shown: shownRow("callbacks", rowId, operations),
        table: callbackExportTable,
        row: attempt,
        say,
        locale: "zh-TW",
        none: say("callbacks.none"),
        shownAs: {
          event: twoLines,
          application: (name, a) => `${name}${a.appCode}`,
          url: twoLines,
          attempt: twoLines,
          status: twoLines,
          latency: (ms) => say("callbacks.latency", { ms: formatCount(Number(ms), "zh-TW") }),
          requestBody: body,
          responseBody: body,
          // The list shows the event's delivery beside the attempt's result; the file in a column of its own.
          result: (result, a) => `${result}${say(`callbacks.delivery.${a.deliveryStatus}`)}`,
        },
      });
    }
    const [refused] = sampleAttempts;
    if (refused)
      expect(exportRow(callbackExportTable, refused, say)).toMatchObject({
        eventCode: refused.eventType,
        applicationCode: refused.appCode,
        resultCode: refused.result,
        deliveryCode: refused.deliveryStatus,
        latency: String(refused.latencyMs),
      });
  });
});
