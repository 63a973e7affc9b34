// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { rowCells, withinRow } from "../../../model-tests/framework/row-queries.ts";
import "../../../model-tests/framework/setup.ts";
import type { Order } from "../../../contracts/schemas/orders.ts";
import { createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";
import { orderPageAnswers } from "../../../model-tests/harnesses/order-pages.ts";
import { loginResult, storedUser } from "../../../model-tests/models/fixtures.ts";
import { detailOf, paidOrder, pendingOrder, pro } from "../../../model-tests/models/order-fixtures.ts";
import { storageKeys } from "../../api/session-storage.ts";

/** An upgrade to Pro, a quarter, paid after a prorated credit for the unused part of Basic. */
const upgradeOrder: Order = {
  ...paidOrder,
  orderCode: "2026050100000009",
  packageId: pro.id,
  packageCode: pro.code,
  packageName: pro.name,
  termUnit: "quarter",
  termCount: 1,
  termMonths: 3,
  price: "100.000000",
  credit: "50.006127",
  amount: "49.993873",
  received: "49.993873",
  remaining: "0.000000",
};

const amountIn = (scope: HTMLElement, exact: string) =>
  rowCells(scope)
    .flatMap((cell) => [...cell.querySelectorAll(".usdt-amount")])
    .find((e) => e.textContent === exact) ?? null;

/** Issue 68, item 11: My orders says a term with its unit, and an upgrade's odd figures as money, exact. */
describe("My orders' figures", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("reads a term with its unit, and an upgrade's amounts to the cent with the token's finer digits apart", async () => {
    const fake = createControlledApi([], {
      ...orderPageAnswers([]),
      "orders.list": async () => ({
        items: [upgradeOrder, pendingOrder],
        pageSize: 10,
        nextCursor: null,
        previousCursor: null,
        total: 2,
        totalCapped: false,
      }),
      "orders.detail": async () => detailOf(upgradeOrder),
    });
    h = await renderConsole({
      url: "/order/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    const harness = h;
    const basicRow = await screen.findByTestId(`order-row-${pendingOrder.orderCode}`, {}, { timeout: 5000 });
    await waitFor(() => expect(withinRow(basicRow).getByText("1 month")).toBeTruthy());
    const upgradeRow = screen.getByTestId(`order-row-${upgradeOrder.orderCode}`);
    expect(withinRow(upgradeRow).getByText("3 months")).toBeTruthy();

    // The exact figure is the amount's text; the digits past the cent are set apart from the money read first.
    const paid = amountIn(upgradeRow, "49.993873 USDT");
    expect(paid?.querySelector(".usdt-finer")?.textContent).toBe("3873");
    expect(amountIn(basicRow, "29.00 USDT")?.querySelector(".usdt-finer")).toBeNull();

    await harness.user.click(withinRow(upgradeRow).getByRole("button", { name: harness.t("orders.actions.details") }));
    const facts = await screen.findByTestId("order-facts", {}, { timeout: 5000 });
    expect(amountIn(facts, "100.00 USDT")).not.toBeNull();
    expect(amountIn(facts, "50.006127 USDT")?.querySelector(".usdt-finer")?.textContent).toBe("6127");
    expect(amountIn(facts, "49.993873 USDT")?.querySelector(".usdt-finer")?.textContent).toBe("3873");
  });
});
