import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { AppBill } from "../../../contracts/schemas/bills.ts";
import { formatDecimal, formatTokenAmount } from "../../../src/i18n/format.ts";
import type { ConsoleHarness } from "../../framework/render-console.tsx";
import { withinRow } from "../../framework/row-queries.ts";
import type { ListScreen } from "./list-screen.ts";

const progressText = (h: ConsoleHarness, bill: AppBill) =>
  h.t("bills.confirmations", { confirmations: bill.confirmations, required: bill.required });

/** Application bills: its rows with their confirmations, and the details dialog with the collection. */
export const billScreen: ListScreen = {
  path: "/bill/list",
  emptyHint: true,
  rowTestId: (key) => `bill-row-${key}`,
  async expectRow(h, row) {
    const bill = row as AppBill;
    const cells = withinRow(screen.getByTestId(`bill-row-${bill.billNo}`));
    await waitFor(() => expect(cells.getByText(h.t(`bills.status.${bill.status}`))).toBeTruthy());
    expect(cells.getByText(h.t(`bills.notice.${bill.noticeStatus}`))).toBeTruthy();
    // The amount (a collected bill's collection amount may be the same figure).
    expect(cells.getAllByText(formatTokenAmount(bill.amount, bill.currency, "en-US")).length).toBeGreaterThan(0);
    expect(cells.getByText(bill.appName)).toBeTruthy();
    // Which end customer paid, shown by default; its text may break at its punctuation.
    expect(cells.getAllByText((_, node) => node?.textContent === bill.endUserId).length).toBeGreaterThan(0);
    expect(cells.getByTitle(bill.txHash)).toBeTruthy();
    expect(cells.queryByText(progressText(h, bill))?.textContent ?? null).toBe(
      bill.status === "confirming" ? progressText(h, bill) : null,
    );
  },
  // Every field of the bill as the stream keeps it, hashes and addresses whole with copy buttons.
  async expectDetail(h, s) {
    const bill = s.context.detail as AppBill;
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
