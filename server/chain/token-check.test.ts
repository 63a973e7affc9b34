import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/open-database.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { startChainLayer } from "./chain-layer.ts";
import { randomXpub } from "./hd-wallet.ts";
import { silentLog } from "./listener.ts";
import { resetChainTables, startTestChain, type TestChain } from "./test-chain.ts";

// Finding 3 of issue 24: a token configured with the wrong decimals credits every transfer 10^n times over or under.
let database: OpenedDatabase;
let chain: TestChain;
beforeAll(async () => {
  [database, chain] = await Promise.all([createTestDatabase(), startTestChain()]);
  await resetChainTables(database.db);
}, 60_000);
afterAll(async () => {
  await Promise.all([database?.close(), chain?.stop()]);
});

const start = (token: Record<string, unknown>) =>
  startChainLayer({
    db: database.db,
    env: {
      WALLET_XPUB: randomXpub(),
      CHAINS: JSON.stringify([{ product: "Devnet", chainId: 31337, rpcUrl: chain.rpcUrl, tokens: [token] }]),
    },
    log: silentLog,
  });

describe("the tokens of CHAINS, checked against their contracts at start", { timeout: 30_000 }, () => {
  it("starts when decimals and symbol are the contract's", async () => {
    const layer = await start({ symbol: "USDT", address: chain.token, decimals: 6 });
    await layer.stop();
  });

  it("refuses to start on decimals the contract does not have, naming the token", async () => {
    await expect(start({ symbol: "USDT", address: chain.token, decimals: 0 })).rejects.toThrow(
      new RegExp(`Devnet token ${chain.token}: CHAINS says 0 decimals, the contract 6`),
    );
  });

  it("refuses to start on another symbol", async () => {
    await expect(start({ symbol: "DAI", address: chain.token, decimals: 6 })).rejects.toThrow(
      /CHAINS says symbol DAI, the contract USDT/,
    );
  });

  it("refuses to start on an address that is no token", async () => {
    await expect(
      start({ symbol: "USDT", address: "0x000000000000000000000000000000000000dEaD", decimals: 6 }),
    ).rejects.toThrow(/0x000000000000000000000000000000000000dEaD.*does not answer decimals\(\) and symbol\(\)/);
  });
});
