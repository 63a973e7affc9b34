import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { formatUsdt } from "../../src/i18n/format.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { packageCatalogueModel } from "../models/package-catalogue.model.ts";

type H = ConsoleHarness & { fake: ControlledApi; loads: number };

const cell = (item: string) => screen.getByTestId(`pack-${item}`);

runModel(packageCatalogueModel, {
  async start() {
    const fake = createControlledApi({ loadCatalogue: "orders.packages" });
    const h = await renderConsole({ url: "/products/enterprise-pack", api: fake.api });
    await screen.findByRole("heading", { level: 1, name: h.t("enterprise.title") }, { timeout: 5000 });
    return Object.assign(h, { fake, loads: 1 });
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, event) {
    if (event.type !== "catalogue.retry") unmapped(event);
    await h.user.click(screen.getByRole("button", { name: h.t("enterprise.retry") }));
    h.loads += 1;
  },
  async expectScreen(h: H, s) {
    // Asked once when the page opens (without a session: the price list is public), and once more per retry.
    await waitFor(() => expect(h.fake.calls.filter((c) => c.method === "orders.packages")).toHaveLength(h.loads));
    // Whatever the catalogue says, how it is paid is the product's.
    expect(cell("payment").textContent).toBe(h.t("enterprise.items.payment.value"));
    if (s.matches("loading")) {
      await waitFor(() => expect(cell("price").getAttribute("aria-busy")).toBe("true"));
      expect(cell("price").textContent).toBe(h.t("enterprise.loading"));
      return;
    }
    const pack = s.context.packages?.find((p) => p.kind === "enterprise");
    if (s.matches("failed") || !pack) {
      const say = s.matches("failed") ? "enterprise.loadFailed" : "enterprise.notOnSale";
      await waitFor(() => expect(document.body.textContent).toContain(h.t(say)));
      expect(cell("price").textContent).toBe(h.t("enterprise.unknown"));
      expect(screen.queryByRole("button", { name: h.t("enterprise.retry") }) !== null).toBe(s.matches("failed"));
      return;
    }
    await waitFor(() => expect(cell("price").textContent).toBe(formatUsdt(pack.price, "en-US")));
    expect(cell("term").textContent).toBe("1 year from the day it is paid");
    // Each limit says what it means beneath its value.
    for (const [item, resource] of [
      ["wallets", "wallets"],
      ["currencies", "currencies"],
      ["apps", "applications"],
    ] as const)
      expect(cell(item).textContent).toBe(`Unlimited${h.t(`packageLimits.${resource}.hintUnlimited`)}`);
    expect(cell("price").getAttribute("aria-busy")).toBeNull();
  },
  stop: (h) => h.cleanup(),
});
