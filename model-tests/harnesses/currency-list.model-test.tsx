import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { createControlledApi, type ControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { currencyListModel } from "../models/currency-list.model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { signedInAnswers } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ControlledApi; loads: number };

const refresh = (h: H) => screen.getByRole("button", { name: h.t("currencies.reload") });
const rows = () => document.querySelectorAll<HTMLElement>("[data-testid^='currency-row-']");

/** The Currency list of the sample merchant, its currencies answered by the path. */
async function start(): Promise<H> {
  const fake = createControlledApi({ loadCurrencies: "currencies.currencies" }, signedInAnswers);
  const h = await renderConsole({
    url: "/currencybill/list",
    api: fake.api,
    storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
  });
  await screen.findByRole("heading", { level: 1, name: h.t("currencies.title") });
  return Object.assign(h, { fake, loads: 1 });
}

runModel(currencyListModel, {
  start,
  fakeApi: (h: H) => h.fake,
  async perform(h: H, event) {
    if (event.type === "currencies.reload") await h.user.click(refresh(h));
    else if (event.type === "currencies.retry")
      await h.user.click(
        within(screen.getByTestId("currencies-failed")).getByRole("button", { name: h.t("currencies.retry") }),
      );
    else unmapped(event);
    h.loads += 1;
  },
  async expectScreen(h: H, s) {
    // Asked once when the page opens, and once more per retry or refresh.
    await waitFor(() => expect(h.fake.calls.filter((c) => c.method === "currencies.currencies")).toHaveLength(h.loads));
    const { currencies } = s.context;
    if (s.matches("failed")) {
      await screen.findByTestId("currencies-failed");
      expect(screen.getByTestId("currencies-failed").textContent).toContain(h.t("currencies.loadFailed"));
      expect(refresh(h)).toHaveProperty("disabled", true);
      return;
    }
    if (s.matches("loading") && !s.context.loaded) {
      await screen.findByTestId("currencies-loading");
      expect(refresh(h)).toHaveProperty("disabled", true);
      return;
    }
    if (currencies.length === 0) {
      // An empty answer stays on screen, marked busy, while the list loads again.
      const empty = await screen.findByTestId("currencies-empty");
      expect(empty.textContent).toContain(h.t("currencies.empty"));
      await waitFor(() => expect(empty.getAttribute("aria-busy")).toBe(s.matches("loading") ? "true" : null));
      return;
    }
    await waitFor(() => expect(rows()).toHaveLength(currencies.length));
    const [coin, token, elsewhere] = [...rows()].map((row) => row.textContent ?? "");
    expect(coin).toContain("Devnet Ether");
    expect(coin).toContain(h.t("currencies.type.main"));
    // Never credited: it says so, and has no time to arrive in.
    expect(coin).toContain(h.t("currencies.status.feesOnly"));
    expect(coin).toContain(h.t("currencies.feesOnly"));
    expect(coin).not.toContain(h.t("currencies.arrival", { seconds: 2, count: 2 }));
    expect(token).toContain(h.t("currencies.status.credited"));
    expect(token).toContain("0x5FbD…0aa3");
    expect(token).toContain(h.t("currencies.arrivalUnmeasured", { count: 2 }));
    expect(elsewhere).toContain("TRON");
    expect(elsewhere).toContain(h.t("currencies.status.notConfigured"));
    // Copy for a token's contract, none for a main coin.
    const copy = (row: HTMLElement) => within(row).queryAllByRole("button", { name: /./ });
    expect(copy(rows()[0]!)).toHaveLength(0);
    expect(copy(rows()[1]!).map((b) => b.getAttribute("aria-label"))).toEqual([
      h.t("currencies.copyContract", { symbol: "USDT", chain: "Devnet" }),
    ]);
    expect(screen.getByTestId("currencies-summary").textContent).toBe(
      h.t("currencies.summary", { count: 1, chains: 1 }),
    );
    const reloading = s.matches("loading");
    await waitFor(() => expect(refresh(h)).toHaveProperty("disabled", reloading));
  },
  stop: (h) => h.cleanup(),
});
