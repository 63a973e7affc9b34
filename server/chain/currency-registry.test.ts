import { describe, expect, it } from "vitest";
import { configuredChain } from "../testing/stub-chain.ts";
import { currencyRegistry } from "./currency-registry.ts";

const dai = { symbol: "DAI", address: "0x6B175474E89094C44Da98b954EedeAC495271d0F" as const, decimals: 18 };
const devnet = configuredChain("Devnet", 31337);
const eth = configuredChain("Eth", 1, {
  tokens: [dai, { symbol: "usdt", address: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 }],
});
const other = configuredChain("Polygon", 137);
const registry = currencyRegistry([devnet, eth, other]);

describe("currency registry", () => {
  it("lists every configured token in the chains' order, then each chain's, named once", () => {
    expect(registry.tokens.map((t) => `${t.product}:${t.symbol}`)).toEqual([
      "Devnet:USDT",
      "Eth:DAI",
      "Eth:usdt",
      "Polygon:USDT",
    ]);
    expect(registry.tokens.map((t) => t.name)).toEqual(["Test Tether USD", "DAI", "Tether USD", "Tether USD"]);
    expect(registry.tokens.map((t) => t.chainName)).toEqual(["Devnet", "Ethereum", "Ethereum", "Polygon"]);
    expect(registry.tokens[1]).toMatchObject({
      key: `1:${dai.address.toLowerCase()}`,
      usdt: false,
      protocol: "ERC-20",
    });
  });

  it("finds a transfer's token by chain and contract in any case, and no token of another chain", () => {
    const usdt = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
    expect(registry.tokenAt(1, usdt.toLowerCase())?.symbol).toBe("usdt");
    expect(registry.tokenAt(1, usdt.toUpperCase().replace("0X", "0x"))?.decimals).toBe(6);
    expect(registry.tokenAt(31337, usdt)).toBeUndefined();
    expect(registry.tokenAt(5, usdt)).toBeUndefined();
  });

  it("names the USDT of a chain (in any case of its symbol), and none where the chain has none", () => {
    expect(registry.usdtOn(1)?.address).toBe("0xdAC17F958D2ee523a2206206994597C13D831ec7");
    expect(registry.usdtOn(31337)?.product).toBe("Devnet");
    expect(currencyRegistry([configuredChain("Eth", 1, { tokens: [dai] })]).usdtOn(1)).toBeUndefined();
  });

  it("finds chains by product in any case and by id", () => {
    expect(registry.chainByProduct("eth")).toBe(eth);
    expect(registry.chainByProduct("DEVNET")).toBe(devnet);
    expect(registry.chainByProduct("Bsc")).toBeUndefined();
    expect(registry.chainById(137)).toBe(other);
  });

  it("names a chain's product for the wire, and a chain no longer configured by its id", () => {
    expect(registry.productOf(1)).toBe("Eth");
    expect(registry.productOf(56)).toBe("Chain 56");
  });

  it("says what each configured chain is called and paid in, and which known chains are not configured", () => {
    expect(registry.factsOf(eth).coin.symbol).toBe("ETH");
    expect(registry.factsOf(devnet).coin.name).toBe("Devnet Ether");
    expect(registry.factsOf(other)).toMatchObject({ chainName: "Polygon", coin: { symbol: "POLYGON" } });
    expect(registry.notConfigured.map((c) => c.chainName)).toEqual(["BNB Chain", "TRON"]);
  });
});
