import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { chainConfigFromEnv } from "./config.ts";

const usdt = { address: "0xdAC17F958D2ee523a2206206994597C13D831ec7" };
const xpub =
  "xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP";
const chains = (list: unknown[]) => JSON.stringify(list);

describe("chain settings from the environment", () => {
  it("the devnet is the default outside production when no chain is configured", () => {
    expect(chainConfigFromEnv({})).toEqual({
      chains: [],
      devnet: { port: 8545, portFixed: false, blockTime: 1, confirmations: 2 },
      walletXpub: undefined,
    });
    expect(chainConfigFromEnv({ DEVNET_PORT: "0", DEVNET_CONFIRMATIONS: "5", DEVNET_BLOCK_TIME: "2" }).devnet).toEqual({
      port: 0,
      portFixed: true,
      blockTime: 2,
      confirmations: 5,
    });
    expect(chainConfigFromEnv({ DEVNET: "false" }).devnet).toBeNull();
    expect(chainConfigFromEnv({ NODE_ENV: "production" }).devnet).toBeNull();
  });

  it("real chains come from CHAINS, with the defaults Ethereum 12 and BNB Chain 15 confirmations", () => {
    const config = chainConfigFromEnv({
      WALLET_XPUB: xpub,
      CHAINS: chains([
        { product: "Eth", chainId: 1, rpcUrl: "https://eth.example/rpc", tokens: [usdt] },
        {
          product: "Bsc",
          chainId: 56,
          rpcUrl: "https://bsc.example/rpc",
          tokens: [{ ...usdt, decimals: 18 }],
          startBlock: 1000,
        },
      ]),
    });
    expect(config.devnet).toBeNull();
    expect(config.walletXpub).toBe(xpub);
    expect(
      config.chains.map((c) => [c.product, c.confirmations, c.tokens[0]!.symbol, c.tokens[0]!.decimals, c.startBlock]),
    ).toEqual([
      ["Eth", 12, "USDT", 6, undefined],
      ["Bsc", 15, "USDT", 18, 1000n],
    ]);
  });

  it("takes more RPC backends of a chain, and refuses one that is no http(s) URL", () => {
    const entry = { product: "Eth", chainId: 1, rpcUrl: "https://a.example/rpc", tokens: [usdt] };
    const config = chainConfigFromEnv({
      WALLET_XPUB: xpub,
      CHAINS: chains([{ ...entry, moreRpcUrls: ["https://b.example/rpc", "https://c.example/rpc"] }]),
    });
    expect(config.chains[0]?.moreRpcUrls).toEqual(["https://b.example/rpc", "https://c.example/rpc"]);
    expect(chainConfigFromEnv({ WALLET_XPUB: xpub, CHAINS: chains([entry]) }).chains[0]?.moreRpcUrls).toEqual([]);
    expect(() =>
      chainConfigFromEnv({ WALLET_XPUB: xpub, CHAINS: chains([{ ...entry, moreRpcUrls: ["ws://b.example"] }]) }),
    ).toThrow(/moreRpcUrls/);
  });

  it("takes the watcher's lease time (15 s by default, at least 1 s): the chaos harness's kill -9 is taken over in seconds", () => {
    const entry = { product: "Eth", chainId: 1, rpcUrl: "https://a.example/rpc", tokens: [usdt] };
    expect(chainConfigFromEnv({ WALLET_XPUB: xpub, CHAINS: chains([entry]) }).chains[0]?.leaseMs).toBe(15_000);
    expect(
      chainConfigFromEnv({ WALLET_XPUB: xpub, CHAINS: chains([{ ...entry, leaseMs: 3_000 }]) }).chains[0]?.leaseMs,
    ).toBe(3_000);
    expect(() => chainConfigFromEnv({ WALLET_XPUB: xpub, CHAINS: chains([{ ...entry, leaseMs: 500 }]) })).toThrow(
      /leaseMs/,
    );
  });

  it("takes how many of the newest blocks are read by hash (the watcher's default when not set), at least 1", () => {
    const entry = { product: "Eth", chainId: 1, rpcUrl: "https://a.example/rpc", tokens: [usdt] };
    expect(chainConfigFromEnv({ WALLET_XPUB: xpub, CHAINS: chains([entry]) }).chains[0]?.byHashBlocks).toBeUndefined();
    expect(
      chainConfigFromEnv({ WALLET_XPUB: xpub, CHAINS: chains([{ ...entry, byHashBlocks: 200 }]) }).chains[0]
        ?.byHashBlocks,
    ).toBe(200);
    expect(() => chainConfigFromEnv({ WALLET_XPUB: xpub, CHAINS: chains([{ ...entry, byHashBlocks: 0 }]) })).toThrow(
      /byHashBlocks/,
    );
  });

  it("with chains configured the devnet runs only when asked for", () => {
    const env = {
      WALLET_XPUB: xpub,
      CHAINS: chains([{ product: "Eth", chainId: 1, rpcUrl: "https://eth.example", tokens: [usdt] }]),
    };
    expect(chainConfigFromEnv({ ...env, DEVNET: "true" }).devnet).not.toBeNull();
  });

  it.each([
    [{ CHAINS: "[{" }, /CHAINS is not JSON/],
    [
      { CHAINS: chains([{ product: "Eth", chainId: 1, rpcUrl: "https://x", tokens: [usdt] }]) },
      /CHAINS needs WALLET_XPUB/,
    ],
    [
      { WALLET_XPUB: xpub, CHAINS: chains([{ product: "Eth", chainId: 1, rpcUrl: "ftp://x", tokens: [usdt] }]) },
      /CHAINS\[0\]\.rpcUrl/,
    ],
    [
      {
        WALLET_XPUB: xpub,
        CHAINS: chains([{ product: "Eth", chainId: 1, rpcUrl: "https://x", tokens: [{ address: "0x12" }] }]),
      },
      /CHAINS\[0\]\.tokens\[0\]\.address: not an EVM address/,
    ],
    [
      { WALLET_XPUB: xpub, CHAINS: chains([{ product: "Poly", chainId: 137, rpcUrl: "https://x", tokens: [usdt] }]) },
      /chain 137 has no default confirmations/,
    ],
    [
      {
        WALLET_XPUB: xpub,
        CHAINS: chains([{ product: "Eth", chainId: 1, rpcUrl: "https://x", tokens: [usdt], rpcURL: "typo" }]),
      },
      /CHAINS\[0\]/,
    ],
    [
      {
        WALLET_XPUB: xpub,
        CHAINS: chains([1, 2].map(() => ({ product: "Eth", chainId: 1, rpcUrl: "https://x", tokens: [usdt] }))),
      },
      /product eth is configured twice/,
    ],
    [{ DEVNET: "yes" }, /DEVNET must be true or false/],
    [{ DEVNET: "true", NODE_ENV: "production" }, /no place in production/],
    [
      {
        NODE_ENV: "production",
        WALLET_XPUB: xpub,
        CHAINS: chains([{ product: "Devnet", chainId: 31337, rpcUrl: "http://127.0.0.1:8545", tokens: [usdt] }]),
      },
      /chain id 31337 is a local test chain/,
    ],
    [{ DEVNET_PORT: "http" }, /DEVNET_PORT must be a number/],
    [{ DEVNET_CONFIRMATIONS: "0" }, /DEVNET_CONFIRMATIONS must be at least 1/],
    [
      {
        DEVNET: "true",
        WALLET_XPUB: xpub,
        CHAINS: chains([
          { product: "Devnet", chainId: 31337, rpcUrl: "http://127.0.0.1:8545", tokens: [usdt], confirmations: 1 },
        ]),
      },
      /DEVNET=false/,
    ],
  ])("refuses %j, saying why", (env, message) => {
    expect(() => chainConfigFromEnv(env as NodeJS.ProcessEnv)).toThrow(message);
  });

  it("says what a rule wants in English, without installing English messages for the rest of the process", () => {
    const env = {
      WALLET_XPUB: xpub,
      CHAINS: chains([{ product: "Eth", chainId: -1, rpcUrl: "https://x", tokens: [usdt] }]),
    };
    expect(() => chainConfigFromEnv(env)).toThrow("CHAINS[0].chainId: Too small: expected number to be >0");
    expect(() => chainConfigFromEnv({ WALLET_XPUB: xpub, CHAINS: "{}" })).toThrow(
      "CHAINS: Invalid input: expected array, received object",
    );
    // Other schemas keep their own (or no) wording: the console's 1001 answers depend on it (server/http/validation.ts).
    expect(z.safeParse(z.string(), 1).error?.issues[0]?.message).toBe("Invalid input");
  });
});
