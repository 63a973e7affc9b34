import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import type { DemoOrder } from "../../contracts/schemas/demo.ts";
import { demoCheckoutMachine, secondsLeft, shareLeft, statusPollMs } from "./demo-checkout.ts";
import { apiFailure } from "../test-support.ts";

const t0 = Date.parse("2024-05-01T08:00:00.000Z");
const order = (over: Partial<DemoOrder> = {}): DemoOrder => ({
  orderCode: "DEMO-ABCDEFGH23",
  amount: "49.90",
  currency: "USDT",
  chain: "ETH",
  address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
  serverTime: new Date(t0).toISOString(),
  expiresAt: new Date(t0 + 15 * 60_000).toISOString(),
  status: "pending",
  ...over,
});

type Answer = () => Promise<DemoOrder>;

function start(answers: { create?: Answer; status?: Answer; pay?: Answer } = {}, now = t0) {
  const calls = { create: [] as unknown[], status: 0, pay: 0 };
  const machine = demoCheckoutMachine.provide({
    actors: {
      createOrder: fromPromise(async ({ input }) => {
        calls.create.push(input);
        return (answers.create ?? (async () => order({ chain: input.chain ?? "ETH" })))();
      }),
      checkStatus: fromPromise(async () => {
        calls.status++;
        return (answers.status ?? (async () => order()))();
      }),
      payOrder: fromPromise(async () => {
        calls.pay++;
        return (answers.pay ?? (async () => order({ status: "paid" })))();
      }),
      // The test moves the clock itself.
      clock: fromCallback(() => () => undefined),
    },
  });
  return { actor: createActor(machine, { input: { now } }).start(), calls };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("demoCheckout machine", () => {
  it("fetches an Ethereum order and counts down to its expiry on the server's clock", async () => {
    // The visitor's clock is 2 minutes behind the server's.
    const { actor, calls } = start({}, t0 - 120_000);
    expect(actor.getSnapshot().value).toBe("loading");
    await flush();
    expect(calls.create).toEqual([{ chain: "ETH" }]);
    expect(actor.getSnapshot().matches({ pending: "waiting" })).toBe(true);
    expect(secondsLeft(actor.getSnapshot().context)).toBe(900);
    actor.send({ type: "clock.tick", now: t0 - 120_000 + 61_000 });
    expect(secondsLeft(actor.getSnapshot().context)).toBe(839);
    expect(shareLeft(actor.getSnapshot().context)).toBeCloseTo(839 / 900);
  });

  it("expires when the countdown reaches zero, and a new demo starts over on another chain", async () => {
    const { actor, calls } = start();
    await flush();
    actor.send({ type: "clock.tick", now: t0 + 15 * 60_000 });
    expect(actor.getSnapshot().value).toBe("expired");
    expect(secondsLeft(actor.getSnapshot().context)).toBe(0);
    actor.send({ type: "demo.start", chain: "BSC" });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(actor.getSnapshot().context.order).toBeNull();
    await flush();
    expect(calls.create).toEqual([{ chain: "ETH" }, { chain: "BSC" }]);
    expect(actor.getSnapshot().context.order?.chain).toBe("BSC");
  });

  it("asks the server every few seconds and follows its answer", async () => {
    let status: DemoOrder = order();
    const { actor, calls } = start({ status: async () => status });
    await flush();
    await vi.advanceTimersByTimeAsync(statusPollMs);
    expect(calls.status).toBe(1);
    expect(actor.getSnapshot().matches({ pending: "waiting" })).toBe(true);
    status = order({ status: "paid" });
    await vi.advanceTimersByTimeAsync(statusPollMs);
    expect(actor.getSnapshot().value).toBe("paid");
  });

  it("takes the server's word on expiry and ignores a failed poll", async () => {
    let attempt = 0;
    const { actor } = start({
      status: async () => (++attempt === 1 ? Promise.reject(apiFailure("5000")) : order({ status: "expired" })),
    });
    await flush();
    await vi.advanceTimersByTimeAsync(statusPollMs);
    expect(actor.getSnapshot().matches({ pending: "waiting" })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
    await vi.advanceTimersByTimeAsync(statusPollMs);
    expect(actor.getSnapshot().value).toBe("expired");
  });

  it("pretends the customer paid", async () => {
    const { actor, calls } = start();
    await flush();
    actor.send({ type: "demo.pay" });
    actor.send({ type: "demo.pay" });
    expect(actor.getSnapshot().matches({ pending: "paying" })).toBe(true);
    await flush();
    expect(calls.pay).toBe(1);
    expect(actor.getSnapshot().value).toBe("paid");
    expect(actor.getSnapshot().context.order?.status).toBe("paid");
  });

  it("shows expiry when the server says the order ran out before the payment", async () => {
    const { actor } = start({ pay: () => Promise.reject(apiFailure("2112")) });
    await flush();
    actor.send({ type: "demo.pay" });
    await flush();
    expect(actor.getSnapshot().value).toBe("expired");
    const other = start({ pay: async () => order({ status: "expired" }) });
    await flush();
    other.actor.send({ type: "demo.pay" });
    await flush();
    expect(other.actor.getSnapshot().value).toBe("expired");
  });

  it("keeps the order open and shows why when paying fails otherwise", async () => {
    const { actor } = start({ pay: () => Promise.reject(apiFailure("5000", "Internal error")) });
    await flush();
    actor.send({ type: "demo.pay" });
    await flush();
    expect(actor.getSnapshot().matches({ pending: "waiting" })).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ errCode: "5000", errMsg: "Internal error" });
  });

  it("shows the failure when no order can be had, and retries on demand", async () => {
    let attempt = 0;
    const { actor } = start({
      create: async () => (++attempt === 1 ? Promise.reject(apiFailure("2005", "Too many attempts")) : order()),
    });
    await flush();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.failure?.errCode).toBe("2005");
    actor.send({ type: "demo.start" });
    await flush();
    expect(actor.getSnapshot().matches("pending")).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it("starts over when asked while an order is still loading", async () => {
    const { actor, calls } = start();
    actor.send({ type: "demo.start", chain: "BSC" });
    await flush();
    expect(calls.create).toEqual([{ chain: "ETH" }, { chain: "BSC" }]);
    expect(actor.getSnapshot().context.chain).toBe("BSC");
  });

  it("starts a new order when another chain is chosen, and not for the same one", async () => {
    const { actor, calls } = start();
    await flush();
    actor.send({ type: "demo.chain", chain: "ETH" });
    expect(actor.getSnapshot().matches("pending")).toBe(true);
    actor.send({ type: "demo.chain", chain: "BSC" });
    expect(actor.getSnapshot().value).toBe("loading");
    await flush();
    expect(calls.create).toEqual([{ chain: "ETH" }, { chain: "BSC" }]);
  });

  it("has nothing left without an order", () => {
    expect(secondsLeft({ order: null, now: t0, skewMs: 0 })).toBe(0);
    expect(shareLeft({ order: null, now: t0, skewMs: 0 })).toBe(0);
  });
});
