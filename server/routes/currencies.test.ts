import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currencyListResult } from "../../contracts/schemas/currencies.ts";
import { call, createHarness, type Harness, signedInMerchant } from "../testing/harness.ts";
import { configuredChain, stubChainLayer } from "../testing/stub-chain.ts";

let h: Harness;
let bare: Harness;
beforeAll(async () => {
  const chain = stubChainLayer(
    [
      configuredChain("Devnet", 31337),
      configuredChain("Bsc", 56, { confirmations: 15, tokens: [] }),
      configuredChain("Polygon", 137, {
        confirmations: 64,
        tokens: [
          { symbol: "USDT", address: `0x${"89".repeat(20)}`, decimals: 6 },
          { symbol: "USDC", address: `0x${"8a".repeat(20)}`, decimals: 6 },
        ],
      }),
    ],
    { blockSeconds: { 31337: 1, 56: 3 } },
  );
  [h, bare] = await Promise.all([createHarness({ chain }), createHarness({ chain: null })]);
});
afterAll(async () => {
  await h?.close();
  await bare?.close();
});

const currencies = async (harness: Harness) => {
  const { token } = await signedInMerchant(harness);
  const answer = await call(harness, "currencyList", { token });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true, errCode: "0" });
  return currencyListResult.parse(answer.resData).items;
};

describe("the Currency list (POST /api/Currency/List)", () => {
  it("lists each configured chain's main coin and tokens, arriving after its confirmations at its blocks' pace", async () => {
    const items = await currencies(h);
    const active = items.filter((c) => c.status === "active");
    expect(active.map((c) => [c.chainName, c.symbol, c.type, c.protocol, c.confirmations, c.arrivalSeconds])).toEqual([
      ["Devnet", "ETH", "main", null, 2, 2],
      ["Devnet", "USDT", "token", "ERC-20", 2, 2],
      ["BNB Chain", "BNB", "main", null, 15, 45],
      // A chain the service has no facts of is named by its product; its node unmeasured, its arrival unknown.
      ["Polygon", "POLYGON", "main", null, 64, null],
      ["Polygon", "USDT", "token", "ERC-20", 64, null],
      ["Polygon", "USDC", "token", "ERC-20", 64, null],
    ]);
    expect(active[1]).toMatchObject({ name: "Test Tether USD", decimals: 6, chainUnit: "ETH", chainId: 31337 });
    expect(active[1]!.contractAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(active[0]!.contractAddress).toBeNull();
  });

  it("says which are credited: a configured chain's USDT only, never a main coin, another token or a chain not followed", async () => {
    const items = await currencies(h);
    expect(items.filter((c) => c.credited).map((c) => `${c.chainName} ${c.symbol}`)).toEqual([
      "Devnet USDT",
      "Polygon USDT",
    ]);
    expect(items.filter((c) => c.type === "main").every((c) => !c.credited)).toBe(true);
    expect(items.filter((c) => c.status === "notConfigured").every((c) => !c.credited)).toBe(true);
    expect((await currencies(bare)).some((c) => c.credited)).toBe(false);
  });

  it("lists the known chains not configured here after them, without confirmations or arrival", async () => {
    const others = (await currencies(h)).filter((c) => c.status === "notConfigured");
    expect(others.map((c) => `${c.chainName} ${c.symbol} ${c.protocol ?? "main"}`)).toEqual([
      "Ethereum ETH main",
      "Ethereum USDT ERC-20",
      "TRON TRX main",
      "TRON USDT TRC-20",
    ]);
    expect(others.every((c) => c.confirmations === null && c.arrivalSeconds === null)).toBe(true);
    expect(others.find((c) => c.symbol === "USDT" && c.chainName === "TRON")).toMatchObject({
      contractAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      decimals: 6,
      chainId: null,
    });
  });

  it("lists every known chain as not configured on a server without chains", async () => {
    const items = await currencies(bare);
    expect(items.map((c) => `${c.chainName} ${c.symbol}`)).toEqual([
      "Ethereum ETH",
      "Ethereum USDT",
      "BNB Chain BNB",
      "BNB Chain USDT",
      "TRON TRX",
      "TRON USDT",
    ]);
    expect(items.every((c) => c.status === "notConfigured")).toBe(true);
  });

  it("answers only a signed-in merchant", async () => {
    expect(await call(h, "currencyList", {})).toMatchObject({ status: 401 });
  });
});
