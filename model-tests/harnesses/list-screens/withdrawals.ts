import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { WalletWithdrawal } from "../../../contracts/schemas/wallet.ts";
import { formatUsdt } from "../../../src/i18n/format.ts";
import { withdrawalCounting } from "../../models/transaction-fixtures.ts";
import type { ListScreen } from "./list-screen.ts";

const listCalls = (h: Parameters<NonNullable<ListScreen["addRows"]>>[0]) =>
  h.fake.calls.filter((c) => c.method === "wallet.withdrawals").length;

/**
 * My wallet's withdrawals: amount, fee, destination and state with its confirmations while they count; the transaction
 * behind Columns; Refresh asks again, and so does the live stream.
 */
export const withdrawalScreen: ListScreen = {
  path: "/wallet/list",
  title: "wallet.title",
  listMethod: "wallet.withdrawals",
  emptyHint: true,
  rowTestId: (key) => `withdrawal-row-${key}`,
  async expectRow(h, row) {
    const withdrawal = row as WalletWithdrawal;
    const cells = within(screen.getByTestId(`withdrawal-row-${withdrawal.id}`));
    await waitFor(() => expect(cells.getByText(h.t(`withdrawals.status.${withdrawal.status}`))).toBeTruthy());
    expect(cells.getByText(formatUsdt(withdrawal.amount, "en-US"))).toBeTruthy();
    expect(cells.getByText(formatUsdt(withdrawal.fee, "en-US"))).toBeTruthy();
    expect(cells.queryByText(h.t("withdrawals.waiting.treasury")) !== null).toBe(withdrawal.waiting === "treasury");
    // Its confirmations while they count, none once paid.
    const { confirmations, requiredConfirmations: required } = withdrawal;
    expect(cells.queryByTestId("withdrawal-confirmations")?.textContent ?? null).toBe(
      confirmations !== null && required !== null && confirmations < required
        ? h.t("withdrawals.confirming", { confirmations, required })
        : null,
    );
    expect(
      cells.getByText((_, node) => node?.textContent === withdrawal.to && node.hasAttribute("data-value")),
    ).toBeTruthy();
  },
  async expectDetail() {
    throw new Error("a withdrawal has no details dialog");
  },
  /** The wallet's live stream: a withdrawal's record, sent and counting (the list is asked for again). */
  streamed: withdrawalCounting,
  /** Refresh on the balance: the wallet and its withdrawals are asked for again. */
  async addRows(h, loading) {
    const before = listCalls(h);
    await h.user.click(screen.getByRole("button", { name: h.t("wallet.reload") }));
    await waitFor(() => expect(listCalls(h)).toBe(before + (loading ? 0 : 1)));
  },
};
