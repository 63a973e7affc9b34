// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../../model-tests/framework/setup.ts";
import type { MyCurrency, MyCurrencyListResult } from "../../../contracts/schemas/currencies.ts";
import { createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";
import { signedInAnswers } from "../../../model-tests/harnesses/signed-in.ts";
import { loginResult, storedUser } from "../../../model-tests/models/fixtures.ts";
import { storageKeys } from "../../api/session-storage.ts";
import { routePaths } from "../../app/route-names.ts";

const usdt: MyCurrency = {
  decimals: 6,
  protocol: "ERC-20",
  chainName: "Devnet",
  chainId: 31337,
  name: "Test Tether USD",
  symbol: "USDT",
  contractAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  accepted: true,
  held: false,
  credited: true,
};

async function summaryFor(list: MyCurrencyListResult): Promise<string | null> {
  const fake = createControlledApi([], { ...signedInAnswers, "currencies.myCurrencies": async () => list });
  h = await renderConsole({
    url: routePaths.myCurrencies,
    api: fake.api,
    storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
  });
  return (await screen.findByTestId("my-currencies-summary", {}, { timeout: 5000 })).textContent;
}

let h: ConsoleHarness | null = null;

/** Issue 68, item 11: the count of currencies says how many there are to accept, not only what the package allows. */
describe("My currencies' summary", { timeout: 30_000 }, () => {
  afterEach(() => h?.cleanup());

  it("says when every currency offered here fits the package, so '1 of 5' never suggests four more to turn on", async () => {
    expect(await summaryFor({ items: [usdt], limit: 5, acceptedCount: 1, defaulted: false })).toBe(
      "The one currency offered here is accepted (your package allows 5)",
    );
  });

  it("words the currencies offered here for none, one and many accepted", async () => {
    const usdc = { ...usdt, symbol: "USDC", contractAddress: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" };
    const dai = { ...usdt, symbol: "DAI", contractAddress: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0" };
    const off = (c: MyCurrency) => ({ ...c, accepted: false });
    const cases: Array<[MyCurrencyListResult, string]> = [
      [
        { items: [off(usdt)], limit: 5, acceptedCount: 0, defaulted: false },
        "The one currency offered here is not accepted (your package allows 5)",
      ],
      [
        { items: [off(usdt), off(usdc), off(dai)], limit: 5, acceptedCount: 0, defaulted: false },
        "None of the 3 currencies offered here is accepted (your package allows 5)",
      ],
      [
        { items: [usdt, off(usdc), off(dai)], limit: 5, acceptedCount: 1, defaulted: false },
        "1 of the 3 currencies offered here accepted (your package allows 5)",
      ],
      [
        { items: [usdt, usdc, dai], limit: 5, acceptedCount: 3, defaulted: false },
        "All 3 currencies offered here are accepted (your package allows 5)",
      ],
    ];
    const said: string[] = [];
    for (const [list] of cases) {
      said.push((await summaryFor(list)) ?? "");
      h?.cleanup();
      h = null;
    }
    expect(said).toEqual(cases.map(([, text]) => text));
  });

  it("counts against the package's limit when more are offered than it allows", async () => {
    const usdc = { ...usdt, symbol: "USDC", contractAddress: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" };
    expect(
      await summaryFor({ items: [usdt, { ...usdc, accepted: false }], limit: 1, acceptedCount: 1, defaulted: false }),
    ).toBe("1 of 1 currency accepted");
  });
});
