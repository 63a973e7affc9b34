// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withinRow } from "../../../model-tests/framework/row-queries.ts";
import "../../../model-tests/framework/setup.ts";
import { createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";
import { orderPageAnswers } from "../../../model-tests/harnesses/order-pages.ts";
import { loginResult, storedUser } from "../../../model-tests/models/fixtures.ts";
import { sampleDetail, sampleOrders } from "../../../model-tests/models/order-list-fixtures.ts";
import { payOptions, wallet } from "../../../model-tests/models/order-fixtures.ts";
import { storageKeys } from "../../api/session-storage.ts";

describe("My orders' rows", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("are a data grid named by the list: each row owns its cells, Details, Pay and Cancel right after its code", async () => {
    const fake = createControlledApi([], {
      ...orderPageAnswers([]),
      "orders.list": async () => ({
        items: sampleOrders,
        pageSize: 10,
        nextCursor: null,
        previousCursor: null,
        total: sampleOrders.length,
        totalCapped: false,
      }),
      "orders.detail": async ({ orderCode }) => sampleDetail(orderCode),
      "currencies.list": async () => payOptions.chains,
      "wallet.userWallet": async ({ product }) => wallet(product),
    });
    h = await renderConsole({
      url: "/order/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    const harness = h;
    const grid = await screen.findByRole("grid", { name: harness.t("orders.tableLabel") });
    const [pending, waiting] = sampleOrders;
    if (!pending || !waiting) throw new Error("no sample orders");
    const row = await screen.findByTestId(`order-row-${pending.orderCode}`);
    expect(grid.contains(row)).toBe(true);
    expect(row.getAttribute("role")).toBe("row");
    const headers = [...screen.getByTestId("orders-table").querySelectorAll(".list-grid-label")];
    expect(headers.slice(0, 2).map((header) => header.textContent)).toEqual([
      harness.t("orders.columns.orderCode"),
      harness.t("orders.columns.operations"),
    ]);
    const cells = withinRow(row);
    await waitFor(() => expect(cells.getByText(harness.t("orders.status.pending"))).toBeTruthy());
    // The row's first cell names it.
    const first = document.getElementById(row.getAttribute("aria-owns")?.split(" ")[0] ?? "");
    expect([first?.getAttribute("role"), first?.textContent]).toEqual(["rowheader", pending.orderCode]);
    for (const action of ["pay", "cancel"] as const)
      expect(cells.getByRole("button", { name: harness.t(`orders.actions.${action}`) })).toBeTruthy();
    expect(
      withinRow(screen.getByTestId(`order-row-${waiting.orderCode}`)).queryByRole("button", {
        name: harness.t("orders.actions.cancel"),
      }),
    ).toBeNull();
    await harness.user.click(cells.getByRole("button", { name: harness.t("orders.actions.details") }));
    await screen.findByTestId("order-facts");
  });
});
