// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { OrderListRequest } from "../../contracts/schemas/order.ts";
import { pageCountOf, pagingRequest } from "../../machines/lists/keyset-paging.ts";
import { type PayIntent, toOrderListRequest } from "../../machines/orders/order-list.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { formatUsdt } from "../../src/i18n/format.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { orderListModel } from "../models/order-list.model.ts";
import { expectBusy, expectNotRepeated, expectProblems, fill, pageWords } from "./form-steps.ts";
import { payDialogTitle } from "./order-pages.ts";
import { signedInAnswers } from "./signed-in.ts";

type H = ConsoleHarness & {
  fake: ControlledApi;
  payIntent: PayIntent | null;
  /** The page the screen showed at its last check: Next or Previous leads to the page asked for. */
  shownPage: number;
};

const listRegion = (h: H) => screen.getByRole("region", { name: h.t("orders.tableLabel") });
const row = (orderCode: string) => screen.getByTestId(`order-row-${orderCode}`);
const detailsDialog = (h: H, orderCode: string) =>
  screen.getByRole("dialog", { name: h.t("orders.details.title", { code: orderCode }) });
const lastListRequest = (h: H) =>
  h.fake.calls.filter((c) => c.method === "orders.list").at(-1)?.args[0] as OrderListRequest | undefined;

/** A date-time field takes its value as the browser's picker would set it. */
async function setDateTime(label: string, value: string) {
  const input = await screen.findByLabelText(label);
  fireEvent.change(input, { target: { value } });
}

runModel(orderListModel, {
  async start() {
    // The pay dialog (another flow's machine) asks for the chains and the balance and follows the order's stream:
    // no chain and a silent stream keep it waiting for the merchant to close it.
    const fake = createControlledApi(
      { loadOrders: "orders.list", loadOrderDetail: "orders.detail" },
      { ...signedInAnswers, "chains.list": async () => [], "orders.watch": () => () => {} },
    );
    const h = await renderConsole({
      url: "/order/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    await screen.findByRole("heading", { name: h.t("orders.title"), level: 1 });
    return Object.assign(h, { fake, payIntent: null, shownPage: 1 });
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "orders.search":
        await h.user.selectOptions(await screen.findByLabelText(h.t("orders.search.status")), e.status);
        await fill(h, h.t("orders.search.orderCode"), e.orderCode);
        await setDateTime(h.t("orders.search.startTime"), e.startTime);
        await setDateTime(h.t("orders.search.endTime"), e.endTime);
        return h.user.click(screen.getByRole("button", { name: h.t("orders.search.submit") }));
      case "orders.reset":
        return h.user.click(screen.getByRole("button", { name: h.t("orders.search.reset") }));
      case "orders.retry":
        return h.user.click(
          within(screen.getByTestId("orders-failed")).getByRole("button", { name: h.t("orders.retry") }),
        );
      case "orders.page":
        return h.user.click(
          screen.getByRole("button", {
            name: h.t(e.page > h.shownPage ? "orders.pagination.next" : "orders.pagination.previous"),
          }),
        );
      case "orders.pageSize":
        return h.user.selectOptions(screen.getByLabelText(h.t("orders.pagination.pageSize")), String(e.pageSize));
      case "order.details":
        return h.user.click(within(row(e.orderCode)).getByRole("button", { name: h.t("orders.actions.details") }));
      case "order.pay":
        h.payIntent = "pay";
        return h.user.click(within(row(e.orderCode)).getByRole("button", { name: h.t("orders.actions.pay") }));
      case "order.cancel":
        h.payIntent = "cancel";
        return h.user.click(within(row(e.orderCode)).getByRole("button", { name: h.t("orders.actions.cancel") }));
      case "details.retry":
        return h.user.click(
          within(screen.getByRole("dialog")).getByRole("button", { name: h.t("orders.details.retry") }),
        );
      case "details.close": {
        const closes = within(screen.getByRole("dialog")).getAllByRole("button", { name: h.t("orders.details.close") });
        return h.user.click(closes.at(-1) as HTMLElement);
      }
      case "payDialog.close":
        // Pay: the dialog's Close; cancel: the confirmation's "keep the order".
        if (h.payIntent === "cancel")
          await h.user.click(await screen.findByRole("button", { name: h.t("orderPayment.keepOrder") }));
        else {
          const dialog = await screen.findByRole("dialog", {
            name: new RegExp(`^${h.t("orderPayment.dialogTitle", { name: ".+", term: ".+" })}$`),
          });
          const closes = await within(dialog).findAllByRole("button", { name: h.t("orderPayment.close") });
          await waitFor(() => expect((closes.at(-1) as HTMLButtonElement).disabled).toBe(false));
          await h.user.click(closes.at(-1) as HTMLElement);
        }
        h.payIntent = null;
        return;
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { context } = s;
    h.shownPage = context.paging.page;
    // The details dialog is open in the details states only (Blueprint unmounts it after its closing transition).
    if (!s.matches("details")) await waitFor(() => expect(document.querySelector(".order-detail-dialog")).toBeNull());

    if (s.matches("loading")) {
      // Asked for what the machine asks for: the applied search, this page and size.
      await waitFor(() =>
        expect(lastListRequest(h)).toEqual(toOrderListRequest(context.search, pagingRequest(context.paging))),
      );
      await expectBusy(h.t("orders.search.submit"));
      if (!context.loaded)
        await waitFor(() => expect(screen.getByTestId("orders-loading").textContent).toBe(h.t("orders.loading")));
      else if (context.items.length > 0)
        await waitFor(() => expect(listRegion(h).getAttribute("aria-busy")).toBe("true"));
      else await waitFor(() => expect(screen.getByTestId("orders-empty").getAttribute("aria-busy")).toBe("true"));
      await expectProblems(h, context.fieldErrors, null);
      return;
    }
    if (s.matches("failed")) {
      await waitFor(() => expect(screen.getByTestId("orders-failed").textContent).toContain(h.t("orders.loadFailed")));
      expect(
        within(screen.getByTestId("orders-failed")).getByRole("button", { name: h.t("orders.retry") }),
      ).toBeTruthy();
      await expectProblems(h, context.fieldErrors, null);
      return;
    }
    if (s.matches("ready")) {
      await expectProblems(h, context.fieldErrors, null);
      if (context.items.length === 0) {
        const filtered = Object.values(context.search).some((v) => v !== "");
        await waitFor(() =>
          expect(screen.getByTestId("orders-empty").textContent).toBe(
            h.t(filtered ? "orders.emptyFiltered" : "orders.empty"),
          ),
        );
        return;
      }
      await waitFor(() => expect(listRegion(h).getAttribute("aria-busy")).toBeNull());
      const rows = within(screen.getByTestId("orders-table")).getAllByRole("row").slice(1);
      expect(rows.map((r) => r.getAttribute("data-testid"))).toEqual(
        context.items.map((o) => `order-row-${o.orderCode}`),
      );
      for (const order of context.items) {
        const cells = within(row(order.orderCode));
        expect(cells.getByText(h.t(`orders.status.${order.status}`))).toBeTruthy();
        expect(cells.getByText(formatUsdt(order.amount, "en-US"))).toBeTruthy();
        expect(Boolean(cells.queryByRole("button", { name: h.t("orders.actions.pay") }))).toBe(
          order.status === "pending" || order.status === "waiting",
        );
        expect(Boolean(cells.queryByRole("button", { name: h.t("orders.actions.cancel") }))).toBe(
          order.status === "pending",
        );
      }
      const { paging } = context;
      const pageCount = pageCountOf(paging.total, paging.pageSize);
      expect(screen.getByTestId("orders-summary").textContent).toBe(
        h.t("orders.pagination.summary", { count: paging.total, page: paging.page, pageCount }),
      );
      expect((screen.getByRole("button", { name: h.t("orders.pagination.next") }) as HTMLButtonElement).disabled).toBe(
        paging.nextCursor === null,
      );
      expect(
        (screen.getByRole("button", { name: h.t("orders.pagination.previous") }) as HTMLButtonElement).disabled,
      ).toBe(paging.previousCursor === null);
      expect((screen.getByLabelText(h.t("orders.pagination.pageSize")) as HTMLSelectElement).value).toBe(
        String(paging.pageSize),
      );
      return;
    }
    if (s.matches("details")) {
      const code = context.detailCode ?? "";
      const dialog = await screen.findByRole("dialog", { name: h.t("orders.details.title", { code }) });
      if (s.matches({ details: "loading" })) {
        await waitFor(() => expect(within(dialog).getByRole("status").textContent).toBe(h.t("orders.details.loading")));
        return;
      }
      if (s.matches({ details: "failed" })) {
        await waitFor(() =>
          expect(within(detailsDialog(h, code)).getByRole("alert").textContent).toContain(
            pageWords(h, context.detailFailure),
          ),
        );
        if (context.detailFailure) expectNotRepeated(h, context.detailFailure);
        return;
      }
      const detail = context.detail;
      if (!detail) throw new Error("details.ready without a detail");
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
        h.t(`orders.status.${detail.status}`),
        h.t(`orders.upgrade.${detail.upgrade}`),
      ])
        expect(facts).toContain(expected);
      const transfers = within(detailsDialog(h, code)).getByTestId("order-transfers").textContent ?? "";
      const transfer = detail.transfers[0];
      expect(transfers).toContain(transfer?.txHash);
      expect(transfers).toContain(
        h.t("orders.details.confirmationsValue", {
          confirmations: transfer?.confirmations,
          required: transfer?.required,
        }),
      );
      return;
    }
    // paying: the pay dialog of the other flow is open for this order (at its cancel confirmation when cancelling).
    const target = context.payTarget;
    if (!target) throw new Error("paying without a target");
    if (target.intent === "cancel")
      await screen.findByText(h.t("orderPayment.cancelQuestion", { code: target.order.orderCode }));
    else {
      const dialog = await screen.findByRole("dialog", { name: payDialogTitle(h, target.order) });
      // The title says what is bought; the order's code is under it.
      expect(within(dialog).getByTestId("pay-order-code").textContent).toBe(
        h.t("orderPayment.orderCode", { code: target.order.orderCode }),
      );
    }
  },
  stop: (h) => h.cleanup(),
});
