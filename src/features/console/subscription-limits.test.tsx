// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../../model-tests/framework/setup.ts";
import type { ConsoleHarness } from "../../../model-tests/framework/render-console.tsx";
import { renderSignedIn } from "../../../model-tests/harnesses/signed-in.ts";
import { subscription } from "../../../model-tests/models/order-fixtures.ts";

// Issue 68: the console home's resource check says what each of the package's limits counts and means.

describe("the console home's package card", () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("names each limit in a merchant's words, with its use and a line saying what it means", async () => {
    const signedIn = await renderSignedIn({ loadSubscription: "orders.subscription" });
    h = signedIn;
    await waitFor(() => expect(signedIn.fake.calls.some((c) => c.method === "orders.subscription")).toBe(true));
    await signedIn.fake.settle("orders.subscription", { output: subscription });
    const card = screen.getByTestId("subscription-card");
    const pack = subscription.package;
    if (!pack) throw new Error("the fixture has a package");
    await waitFor(() => expect(within(card).getByTestId("subscription-package").textContent).toBe(pack.name));
    for (const resource of ["wallets", "currencies", "applications"] as const) {
      const line = within(card).getByTestId(`usage-${resource}`).textContent ?? "";
      expect(line).toContain(signedIn.t(`subscription.resources.${resource}`));
      expect(line).toContain(signedIn.t(`packageLimits.${resource}.hint`));
    }
    expect(within(card).getByTestId("usage-wallets").textContent).toContain("Customer deposit addresses in use");
    // The line reads: what is counted, how much of the limit is used, what the limit means (as e2e/my-currencies reads it).
    expect(within(card).getByTestId("usage-currencies").textContent).toBe(
      "Currencies accepted in My currencies3 of 20The coins and tokens you accept, turned on in My currencies; turn one off to accept another.",
    );
  });
});
