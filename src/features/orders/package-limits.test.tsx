// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { PackageLimits } from "../../../contracts/schemas/packages.ts";
import { storageKeys } from "../../api/session-storage.ts";
import "../../../model-tests/framework/setup.ts";
import { createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";
import { orderPageAnswers } from "../../../model-tests/harnesses/order-pages.ts";
import { loginResult, storedUser } from "../../../model-tests/models/fixtures.ts";
import { packages, payOptions, pendingOrder, wallet } from "../../../model-tests/models/order-fixtures.ts";

// Issue 68: every limit a package has is said in a merchant's words before buying: its count in what it counts, and
// a line saying what it means (the package cards and the pay dialog).

const resources = ["wallets", "currencies", "applications"] as const;

/** What the merchant reads for each of the package's limits: the count in words, then what it means. */
function expectLimitsSaid(h: ConsoleHarness, where: HTMLElement, limits: PackageLimits) {
  for (const resource of resources) {
    const limit = limits[resource];
    const line = within(where).getByTestId(`limit-${resource}`).textContent ?? "";
    const label =
      limit === null
        ? h.t(`packageLimits.${resource}.unlimited`)
        : h.t(`packageLimits.${resource}.count`, { count: limit });
    expect(line).toContain(label);
    expect(line).toContain(h.t(`packageLimits.${resource}.${limit === null ? "hintUnlimited" : "hint"}`));
  }
}

describe("package limits before buying", () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("says on every package card what each limit is and means, and again in the pay dialog of the order", async () => {
    const fake = createControlledApi([], {
      ...orderPageAnswers([]),
      "orders.packages": async () => packages,
      "orders.create": async () => pendingOrder,
      "currencies.list": async () => payOptions.chains,
      "wallet.userWallet": async ({ product }) => wallet(product),
    });
    h = await renderConsole({
      url: "/order/buy",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    const harness = h;
    await screen.findByRole("heading", { name: harness.t("orderPayment.buyTitle") }, { timeout: 5000 });
    await waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(packages.length));
    for (const p of packages) expectLimitsSaid(harness, screen.getByTestId(`package-${p.code}`), p.limits);
    // Basic's three customer deposit addresses, as the merchant reads them.
    expect(screen.getByTestId("package-basic").textContent).toContain("3 customer deposit addresses");

    await harness.user.click(screen.getByRole("radio", { name: harness.t("packages.names.basic") }));
    await harness.user.click(screen.getByRole("button", { name: harness.t("orderPayment.createOrder") }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getByTestId("pay-limits")).toBeTruthy());
    expectLimitsSaid(harness, within(dialog).getByTestId("pay-limits"), pendingOrder.limits);
  });
});
