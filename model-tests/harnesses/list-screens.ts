import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { AppBill } from "../../contracts/schemas/bills.ts";
import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import { formatDecimal, formatTokenAmount } from "../../src/i18n/format.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { sampleApp } from "../models/app-edit.model.ts";
import { type CallbacksHarness, expectNoDialog, latencyText, listCalls } from "./callback-pages.ts";
import { replaceText } from "./form-steps.ts";

/**
 * What the list model's harness (list.model-test.tsx) checks and does that is an area's own: its rows' cells, its
 * details dialog, and what adds rows to it (Transaction callbacks: a test event).
 */
export interface ListScreen {
  path: string;
  rowTestId(key: string): string;
  expectRow(h: ConsoleHarness, row: unknown): Promise<void>;
  expectDetail(h: ConsoleHarness, row: unknown): Promise<void>;
  /** Something the merchant does that adds rows, answered at once; `loading`: a list answer is under way. */
  addRows?(h: CallbacksHarness, loading: boolean): Promise<void>;
}

const progressText = (h: ConsoleHarness, bill: AppBill) =>
  h.t("bills.confirmations", { confirmations: bill.confirmations, required: bill.required });

const billScreen: ListScreen = {
  path: "/bill/list",
  rowTestId: (key) => `bill-row-${key}`,
  async expectRow(h, row) {
    const bill = row as AppBill;
    const cells = within(screen.getByTestId(`bill-row-${bill.billNo}`));
    await waitFor(() => expect(cells.getByText(h.t(`bills.status.${bill.status}`))).toBeTruthy());
    expect(cells.getByText(h.t(`bills.notice.${bill.noticeStatus}`))).toBeTruthy();
    // The amount (a collected bill's collection amount may be the same figure).
    expect(cells.getAllByText(formatTokenAmount(bill.amount, bill.currency, "en-US")).length).toBeGreaterThan(0);
    expect(cells.getByText(bill.appName)).toBeTruthy();
    expect(cells.getByTitle(bill.txHash)).toBeTruthy();
    expect(cells.queryByText(progressText(h, bill))?.textContent ?? null).toBe(
      bill.status === "confirming" ? progressText(h, bill) : null,
    );
  },
  // Every field of the bill as the stream keeps it, hashes and addresses whole with copy buttons.
  async expectDetail(h, row) {
    const bill = row as AppBill;
    const dialog = await screen.findByRole("dialog", { name: h.t("bills.details.title", { billNo: bill.billNo }) });
    const facts = within(dialog).getByTestId("bill-facts");
    await waitFor(() => expect(within(facts).getByText(h.t(`bills.status.${bill.status}`))).toBeTruthy());
    const text = facts.textContent ?? "";
    for (const expected of [
      bill.billNo,
      `${bill.appName} (${bill.appCode})`,
      bill.endUserId,
      bill.fromAddress,
      bill.toAddress,
      bill.txHash,
      bill.blockNumber,
      `${bill.chain} (${bill.chainId})`,
      bill.protocol,
      formatTokenAmount(bill.amount, bill.currency, "en-US"),
      h.t(`bills.notice.${bill.noticeStatus}`),
      ...(bill.status === "confirming" ? [progressText(h, bill)] : []),
      // Its collection: the sweep's transaction and the gas it paid in the chain's native coin.
      h.t("bills.details.collectionGasFee"),
      ...(bill.collectionTxHash ? [bill.collectionTxHash] : []),
      ...(bill.collectionGasFee ? [formatDecimal(bill.collectionGasFee, "en-US")] : []),
    ])
      expect(text).toContain(expected);
    for (const label of ["bills.details.copyFrom", "bills.details.copyTo", "bills.details.copyTxHash"])
      expect(within(dialog).getByRole("button", { name: h.t(label) })).toBeTruthy();
    // Its deliveries on Transaction callbacks, filtered to it.
    expect(
      within(dialog)
        .getByRole("link", { name: h.t("bills.details.callbacks") })
        .getAttribute("href"),
    ).toBe(`/callback/list?billNo=${bill.billNo}`);
  },
};

const callbackScreen: ListScreen = {
  path: "/callback/list",
  rowTestId: (key) => `callback-row-${key}`,
  async expectRow(h, row) {
    const attempt = row as CallbackAttempt;
    const cells = within(screen.getByTestId(`callback-row-${attempt.attemptId}`));
    expect(cells.getByText(h.t(`callbacks.result.${attempt.result}`))).toBeTruthy();
    expect(cells.getByText(h.t(`callbacks.delivery.${attempt.deliveryStatus}`))).toBeTruthy();
    expect(cells.getByText(h.t(`callbacks.eventType.${attempt.eventType}`))).toBeTruthy();
    expect(cells.getByText(attempt.appName)).toBeTruthy();
    expect(cells.getByTitle(attempt.url)).toBeTruthy();
    expect(cells.getByTitle(attempt.requestBody)).toBeTruthy();
    expect(cells.getByText(`#${attempt.attemptNo}`)).toBeTruthy();
    expect(cells.getByText(latencyText(h, attempt.latencyMs))).toBeTruthy();
    expect(
      cells.getByText(attempt.responseStatus === null ? h.t("callbacks.noAnswer") : String(attempt.responseStatus)),
    ).toBeTruthy();
    expect(
      (cells.getByRole("button", { name: h.t("callbacks.actions.redeliver") }) as HTMLButtonElement).disabled,
    ).toBe(false);
  },
  // Every field, the bodies whole with copy buttons.
  async expectDetail(h, row) {
    const attempt = row as CallbackAttempt;
    const dialog = await screen.findByRole("dialog", {
      name: h.t("callbacks.details.title", { attemptNo: attempt.attemptNo }),
    });
    const facts = within(dialog).getByTestId("callback-facts").textContent ?? "";
    for (const expected of [
      attempt.eventId,
      `${attempt.appName} (${attempt.appCode})`,
      attempt.url,
      h.t(`callbacks.result.${attempt.result}`),
      h.t(`callbacks.delivery.${attempt.deliveryStatus}`),
      latencyText(h, attempt.latencyMs),
      attempt.responseStatus === null ? (attempt.error ?? "") : String(attempt.responseStatus),
    ])
      expect(facts).toContain(expected);
    expect(within(dialog).getByTestId("callback-request-body").textContent).toBe(attempt.requestBody);
    if (attempt.responseBody)
      expect(within(dialog).getByTestId("callback-response-body").textContent).toBe(attempt.responseBody);
    for (const label of ["callbacks.details.copyEventId", "callbacks.details.copyRequest"])
      expect(within(dialog).getByRole("button", { name: h.t(label) })).toBeTruthy();
  },
  /** A test event sent and answered at once: the list is asked for again (`list.reload`). */
  async addRows(h, loading) {
    const before = listCalls(h);
    await h.user.click(screen.getByRole("button", { name: h.t("callbacks.test.open") }));
    const dialog = await screen.findByRole("dialog", { name: h.t("callbacks.test.title") });
    const select = within(dialog).queryByLabelText(h.t("callbacks.test.application"));
    if (select) await h.user.selectOptions(select, sampleApp.appCode);
    else await replaceText(h, within(dialog).getByLabelText(h.t("callbacks.search.appCode")), sampleApp.appCode);
    await h.user.click(within(dialog).getByRole("button", { name: h.t("callbacks.test.send") }));
    await within(dialog).findByTestId("test-answer");
    await waitFor(() => expect(listCalls(h)).toBe(before + 1));
    // The answer under way when the list was asked again is left unheard: its actor is gone.
    if (loading)
      await h.fake.settle("callbacks.list", {
        output: { items: [], pageSize: 10, nextCursor: null, previousCursor: null, total: 0, totalCapped: false },
      });
    const closes = within(dialog).getAllByRole("button", { name: h.t("callbacks.test.close") });
    await h.user.click(closes.at(-1) as HTMLElement);
    await expectNoDialog();
  },
};

export const listScreens: Readonly<Record<string, ListScreen>> = { bills: billScreen, callbacks: callbackScreen };
