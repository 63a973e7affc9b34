import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnvilProcess, startAnvil } from "./anvil.ts";
import { blockClock, measureBlockSeconds } from "./block-time.ts";
import { devClients } from "./deploy.ts";

let anvil: AnvilProcess;
beforeAll(async () => {
  anvil = await startAnvil({ port: 0 });
});
afterAll(() => anvil?.stop());

describe("a chain's block time (block-time.ts)", () => {
  it("is measured from the node's recent blocks: their timestamps' span over their count", async () => {
    const { test } = devClients(anvil.rpcUrl);
    await test.mine({ blocks: 5, interval: 3 });
    // Fewer blocks than the sample: all of them count.
    expect(await measureBlockSeconds(anvil.rpcUrl)).toBeCloseTo(3, 0);
    await test.mine({ blocks: 40, interval: 12 });
    expect(await measureBlockSeconds(anvil.rpcUrl)).toBe(12);
  });

  it("is unknown, not an error, when the node does not answer", async () => {
    expect(await measureBlockSeconds("http://127.0.0.1:9", 500)).toBeNull();
  });

  it("is measured once a minute per chain, however often asked, and never for a chain not configured", async () => {
    const measured: string[] = [];
    let now = 0;
    const clock = blockClock(
      (chainId) => (chainId === 1 ? "http://eth" : undefined),
      async (rpcUrl) => {
        measured.push(rpcUrl);
        return 12;
      },
      () => now,
    );
    expect(await Promise.all([clock(1), clock(1)])).toEqual([12, 12]);
    now += 59_000;
    await clock(1);
    expect(measured).toEqual(["http://eth"]);
    now += 2_000;
    await clock(1);
    expect(measured).toEqual(["http://eth", "http://eth"]);
    expect(await clock(56)).toBeNull();
  });
});
