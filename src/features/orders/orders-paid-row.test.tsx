// @vitest-environment happy-dom
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withinRow } from "../../../model-tests/framework/row-queries.ts";
import "../../../model-tests/framework/setup.ts";
import { createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";
import { orderPageAnswers, type Watch } from "../../../model-tests/harnesses/order-pages.ts";
import { loginResult, storedUser } from "../../../model-tests/models/fixtures.ts";
import { detailOf, paidOrder, payOptions, seenOrder, wallet } from "../../../model-tests/models/order-fixtures.ts";
import { storageKeys } from "../../api/session-storage.ts";

/**
 * Issue 68, item 6: on My orders, a payment seen confirming invites no second payment, and once it is paid the row
 * behind the dialog says so at once; the notice does not ask to go to My orders, where the merchant already is.
 */
describe("My orders' pay dialog", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("waits for a confirming payment, then shows the row paid behind a notice that only closes", async () => {
    const watches: Watch[] = [];
    const page = {
      items: [seenOrder],
      pageSize: 10,
      nextCursor: null,
      previousCursor: null,
      total: 1,
      totalCapped: false,
    };
    const fake = createControlledApi([], {
      ...orderPageAnswers(watches),
      "orders.list": async () => page,
      "currencies.list": async () => payOptions.chains,
      "wallet.userWallet": async ({ product }) => wallet(product),
      "orders.detail": async () => detailOf(seenOrder),
    });
    h = await renderConsole({
      url: "/order/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    const harness = h;
    const row = await screen.findByTestId(`order-row-${seenOrder.orderCode}`, {}, { timeout: 5000 });
    await harness.user.click(withinRow(row).getByRole("button", { name: harness.t("orders.actions.pay") }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });

    // Seen, confirming: nothing more to send, and the ways to pay are held with the reason.
    await within(dialog).findByTestId("pay-wait-confirming", {}, { timeout: 5000 });
    expect(within(dialog).getByTestId("pay-nothing-owed")).toBeTruthy();
    expect(within(dialog).queryByTestId("pay-qr")).toBeNull();
    const devPay = within(dialog).getByRole("button", { name: harness.t("orderPayment.devPay") });
    expect(devPay.hasAttribute("disabled")).toBe(true);

    // Paid: the row behind shows it while the notice is open; the notice has one button, Close.
    await act(() => watches.at(-1)?.handlers.onEvent(paidOrder));
    const notice = await screen.findByRole("alertdialog", {}, { timeout: 5000 });
    expect(within(notice).queryByRole("button", { name: harness.t("orderPayment.goToOrdersYes") })).toBeNull();
    await waitFor(() =>
      expect(
        withinRow(screen.getByTestId(`order-row-${seenOrder.orderCode}`)).getByText(harness.t("orders.status.paid")),
      ).toBeTruthy(),
    );
    await harness.user.click(within(notice).getByRole("button", { name: harness.t("orderPayment.close") }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });
});
