// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CurrencyListResult } from "../../../contracts/schemas/currencies.ts";
import "../../../model-tests/framework/setup.ts";
import { createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";
import { loginResult, storedUser } from "../../../model-tests/models/fixtures.ts";
import { signedInAnswers } from "../../../model-tests/harnesses/signed-in.ts";
import { devnetEther } from "../../../machines/currencies/currency-test-support.ts";
import { devnetUsdt } from "../../../model-tests/models/currency-list.model.ts";
import { storageKeys } from "../../api/session-storage.ts";

/** The devnet's coin (never credited: it pays the network's fees) and its USDT (credited), both measured at 1 s. */
const answer: CurrencyListResult = { items: [devnetEther, devnetUsdt(2)] };

const row = (symbol: string) => screen.getByTestId(`currency-row-devnet-${symbol}`);
const statusTag = (symbol: string) => row(symbol).querySelector<HTMLElement>("[data-status]");

describe("the Currency list says what is credited", () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("marks a main coin not accepted for deposits, without an arrival time, and counts only the credited", async () => {
    const fake = createControlledApi([], { ...signedInAnswers, "currencies.currencies": async () => answer });
    h = await renderConsole({
      url: "/currencybill/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    const t = h.t;
    await waitFor(() => expect(row("eth")).toBeTruthy());

    // The coin: not accepted, in a non-success tag, and no "About 2 s" for what never arrives as a deposit.
    expect(statusTag("eth")?.textContent).toBe(t("currencies.status.feesOnly"));
    expect(statusTag("eth")?.className).toContain("bp6-intent-warning");
    expect(statusTag("eth")?.dataset.status).toBe("feesOnly");
    expect(row("eth").textContent).not.toContain(t("currencies.arrival", { seconds: 2, count: 2 }));
    expect(within(row("eth")).getByText(t("currencies.feesOnly"))).toBeTruthy();

    // The token: accepted, with its arrival.
    expect(statusTag("usdt")?.textContent).toBe(t("currencies.status.credited"));
    expect(statusTag("usdt")?.className).toContain("bp6-intent-success");
    expect(row("usdt").textContent).toContain(t("currencies.arrival", { seconds: 2, count: 2 }));

    // The hint says deposits are credited in the accepted tokens only; the summary counts the one credited.
    expect(screen.getByText(t("currencies.intro")).textContent).toContain("ETH, BNB");
    expect(screen.getByTestId("currencies-summary").textContent).toBe(t("currencies.summary", { count: 1, chains: 1 }));
    // One chain is "1 chain", never "1 chain(s)".
    expect(t("currencies.summary", { count: 1, chains: 1 })).toBe(
      "1 currency is accepted for deposits here, on 1 chain.",
    );
    expect(t("currencies.summary", { count: 3, chains: 2 })).toBe(
      "3 currencies are accepted for deposits here, on 2 chains.",
    );
  });
});
