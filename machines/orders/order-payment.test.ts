import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import type { Order, OrderDetail } from "../../contracts/schemas/orders.ts";
import type { PayChain } from "../../contracts/schemas/currencies.ts";
import { type OrderPaymentInput, orderPaymentMachine, orderPollMs, secondsLeft } from "./order-payment.ts";
import {
  selectOrderSummary,
  selectPaidQuestionOpen,
  selectPaidTitleKey,
  selectPayment,
  selectPayScreen,
} from "./order-payment-selectors.ts";
import {
  type Answers,
  address,
  balance,
  detail,
  devnet,
  eth,
  fakeEffects,
  iso,
  minute,
  order,
  serverAhead,
  t0,
  transfer,
  transitionsTaken,
  wallet,
} from "./order-test-support.ts";
import { apiFailure } from "../test-support.ts";

// Every transition the tests take, checked against all of the machine's at the end. The purchase's tests
// (order-purchase.test.ts) open this dialog from the buy page; here it is started on its own.
const transitions = transitionsTaken();

function start(answers: Partial<Answers> = {}, input: OrderPaymentInput = { now: t0, order: order() }) {
  const fakes = fakeEffects(answers);
  const actor = createActor(orderPaymentMachine.provide(fakes.paymentEffects), {
    input,
    inspect: transitions.inspect,
  }).start();
  return { actor, ...fakes };
}

type Started = ReturnType<typeof start>;
const flush = () => vi.advanceTimersByTimeAsync(0);
const screen = (s: Started) => {
  const value = s.actor.getSnapshot().value;
  return typeof value === "object" && "open" in value ? (value.open as { screen: string }).screen : value;
};
const feed = (s: Started) => {
  const value = s.actor.getSnapshot().value as { open?: { feed: unknown } };
  return value.open?.feed;
};

/** The buy page has created the order (no intent), chains and address loaded: the pay screen of a pending order. */
async function pendingOrder(answers: Partial<Answers> = {}) {
  const s = start(answers);
  await flush();
  return s;
}

/** My orders opened the dialog for an order. */
async function existing(o: Order, answers: Partial<Answers> = {}, intent: "pay" | "cancel" = "pay") {
  const s = start(answers, { now: t0, order: o, intent });
  await flush();
  return s;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("orderPayment: chain and address", () => {
  it("shows that no chain is configured, and retries", async () => {
    let chains: PayChain[] = [];
    const s = await pendingOrder({ payOptions: async () => ({ chains, balance: balance("0") }) });
    expect(screen(s)).toBe("chainsFailed");
    expect(selectPayScreen(s.actor.getSnapshot())).toEqual({ kind: "chainsFailed", failure: null });
    chains = [eth];
    s.actor.send({ type: "order.retry" });
    await flush();
    expect(screen(s)).toBe("pending");
    expect(s.actor.getSnapshot().context.product).toBe("Eth");
  });

  it("shows why the chains could not be loaded", async () => {
    const s = await pendingOrder({ payOptions: () => Promise.reject(apiFailure("5000")) });
    expect(selectPayScreen(s.actor.getSnapshot())).toEqual({
      kind: "chainsFailed",
      failure: { errCode: "5000", errMsg: "failure 5000" },
    });
  });

  it("shows why the address could not be loaded; retries it or tries another configured chain", async () => {
    const s = await pendingOrder({
      address: ({ product }) =>
        product === "Devnet" ? Promise.reject(apiFailure("2207")) : Promise.resolve(wallet(product)),
    });
    expect(screen(s)).toBe("addressFailed");
    expect(selectPayScreen(s.actor.getSnapshot())).toMatchObject({
      kind: "addressFailed",
      failure: { errCode: "2207" },
    });
    s.actor.send({ type: "order.retry" });
    expect(screen(s)).toBe("loadingAddress");
    expect(s.actor.getSnapshot().context.failure).toBeNull();
    await flush();
    expect(screen(s)).toBe("addressFailed");
    s.actor.send({ type: "order.chain", product: "Tron" });
    expect(screen(s)).toBe("addressFailed");
    s.actor.send({ type: "order.chain", product: "Eth" });
    await flush();
    expect(screen(s)).toBe("pending");
    expect(s.called("loadAddress")).toEqual([{ product: "Devnet" }, { product: "Devnet" }, { product: "Eth" }]);
  });

  it("switches to another configured chain while paying, not to the same or an unknown one", async () => {
    const s = await pendingOrder();
    s.actor.send({ type: "order.chain", product: "Devnet" });
    s.actor.send({ type: "order.chain", product: "Tron" });
    expect(screen(s)).toBe("pending");
    s.actor.send({ type: "order.chain", product: "Eth" });
    expect(screen(s)).toBe("loadingAddress");
    await flush();
    expect(s.actor.getSnapshot().context.product).toBe("Eth");
    expect(selectPayment(s.actor.getSnapshot())?.uri).toBe(
      `ethereum:${eth.token.address}@1/transfer?address=${address}&uint256=29000000`,
    );
  });
});

describe("orderPayment: paying", () => {
  it("counts down on the server's clock and gives the QR request for what is still to pay", async () => {
    const s = await pendingOrder();
    expect(secondsLeft(s.actor.getSnapshot().context)).toBe(30 * 60);
    s.actor.send({ type: "clock.tick", now: t0 + 61_000 });
    expect(selectPayment(s.actor.getSnapshot())).toMatchObject({
      secondsLeft: 30 * 60 - 61,
      windowClosed: false,
      owed: true,
      uri: `ethereum:${devnet.token.address}@31337/transfer?address=${address}&uint256=29000000`,
      offers: { finishPay: true, fromBalance: false, devPay: true, cancel: true },
    });
  });

  it("finishes the payment: the server checks it (waiting)", async () => {
    const s = await pendingOrder();
    s.actor.send({ type: "order.finishPay" });
    expect(screen(s)).toBe("finishing");
    expect(selectPayment(s.actor.getSnapshot())?.busy).toBe("finishPay");
    await flush();
    expect(screen(s)).toBe("waiting");
    expect(s.called("finishPay")).toEqual([{ orderCode: "20260501000001" }]);
  });

  it("keeps the order open and shows why when Finish Pay is refused", async () => {
    const s = await pendingOrder({ finishPay: () => Promise.reject(apiFailure("2203")) });
    s.actor.send({ type: "order.finishPay" });
    await flush();
    expect(screen(s)).toBe("pending");
    expect(s.actor.getSnapshot().context.failure?.errCode).toBe("2203");
  });

  it("offers nothing but Cancel once the window has closed", async () => {
    const s = await pendingOrder({ payOptions: async () => ({ chains: [devnet], balance: balance("100") }) });
    s.actor.send({ type: "clock.tick", now: t0 + 30 * minute });
    expect(selectPayment(s.actor.getSnapshot())?.windowClosed).toBe(true);
    for (const type of ["order.finishPay", "order.payFromBalance", "order.devPay"] as const)
      expect(s.actor.getSnapshot().can({ type })).toBe(false);
    expect(s.actor.getSnapshot().can({ type: "order.cancel" })).toBe(true);
  });

  it("pays from the balance only when it covers what is still to pay", async () => {
    const poor = await pendingOrder();
    poor.actor.send({ type: "order.payFromBalance" });
    expect(screen(poor)).toBe("pending");

    const s = await pendingOrder({ payOptions: async () => ({ chains: [devnet], balance: balance("29") }) });
    expect(selectPayment(s.actor.getSnapshot())?.offers.fromBalance).toBe(true);
    s.actor.send({ type: "order.payFromBalance" });
    expect(screen(s)).toBe("payingFromBalance");
    await flush();
    expect(s.actor.getSnapshot().value).toBe("paid");
    expect(s.effects.stoppedWatches).toBe(1);
  });

  it("shows 2206 when the balance no longer covers it", async () => {
    const s = await pendingOrder({
      payOptions: async () => ({ chains: [devnet], balance: balance("50") }),
      payFromBalance: () => Promise.reject(apiFailure("2206")),
    });
    s.actor.send({ type: "order.payFromBalance" });
    await flush();
    expect(screen(s)).toBe("pending");
    expect(s.actor.getSnapshot().context.failure?.errCode).toBe("2206");
  });

  it("pays from the dev wallet on a devnet only, and then follows the feed", async () => {
    const onEth = await pendingOrder({ payOptions: async () => ({ chains: [eth], balance: balance("0") }) });
    onEth.actor.send({ type: "order.devPay" });
    expect(screen(onEth)).toBe("pending");

    const s = await pendingOrder();
    s.actor.send({ type: "order.devPay" });
    expect(screen(s)).toBe("devPaying");
    await flush();
    expect(s.called("devPay")).toEqual([{ orderCode: "20260501000001", product: "Devnet" }]);
    expect(screen(s)).toBe("pending");
    expect(selectPayment(s.actor.getSnapshot())?.devPayment).toEqual({
      txHash: "0xdev",
      blockNumber: "13",
      amount: "29.000000",
    });
  });

  it("shows 2208 when the dev wallet is refused", async () => {
    const s = await pendingOrder({ devPay: () => Promise.reject(apiFailure("2208")) });
    s.actor.send({ type: "order.devPay" });
    await flush();
    expect(s.actor.getSnapshot().context.failure?.errCode).toBe("2208");
  });
});

describe("orderPayment: cancelling", () => {
  it("asks first; keeping the order goes back to paying", async () => {
    const s = await pendingOrder();
    s.actor.send({ type: "order.cancel" });
    expect(screen(s)).toBe("confirmingCancel");
    s.actor.send({ type: "order.cancelDismiss" });
    expect(screen(s)).toBe("pending");
    expect(s.called("cancelOrder")).toEqual([]);
  });

  it("cancels once confirmed", async () => {
    const s = await pendingOrder();
    s.actor.send({ type: "order.cancel" });
    s.actor.send({ type: "order.cancelConfirm" });
    expect(screen(s)).toBe("cancelling");
    expect(selectPayment(s.actor.getSnapshot())?.busy).toBe("cancel");
    await flush();
    expect(s.actor.getSnapshot().value).toBe("cancelled");
    expect(selectPayScreen(s.actor.getSnapshot())).toEqual({ kind: "cancelled" });
  });

  it("shows 2209 and keeps the order when a transfer is confirming meanwhile", async () => {
    const s = await pendingOrder({ cancel: () => Promise.reject(apiFailure("2209")) });
    s.actor.send({ type: "order.cancel" });
    s.actor.send({ type: "order.cancelConfirm" });
    await flush();
    expect(screen(s)).toBe("pending");
    expect(s.actor.getSnapshot().context.failure?.errCode).toBe("2209");
  });

  it("does not offer to cancel while a transfer is confirming", async () => {
    const s = await pendingOrder();
    s.actor.send({ type: "order.updated", order: order({ status: "waiting", confirming: "29.000000" }) });
    s.actor.send({ type: "order.cancel" });
    expect(screen(s)).toBe("waiting");
  });

  it("names the order by what is bought: the package and its term (issue 26)", async () => {
    const s = await existing(order({ packageCode: "pro", termUnit: "quarter", termCount: 3 }), {}, "cancel");
    expect(selectOrderSummary(s.actor.getSnapshot())).toMatchObject({
      packageCode: "pro",
      term: { unit: "quarter", count: 3 },
    });
  });

  it("opens on the confirmation for My orders' Cancel; keeping the order closes the dialog", async () => {
    const s = await existing(order({ upgrade: "replace" }), {}, "cancel");
    expect(screen(s)).toBe("confirmingCancel");
    expect(selectOrderSummary(s.actor.getSnapshot())?.upgradeNote).toBe("replace");
    expect(selectPayScreen(s.actor.getSnapshot())).toEqual({ kind: "summary" });
    s.actor.send({ type: "order.cancelDismiss" });
    expect(s.actor.getSnapshot().value).toBe("closed");
    expect(s.actor.getSnapshot().status).toBe("done");
    expect(s.effects.closeDialog).toBe(1);
  });

  it("shows an upgrade's price, credit and what is due before paying, and nothing of it without a credit", async () => {
    const upgrade = order({ upgrade: "replace", price: "79", credit: "9.666666", amount: "69.333334" });
    const s = await existing(upgrade, {}, "cancel");
    expect(selectOrderSummary(s.actor.getSnapshot())?.credit).toEqual({
      price: "79",
      credit: "9.666666",
      due: "69.333334",
    });
    const plain = await existing(order({ upgrade: "replace", credit: "0" }), {}, "cancel");
    expect(selectOrderSummary(plain.actor.getSnapshot())?.credit).toBeNull();
  });

  it("turns into the pay screen when My orders' Cancel is refused", async () => {
    const s = await existing(order(), { cancel: () => Promise.reject(apiFailure("2203")) }, "cancel");
    s.actor.send({ type: "order.cancelConfirm" });
    await flush();
    expect(screen(s)).toBe("pending");
    expect(s.actor.getSnapshot().context.failure?.errCode).toBe("2203");
    expect(s.called("loadAddress")).toHaveLength(1);
  });
});

describe("orderPayment: the order's live status", () => {
  it("follows a transfer seen: waiting, with its confirmations from the detail", async () => {
    const s = await pendingOrder();
    s.actor.send({ type: "order.updated", order: order({ status: "waiting", confirming: "29.000000" }) });
    expect(screen(s)).toBe("waiting");
    expect(feed(s)).toEqual({ live: "loadingDetail" });
    await flush();
    expect(feed(s)).toEqual({ live: "listening" });
    expect(selectPayment(s.actor.getSnapshot())).toMatchObject({
      checking: true,
      live: true,
      // The whole amount is seen confirming: nothing is left to send, and nothing invites a second payment.
      owed: false,
      toSend: "0",
      confirmingNow: true,
      uri: null,
      transfers: [{ txHash: "0xabc", confirmations: 2, required: 6, confirmed: false }],
    });
  });

  it("offers no second payment while a transfer confirms; a short one leaves only the rest to send, once confirmed", async () => {
    const s = await pendingOrder({ payOptions: async () => ({ chains: [devnet], balance: balance("100") }) });
    s.actor.send({ type: "order.updated", order: order({ status: "waiting", confirming: "20" }) });
    await flush();
    const snapshot = () => s.actor.getSnapshot();
    for (const type of ["order.finishPay", "order.devPay", "order.payFromBalance"] as const)
      expect(snapshot().can({ type }), `${type} while confirming`).toBe(false);
    expect(selectPayment(snapshot())).toMatchObject({ toSend: "9", owed: true, confirmingNow: true });
    // Confirmed and still 9 short: the rest may be paid, and only the rest is asked for.
    s.actor.send({
      type: "order.updated",
      order: order({ status: "waiting", received: "20", confirming: "0", remaining: "9" }),
    });
    await flush();
    for (const type of ["order.finishPay", "order.devPay", "order.payFromBalance"] as const)
      expect(snapshot().can({ type }), `${type} once confirmed`).toBe(true);
    expect(selectPayment(snapshot())).toMatchObject({ toSend: "9", confirmingNow: false });
  });

  it("waits for the next change when the detail cannot be loaded", async () => {
    const s = await pendingOrder({ detail: () => Promise.reject(apiFailure("5000")) });
    s.actor.send({ type: "order.updated", order: order({ status: "waiting" }) });
    await flush();
    expect(feed(s)).toEqual({ live: "listening" });
    expect(s.actor.getSnapshot().context.failure).toBeNull();
  });

  it("keeps pending when the stream repeats the order", async () => {
    const s = await pendingOrder();
    s.actor.send({ type: "order.updated", order: order({ serverTime: iso(t0 + serverAhead + 5000) }) });
    expect(screen(s)).toBe("pending");
    expect(feed(s)).toEqual({ live: "listening" });
  });

  it.each([
    ["paid", "paid"],
    ["failed", "failed"],
    ["cancelled", "cancelled"],
  ] as const)("shows the order %s when the stream says so, and stops following it", async (status, state) => {
    const s = await pendingOrder();
    s.actor.send({ type: "order.updated", order: order({ status }) });
    expect(s.actor.getSnapshot().value).toBe(state);
    expect(s.effects.stoppedWatches).toBe(1);
  });

  it("leaves a short transfer waiting, with what is still to pay", async () => {
    const s = await pendingOrder();
    s.actor.send({
      type: "order.updated",
      order: order({ status: "waiting", received: "20.000000", remaining: "9.000000" }),
    });
    await flush();
    s.actor.send({
      type: "order.updated",
      order: order({ status: "waiting", received: "20.000000", remaining: "9.000000" }),
    });
    expect(screen(s)).toBe("waiting");
    expect(selectPayment(s.actor.getSnapshot())).toMatchObject({
      remaining: "9.000000",
      received: "20.000000",
      owed: true,
    });
    expect(selectPayment(s.actor.getSnapshot())?.uri).toContain("uint256=9000000");
  });

  it("lets a call finish when the stream reports a change meanwhile, unless the order ended", async () => {
    let release: (o: Order) => void = () => {};
    const s = await pendingOrder({ finishPay: () => new Promise((resolve) => (release = resolve)) });
    s.actor.send({ type: "order.finishPay" });
    s.actor.send({ type: "order.updated", order: order({ status: "waiting" }) });
    expect(screen(s)).toBe("finishing");
    expect(s.actor.getSnapshot().context.order?.status).toBe("waiting");
    s.actor.send({ type: "order.updated", order: order({ status: "paid" }) });
    expect(s.actor.getSnapshot().value).toBe("paid");
    release(order({ status: "waiting" }));
    await flush();
    expect(s.actor.getSnapshot().value).toBe("paid");
  });

  it("polls the order every 3 s once the stream fails, and follows what the polls say", async () => {
    let polled: OrderDetail = detail({ status: "pending", transfers: [], confirming: "0.000000" });
    let failOnce = true;
    const s = await pendingOrder({
      poll: async () => {
        if (failOnce) {
          failOnce = false;
          throw apiFailure("5000");
        }
        return polled;
      },
    });
    s.actor.send({ type: "order.streamFailed" });
    expect(feed(s)).toEqual({ polling: "pause" });
    expect(selectPayment(s.actor.getSnapshot())?.live).toBe(false);
    await vi.advanceTimersByTimeAsync(orderPollMs);
    expect(s.called("pollOrder")).toHaveLength(1);
    expect(feed(s)).toEqual({ polling: "pause" });
    await vi.advanceTimersByTimeAsync(orderPollMs);
    expect(screen(s)).toBe("pending");
    polled = detail();
    await vi.advanceTimersByTimeAsync(orderPollMs);
    expect(screen(s)).toBe("waiting");
    expect(selectPayment(s.actor.getSnapshot())?.transfers).toHaveLength(1);
    polled = detail({
      status: "paid",
      confirming: "0.000000",
      received: "29.000000",
      remaining: "0.000000",
      transfers: [transfer({ status: "confirmed", confirmations: 6 })],
    });
    await vi.advanceTimersByTimeAsync(orderPollMs);
    expect(s.actor.getSnapshot().value).toBe("paid");
    expect(s.called("pollOrder")).toHaveLength(4);
  });

  it("tells the window closing without the full amount from the server (failed)", async () => {
    const s = await pendingOrder();
    s.actor.send({ type: "clock.tick", now: t0 + 31 * minute });
    expect(screen(s)).toBe("pending");
    s.actor.send({ type: "order.updated", order: order({ status: "failed" }) });
    expect(s.actor.getSnapshot().value).toBe("failed");
    expect(selectPayScreen(s.actor.getSnapshot())).toEqual({ kind: "failed" });
  });
});

describe("orderPayment: waiting", () => {
  async function waitingOrder(answers: Partial<Answers> = {}) {
    const s = await existing(order({ status: "waiting", received: "20.000000", remaining: "9.000000" }), {
      payOptions: async () => ({ chains: [devnet, eth], balance: balance("9") }),
      ...answers,
    });
    expect(screen(s)).toBe("waiting");
    return s;
  }

  it("keeps Finish Pay offered after a transfer moved the order to waiting, until it is pressed once", async () => {
    let calls = 0;
    const s = await waitingOrder({
      finishPay: async () => {
        calls += 1;
        return order({ status: "waiting", received: "20.000000", remaining: "9.000000" });
      },
    });
    expect(s.actor.getSnapshot().can({ type: "order.finishPay" })).toBe(true);
    expect(selectPayment(s.actor.getSnapshot())?.offers.finishPay).toBe(true);
    s.actor.send({ type: "order.finishPay" });
    await flush();
    expect(calls).toBe(1);
    expect(screen(s)).toBe("waiting");
    expect(s.actor.getSnapshot().can({ type: "order.finishPay" })).toBe(false);
    expect(selectPayment(s.actor.getSnapshot())?.offers.finishPay).toBe(false);
  });

  it("still takes the rest from the balance, or the dev wallet", async () => {
    const s = await waitingOrder();
    s.actor.send({ type: "order.payFromBalance" });
    await flush();
    expect(s.actor.getSnapshot().value).toBe("paid");
    const d = await waitingOrder();
    d.actor.send({ type: "order.devPay" });
    await flush();
    expect(screen(d)).toBe("waiting");
  });

  it("switches chain, cancels and follows the stream like a pending order", async () => {
    const s = await waitingOrder({ cancel: () => Promise.reject(apiFailure("2209")) });
    s.actor.send({ type: "order.chain", product: "Eth" });
    await flush();
    expect(screen(s)).toBe("waiting");
    s.actor.send({ type: "order.cancel" });
    s.actor.send({ type: "order.cancelConfirm" });
    await flush();
    expect(screen(s)).toBe("waiting");
    expect(s.actor.getSnapshot().context.failure?.errCode).toBe("2209");
    s.actor.send({ type: "order.cancel" });
    s.actor.send({ type: "order.cancelDismiss" });
    expect(screen(s)).toBe("waiting");
    s.actor.send({ type: "order.updated", order: order({ status: "paid" }) });
    expect(s.actor.getSnapshot().value).toBe("paid");
  });
});

describe("orderPayment: how a paid order is announced", () => {
  it("says a payment completed, and a free trial started (nothing was paid)", async () => {
    const paid = await existing(order({ status: "paid", payType: "chain", remaining: "0.000000" }));
    expect(selectPaidQuestionOpen(paid.actor.getSnapshot())).toBe(true);
    expect(selectPaidTitleKey(paid.actor.getSnapshot())).toBe("orderPayment.paidTitle");
    const trial = await existing(order({ status: "paid", payType: "free", amount: "0.000000", remaining: "0.000000" }));
    expect(selectPaidQuestionOpen(trial.actor.getSnapshot())).toBe(true);
    expect(selectPaidTitleKey(trial.actor.getSnapshot())).toBe("orderPayment.trialStartedTitle");
  });
});

describe("orderPayment: closing", () => {
  it("closes from every screen that is not waiting for a call", async () => {
    const hang = () => new Promise<never>(() => {});
    const loadingChains = await pendingOrder({ payOptions: hang });
    const chainsFailed = await pendingOrder({ payOptions: async () => ({ chains: [], balance: balance("0") }) });
    const loadingAddress = await pendingOrder({ address: hang });
    const addressFailed = await pendingOrder({ address: () => Promise.reject(apiFailure("5000")) });
    const pending = await pendingOrder();
    const waiting = await existing(order({ status: "waiting" }));
    for (const [s, state] of [
      [loadingChains, "loadingChains"],
      [chainsFailed, "chainsFailed"],
      [loadingAddress, "loadingAddress"],
      [addressFailed, "addressFailed"],
      [pending, "pending"],
      [waiting, "waiting"],
    ] as const) {
      expect(screen(s)).toBe(state);
      s.actor.send({ type: "order.close" });
      // The page decides what comes next (the buy page: its catalogue, order-purchase.test.ts).
      expect(s.actor.getSnapshot().value).toBe("closed");
      expect(s.actor.getSnapshot().output).toEqual({ order: s.actor.getSnapshot().context.order, now: t0 });
    }
    expect(waiting.effects.closeDialog).toBe(1);
  });

  it("cannot close while a call is under way", async () => {
    const s = await pendingOrder({ finishPay: () => new Promise<never>(() => {}) });
    s.actor.send({ type: "order.finishPay" });
    expect(s.actor.getSnapshot().can({ type: "order.close" })).toBe(false);
    s.actor.send({ type: "order.close" });
    expect(screen(s)).toBe("finishing");
  });

  it("asks 'go to my orders?' once paid on the buy page: yes goes there, no closes; My orders' dialog only closes", async () => {
    const onOrders = await existing(order({ status: "paid", payType: "chain" }));
    expect(onOrders.actor.getSnapshot().value).toBe("paid");
    expect(onOrders.actor.getSnapshot().can({ type: "order.goToOrders" })).toBe(false);
    onOrders.actor.send({ type: "order.close" });
    expect(onOrders.effects).toMatchObject({ goToOrders: 0, closeDialog: 1 });

    const yes = await pendingOrder({ payOptions: async () => ({ chains: [devnet], balance: balance("29") }) });
    yes.actor.send({ type: "order.payFromBalance" });
    await flush();
    expect(yes.actor.getSnapshot().value).toBe("paid");
    yes.actor.send({ type: "order.goToOrders" });
    expect(yes.effects).toMatchObject({ goToOrders: 1, closeDialog: 1 });
    expect(yes.actor.getSnapshot().value).toBe("closed");

    // On the buy page "no" shows the catalogue again (order-purchase.test.ts); My orders' dialog closes.
    const no = await pendingOrder({ payOptions: async () => ({ chains: [devnet], balance: balance("29") }) });
    no.actor.send({ type: "order.payFromBalance" });
    await flush();
    expect(no.actor.getSnapshot().value).toBe("paid");
    no.actor.send({ type: "order.close" });
    expect(no.effects.goToOrders).toBe(0);
    expect(no.actor.getSnapshot().value).toBe("closed");
    expect(no.effects.closeDialog).toBe(1);
  });

  it.each(["failed", "cancelled"] as const)("closes a %s order", async (status) => {
    const s = await existing(order({ status }));
    expect(s.actor.getSnapshot().value).toBe(status);
    s.actor.send({ type: "order.close" });
    expect(s.actor.getSnapshot().value).toBe("closed");
  });
});

afterAll(() => {
  const missing = transitions.untaken(orderPaymentMachine);
  expect(missing, `transitions no test takes:\n${missing.join("\n")}`).toEqual([]);
});
