import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../testing/temp-dirs.ts";
import { devClients } from "./deploy.ts";
import { forwarderFactoryAbi } from "./deposit-forwarder.ts";
import { devnetMint, devnetTreasuryFloat, readDevnetFacts, startDevnet } from "./devnet.ts";
import { erc20Abi } from "./token-abi.ts";

const tempDir = tempDirs("mc-devnet-");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the devnet (anvil as a child process, state in DATA_DIR/devnet)", { timeout: 60_000 }, () => {
  it("deploys the test USDT and the deposit-forwarder factory at first start and keeps the chain over a restart", async () => {
    const dir = tempDir();
    const first = await startDevnet({ dir, port: 0, blockTime: 1, stateInterval: 1 });
    const { facts } = first;
    expect(facts).toMatchObject({
      chainId: 31337,
      token: { symbol: "USDT", decimals: 6 },
      devAccount: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    });
    expect(facts.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(readDevnetFacts(dir)).toEqual(facts);
    expect(statSync(join(dir, "devnet.json")).mode & 0o077).toBe(0);
    const clients = devClients(facts.rpcUrl);
    expect(await clients.public.getChainId()).toBe(31337);
    expect(
      await clients.public.readContract({
        address: facts.token.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [facts.devAccount],
      }),
    ).toBe(devnetMint - devnetTreasuryFloat);
    // The deposit-forwarder factory beside it: sweeping into dev account 1 on dev account 0's order.
    const [, treasury] = await clients.wallet.getAddresses();
    const factory = { address: facts.depositFactory, abi: forwarderFactoryAbi } as const;
    expect(await clients.public.readContract({ ...factory, functionName: "treasury" })).toBe(treasury);
    // The operator's float in the treasury from the start (booked by the server: payments/treasury-float.ts).
    expect(
      await clients.public.readContract({
        address: facts.token.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [treasury!],
      }),
    ).toBe(devnetTreasuryFloat);
    expect(facts.treasuryFloat).toBe(devnetTreasuryFloat.toString());
    expect(await clients.public.readContract({ ...factory, functionName: "operator" })).toBe(facts.devAccount);
    await sleep(2_100);
    const head = await clients.public.getBlock({ blockTag: "latest" });
    expect(head.number).toBeGreaterThanOrEqual(2n); // a block a second
    await first.stop();
    expect(existsSync(join(dir, "anvil.pid"))).toBe(false);

    const second = await startDevnet({ dir, port: 0, blockTime: 1 });
    const again = devClients(second.facts.rpcUrl);
    expect(second.facts.token).toEqual(facts.token); // not deployed twice
    expect(second.facts.depositFactory).toBe(facts.depositFactory);
    expect(second.facts.genesisHash).toBe(facts.genesisHash);
    expect((await again.public.getBlock({ blockNumber: head.number })).hash).toBe(head.hash);
    await second.stop();
  });

  it("a crash of anvil loses at most the last seconds (its state is written every second)", async () => {
    const dir = tempDir();
    const devnet = await startDevnet({ dir, port: 0, blockTime: 1, stateInterval: 1 });
    await sleep(4_200);
    const clients = devClients(devnet.facts.rpcUrl);
    const head = await clients.public.getBlockNumber({ cacheTime: 0 });
    const kept = await clients.public.getBlock({ blockNumber: head - 2n });
    await devnet.anvil.kill();
    const restarted = await startDevnet({ dir, port: 0, blockTime: 1 });
    const after = devClients(restarted.facts.rpcUrl);
    expect((await after.public.getBlock({ blockNumber: kept.number })).hash).toBe(kept.hash);
    expect(restarted.facts.token).toEqual(devnet.facts.token);
    await restarted.stop();
  });

  it("in memory (DATA_DIR=memory) it writes nothing", async () => {
    const devnet = await startDevnet({ port: 0 });
    expect(devnet.facts.watchedAddressesFile).toBe("");
    await devnet.stop();
  });

  it("starts when its interval blocks are an hour apart (the benches' DEVNET_BLOCK_TIME=3600): it mines what its first start sends", async () => {
    const devnet = await startDevnet({ port: 0, blockTime: 3600 });
    try {
      expect(devnet.facts.treasuryFloat).toBe(devnetTreasuryFloat.toString());
      const clients = devClients(devnet.facts.rpcUrl);
      const [, treasury] = await clients.wallet.getAddresses();
      expect(
        await clients.public.readContract({
          address: devnet.facts.token.address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [treasury!],
        }),
      ).toBe(devnetTreasuryFloat);
    } finally {
      await devnet.stop();
    }
  }, 20_000);
});
