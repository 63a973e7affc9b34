import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { emptyKeysetPage } from "../../../machines/lists/keyset-test-support.ts";
import { listPollMs } from "../../../machines/lists/list-machine.ts";
import { withdrawalListArea } from "../../../machines/wallet/withdrawal-list.ts";
import { provideWithdrawalList } from "./wallet-machines.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("My wallet's withdrawals, live", () => {
  // Issue 68, item 4: the figures follow the money as the withdrawals do, also when the stream broke and the list polls.
  it("tell the figures when money moved, and on every poll once the live stream broke", async () => {
    const handlers: { onEvent?: (record: { withdrawalId: string | null }) => void; onError?: () => void } = {};
    let pages = 0;
    const api = {
      wallet: {
        withdrawals: async () => {
          pages++;
          return emptyKeysetPage(10);
        },
      },
      transactions: {
        watch: (_query: object, on: typeof handlers) => {
          Object.assign(handlers, on);
          return () => {};
        },
      },
    };
    let moved = 0;
    const clock = new SimulatedClock();
    const machine = provideWithdrawalList({ api } as never, { moved: () => moved++ });
    const list = createActor(machine, { input: { area: withdrawalListArea }, clock }).start();
    await settle();
    expect(pages).toBe(1);
    handlers.onEvent?.({ withdrawalId: null });
    expect(moved).toBe(1);
    handlers.onError?.();
    expect(moved).toBe(2);
    clock.increment(listPollMs);
    await settle();
    expect(pages).toBe(2);
    expect(moved).toBe(3);
    clock.increment(listPollMs);
    await settle();
    expect([pages, moved]).toEqual([3, 4]);
    list.stop();
  });
});
