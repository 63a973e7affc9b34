import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { OpenWithdrawal } from "../../../contracts/schemas/open-api.ts";
import { formatUsdt } from "../../../src/i18n/format.ts";
import type { ListScreen } from "./list-screen.ts";

const listCalls = (h: Parameters<NonNullable<ListScreen["addRows"]>>[0]) =>
  h.fake.calls.filter((c) => c.method === "wallet.withdrawals").length;

/** My wallet's withdrawals: amount, fee, destination and state; the transaction behind Columns; Refresh asks again. */
export const withdrawalScreen: ListScreen = {
  path: "/wallet/list",
  title: "wallet.title",
  listMethod: "wallet.withdrawals",
  emptyHint: true,
  rowTestId: (key) => `withdrawal-row-${key}`,
  async expectRow(h, row) {
    const withdrawal = row as OpenWithdrawal;
    const cells = within(screen.getByTestId(`withdrawal-row-${withdrawal.id}`));
    await waitFor(() => expect(cells.getByText(h.t(`withdrawals.status.${withdrawal.status}`))).toBeTruthy());
    expect(cells.getByText(formatUsdt(withdrawal.amount, "en-US"))).toBeTruthy();
    expect(cells.getByText(formatUsdt(withdrawal.fee, "en-US"))).toBeTruthy();
    expect(cells.queryByText(h.t("withdrawals.waiting.treasury")) !== null).toBe(withdrawal.waiting === "treasury");
    expect(
      cells.getByText((_, node) => node?.textContent === withdrawal.to && node.hasAttribute("data-value")),
    ).toBeTruthy();
  },
  async expectDetail() {
    throw new Error("a withdrawal has no details dialog");
  },
  /** Refresh on the balance: the wallet and its withdrawals are asked for again. */
  async addRows(h, loading) {
    const before = listCalls(h);
    await h.user.click(screen.getByRole("button", { name: h.t("wallet.reload") }));
    await waitFor(() => expect(listCalls(h)).toBe(before + (loading ? 0 : 1)));
  },
};
