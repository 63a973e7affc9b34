import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { Order, OrderDetail } from "../../../contracts/schemas/orders.ts";
import { formatUsdt } from "../../../src/i18n/format.ts";
import { shownStatusOf } from "../../../machines/orders/order-list-selectors.ts";
import type { ConsoleHarness } from "../../framework/render-console.tsx";
import { withinRow } from "../../framework/row-queries.ts";
import { expectNotRepeated, pageWords } from "../form-steps.ts";
import { payDialogTitle } from "../order-pages.ts";
import type { ListScreen } from "./list-screen.ts";

/** The status as the row and the details show it: a free trial reads "Started (free)", never "Paid". */
const statusText = (h: ConsoleHarness, order: Order) => {
  const shown = shownStatusOf(order);
  return shown === "startedFree" ? h.t("orders.startedFree") : h.t(`orders.status.${shown}`);
};

const detailsDialog = (h: ConsoleHarness, orderCode: string) =>
  screen.getByRole("dialog", { name: h.t("orders.details.title", { code: orderCode }) });

/** My orders: its rows with Pay and Cancel, the loaded details, and the pay dialog they open. */
export const orderScreen: ListScreen = {
  path: "/order/list",
  emptyHint: false,
  rowTestId: (key) => `order-row-${key}`,
  async expectRow(h, row) {
    const order = row as Order;
    const cells = withinRow(screen.getByTestId(`order-row-${order.orderCode}`));
    expect(cells.getByText(statusText(h, order))).toBeTruthy();
    expect(cells.getByText(formatUsdt(order.amount, "en-US"))).toBeTruthy();
    expect(Boolean(cells.queryByRole("button", { name: h.t("orders.actions.pay") }))).toBe(
      order.status === "pending" || order.status === "waiting",
    );
    expect(Boolean(cells.queryByRole("button", { name: h.t("orders.actions.cancel") }))).toBe(
      order.status === "pending",
    );
  },
  // Loading, refused with Retry, or the order's facts and the transfers that paid it.
  async expectDetail(h, s) {
    const { context } = s;
    const code = context.detailKey ?? "";
    const dialog = await screen.findByRole("dialog", { name: h.t("orders.details.title", { code }) });
    if (s.matches({ list: { details: "loading" } })) {
      await waitFor(() => expect(within(dialog).getByRole("status").textContent).toBe(h.t("orders.details.loading")));
      return;
    }
    if (s.matches({ list: { details: "failed" } })) {
      await waitFor(() =>
        expect(within(detailsDialog(h, code)).getByRole("alert").textContent).toContain(
          pageWords(h, context.detailFailure),
        ),
      );
      if (context.detailFailure) expectNotRepeated(h, context.detailFailure);
      return;
    }
    const detail = context.detail as OrderDetail;
    await waitFor(() => expect(within(detailsDialog(h, code)).getByTestId("order-facts")).toBeTruthy());
    const facts = within(detailsDialog(h, code)).getByTestId("order-facts").textContent ?? "";
    for (const expected of [
      h.t("orders.details.product"),
      detail.packageName,
      h.t(`orders.term.${detail.termUnit}`, { count: detail.termCount }),
      h.t("orders.details.market"),
      `${detail.transfers[0]?.product} (${detail.transfers[0]?.chainId})`,
      detail.orderCode,
      formatUsdt(detail.amount, "en-US"),
      statusText(h, detail),
      h.t(`orders.upgrade.${detail.upgrade}`),
    ])
      expect(facts).toContain(expected);
    // What the package allows, each limit with what it means.
    for (const resource of ["wallets", "currencies", "applications"] as const) {
      const limit = detail.limits[resource];
      expect(facts).toContain(
        limit === null
          ? h.t(`packageLimits.${resource}.unlimited`)
          : h.t(`packageLimits.${resource}.count`, { count: limit }),
      );
      expect(facts).toContain(h.t(`packageLimits.${resource}.${limit === null ? "hintUnlimited" : "hint"}`));
    }
    const transfers = within(detailsDialog(h, code)).getByTestId("order-transfers").textContent ?? "";
    const transfer = detail.transfers[0];
    expect(transfers).toContain(transfer?.txHash);
    expect(transfers).toContain(
      h.t("orders.details.confirmationsValue", {
        confirmations: transfer?.confirmations,
        required: transfer?.required,
      }),
    );
  },
  // The pay dialog of the other flow is open for this order (at its cancel confirmation when cancelling).
  async expectActing(h, s) {
    const { acting, items } = s.context;
    const order = (items as Order[]).find((row) => row.orderCode === acting?.key) as Order;
    if (acting?.action === "cancel")
      await screen.findByText(h.t("orderPayment.cancelQuestion", { code: order.orderCode }));
    else {
      const dialog = await screen.findByRole("dialog", { name: payDialogTitle(h, order) });
      // The title says what is bought; the order's code is under it.
      expect(within(dialog).getByTestId("pay-order-code").textContent).toBe(
        h.t("orderPayment.orderCode", { code: order.orderCode }),
      );
    }
  },
  // Pay: the dialog's Close; cancel: the confirmation's "keep the order".
  async finishAction(h, action) {
    if (action === "cancel") {
      await h.user.click(await screen.findByRole("button", { name: h.t("orderPayment.keepOrder") }));
      return;
    }
    const dialog = await screen.findByRole("dialog", {
      name: new RegExp(`^${h.t("orderPayment.dialogTitle", { name: ".+", term: ".+" })}$`),
    });
    const closes = await within(dialog).findAllByRole("button", { name: h.t("orderPayment.close") });
    await waitFor(() => expect((closes.at(-1) as HTMLButtonElement).disabled).toBe(false));
    await h.user.click(closes.at(-1) as HTMLElement);
  },
};
