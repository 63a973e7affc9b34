import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { TransactionRecord } from "../../../contracts/schemas/transactions.ts";
import { formatDateTime, formatUsdt } from "../../../src/i18n/format.ts";
import { withinRow } from "../../framework/row-queries.ts";
import type { ListScreen } from "./list-screen.ts";

const signed = (amount: string) =>
  amount.startsWith("-") ? formatUsdt(amount, "en-US") : `+${formatUsdt(amount, "en-US")}`;

/** Transaction records: what moved, signed, and its order; the details dialog with the journal's lines, from the row. */
export const transactionScreen: ListScreen = {
  path: "/transactions/list",
  emptyHint: true,
  rowTestId: (key) => `transaction-row-${key}`,
  async expectRow(h, row) {
    const record = row as TransactionRecord;
    const cells = withinRow(screen.getByTestId(`transaction-row-${record.id}`));
    await waitFor(() => expect(cells.getByText(h.t(`transactions.kind.${record.kind}`))).toBeTruthy());
    expect(cells.getByText(signed(record.amount))).toBeTruthy();
    // An order's code, or "none" (which the state column may show as well).
    if (record.orderCode) expect(cells.getByText(record.orderCode)).toBeTruthy();
    else expect(cells.getAllByText(h.t("transactions.none")).length).toBeGreaterThan(0);
    // The state column, shown by default: a withdrawal's step and its confirmations while they count.
    const counting =
      record.confirmations !== null &&
      record.requiredConfirmations !== null &&
      record.confirmations < record.requiredConfirmations;
    const state = [
      ...(record.withdrawalStatus ? [h.t(`withdrawals.status.${record.withdrawalStatus}`)] : []),
      ...(counting
        ? [
            h.t("transactions.confirmationsCount", {
              confirmations: record.confirmations,
              required: record.requiredConfirmations,
            }),
          ]
        : []),
    ].join(" · ");
    if (state) expect(cells.getAllByText(state).length).toBeGreaterThan(0);
  },
  async expectDetail(h, s) {
    const record = s.context.detail as TransactionRecord;
    const dialog = await screen.findByRole("dialog", { name: h.t("transactions.details.title", { id: record.id }) });
    const facts = within(dialog).getByTestId("transaction-facts").textContent ?? "";
    for (const expected of [
      h.t(`transactions.kind.${record.kind}`),
      signed(record.amount),
      formatDateTime(record.createdAt, "en-US"),
      record.chain ?? "",
      record.txHash ?? h.t("transactions.none"),
      // Its confirmations while they count, as the live stream last sent them.
      record.confirmations === null
        ? ""
        : h.t("transactions.confirmationsCount", {
            confirmations: record.confirmations,
            required: record.requiredConfirmations,
          }),
    ])
      expect(facts).toContain(expected);
    const lines = within(within(dialog).getByTestId("transaction-lines")).getAllByRole("row").slice(1);
    expect(lines.map((line) => line.textContent)).toEqual(
      record.lines.map((line) => `${h.t(`transactions.account.${line.account}`)}${signed(line.amount)}`),
    );
  },
};
