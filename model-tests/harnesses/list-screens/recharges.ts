import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { RechargeBill } from "../../../contracts/schemas/recharges.ts";
import { formatDateTime, formatUsdt } from "../../../src/i18n/format.ts";
import type { ListScreen } from "./list-screen.ts";

/** Recharge bills: when, how much, why (and reversed), its order; every field in the details dialog, from the row. */
export const rechargeScreen: ListScreen = {
  path: "/rechargeBill/list",
  emptyHint: true,
  rowTestId: (key) => `recharge-row-${key}`,
  async expectRow(h, row) {
    const recharge = row as RechargeBill;
    const cells = within(screen.getByTestId(`recharge-row-${recharge.billNo}`));
    const why = h.t(`recharges.reason.${recharge.reason}`);
    const reversed = recharge.status === "reversed" ? ` · ${h.t("recharges.status.reversed")}` : "";
    await waitFor(() => expect(cells.getByText(`${why}${reversed}`)).toBeTruthy());
    expect(cells.getByText(formatUsdt(recharge.amount, "en-US"))).toBeTruthy();
    expect(cells.getByText(recharge.orderCode ?? h.t("recharges.none"))).toBeTruthy();
    // The addresses and the transaction are behind Columns (and whole in the details dialog).
    expect(cells.queryByText(recharge.txHash)).toBeNull();
  },
  async expectDetail(h, s) {
    const recharge = s.context.detail as RechargeBill;
    const dialog = await screen.findByRole("dialog", {
      name: h.t("recharges.details.title", { billNo: recharge.billNo }),
    });
    const facts = within(dialog).getByTestId("recharge-facts").textContent ?? "";
    for (const expected of [
      recharge.billNo,
      h.t(`recharges.reason.${recharge.reason}`),
      h.t(`recharges.status.${recharge.status}`),
      recharge.paymentAddress,
      recharge.fromAddress,
      recharge.txHash,
      recharge.blockNumber,
      `${recharge.chain} (${recharge.chainId})`,
      formatUsdt(recharge.amount, "en-US"),
      formatDateTime(recharge.payTime, "en-US"),
      h.t("recharges.details.notCollected"),
    ])
      expect(facts).toContain(expected);
    for (const label of ["recharges.details.copyPaymentAddress", "recharges.details.copyTxHash"])
      expect(within(dialog).getByRole("button", { name: h.t(label) })).toBeTruthy();
  },
};
