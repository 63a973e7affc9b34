import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AnyStateNode, type AnyTransitionDefinition, createActor, fromCallback, fromPromise } from "xstate";
import { getStateNodes } from "xstate/graph";
import type { BalanceResult } from "../../contracts/schemas/balance.ts";
import type { DevPayResult, PayChain } from "../../contracts/schemas/chains.ts";
import type { Order, OrderDetail, OrderTransfer } from "../../contracts/schemas/order.ts";
import type { ServicePackage } from "../../contracts/schemas/packages.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import type { UserWalletResult } from "../../contracts/schemas/wallet.ts";
import {
  type Catalogue,
  type OrderPaymentInput,
  orderPaymentMachine,
  orderPollMs,
  type PayOptions,
  secondsLeft,
} from "./order-payment.ts";
import { selectCatalogue, selectOrderSummary, selectPayment, selectPayScreen } from "./order-payment-selectors.ts";
import { apiFailure } from "../test-support.ts";

// Every transition the tests take, checked against all of the machine's at the end.
const taken = new Set<string>();
const nameOf = (t: AnyTransitionDefinition) =>
  `${t.source.id} on ${t.eventType || "always"}${t.guard ? ` [${typeof t.guard === "string" ? t.guard : (t.guard as { type?: string }).type}]` : ""} → ${t.target?.map((n) => n.id).join(", ") ?? "(stays)"}`;

const t0 = Date.parse("2026-05-01T08:00:00.000Z");
const minute = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const limits = (n: number | null) => ({ wallets: n, currencies: n, applications: n });
const pkg = (code: string, over: Partial<ServicePackage> = {}): ServicePackage => ({
  id: { trial: "1", basic: "2", pro: "3", enterprise: "4" }[code] ?? "9",
  code,
  name: code,
  kind: "standard",
  price: "29",
  termUnit: "month",
  termCount: 1,
  termMonths: 1,
  limits: limits(3),
  ...over,
});
const trial = pkg("trial", {
  kind: "trial",
  price: "0",
  termUnit: "day",
  termCount: 7,
  termMonths: 0,
  limits: limits(1),
});
const basic = pkg("basic");
const enterprise = pkg("enterprise", {
  kind: "enterprise",
  price: "999",
  termUnit: "year",
  termMonths: 12,
  limits: limits(null),
});
const subscription = (over: Partial<SubscriptionResult> = {}): SubscriptionResult => ({
  package: null,
  expiresAt: null,
  active: false,
  trialAvailable: true,
  usage: { wallets: 0, currencies: 0, applications: 0 },
  serverTime: iso(t0),
  ...over,
});
const balance = (amount: string): BalanceResult => ({ balance: amount, currency: "USDT", entries: [] });

// The server's clock runs 30 s ahead of the browser's.
const serverAhead = 30_000;
const order = (over: Partial<Order> = {}): Order => ({
  orderCode: "20260501000001",
  packageId: basic.id,
  packageCode: "basic",
  packageName: "Basic",
  termUnit: "month",
  termCount: 1,
  termMonths: 1,
  limits: limits(3),
  amount: "29.000000",
  currency: "USDT",
  status: "pending",
  upgrade: "new",
  createdAt: iso(t0 + serverAhead),
  expiresAt: iso(t0 + serverAhead + 30 * minute),
  paidAt: null,
  payType: null,
  received: "0.000000",
  confirming: "0.000000",
  remaining: "29.000000",
  serverTime: iso(t0 + serverAhead),
  ...over,
});
const transfer = (over: Partial<OrderTransfer> = {}): OrderTransfer => ({
  product: "Devnet",
  chainId: 31337,
  txHash: "0xabc",
  logIndex: 0,
  blockNumber: "12",
  from: "0x1",
  amount: "29.000000",
  confirmations: 2,
  required: 6,
  status: "seen",
  seenAt: iso(t0),
  ...over,
});
const detail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  ...order({ status: "waiting", confirming: "29.000000" }),
  transfers: [transfer()],
  fromBalance: "0.000000",
  packageExpiresAt: null,
  ...over,
});
const devnet: PayChain = {
  product: "Devnet",
  chainId: 31337,
  token: { symbol: "USDT", address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", decimals: 6 },
  confirmations: 6,
  devnet: true,
};
const eth: PayChain = {
  product: "Eth",
  chainId: 1,
  token: { symbol: "USDT", address: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 },
  confirmations: 12,
  devnet: false,
};
const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const wallet = (product: string): UserWalletResult => ({ product, address, currency: "USDT" });

type Answer<I, O> = (input: I) => Promise<O>;
interface Answers {
  catalogue: Answer<unknown, Catalogue>;
  create: Answer<{ packageId: string }, Order>;
  payOptions: Answer<unknown, PayOptions>;
  address: Answer<{ product: string }, UserWalletResult>;
  finishPay: Answer<{ orderCode: string }, Order>;
  payFromBalance: Answer<{ orderCode: string }, Order>;
  devPay: Answer<{ orderCode: string; product: string }, DevPayResult>;
  cancel: Answer<{ orderCode: string }, Order>;
  detail: Answer<{ orderCode: string }, OrderDetail>;
  poll: Answer<{ orderCode: string }, OrderDetail>;
}

const defaults: Answers = {
  catalogue: async () => ({
    packages: [trial, basic, enterprise],
    subscription: subscription(),
    balance: balance("10"),
  }),
  create: async ({ packageId }) =>
    packageId === trial.id
      ? order({ packageId, packageCode: "trial", amount: "0", remaining: "0", status: "paid", payType: "free" })
      : order(),
  payOptions: async () => ({ chains: [devnet, eth], balance: balance("10") }),
  address: async ({ product }) => wallet(product),
  finishPay: async () => order({ status: "waiting" }),
  payFromBalance: async () =>
    order({ status: "paid", payType: "balance", received: "29.000000", remaining: "0.000000" }),
  devPay: async () => ({ txHash: "0xdev", blockNumber: "13", amount: "29.000000" }),
  cancel: async () => order({ status: "cancelled" }),
  detail: async () => detail(),
  poll: async () => detail(),
};

function start(answers: Partial<Answers> = {}, input: OrderPaymentInput = { now: t0 }) {
  const a = { ...defaults, ...answers };
  const calls: Array<{ actor: string; input: unknown }> = [];
  const effects = { goToOrders: 0, closeDialog: 0, watching: [] as string[], stoppedWatches: 0 };
  const recorded =
    <I, O>(actor: string, answer: Answer<I, O>) =>
    async ({ input }: { input: I }) => {
      calls.push({ actor, input });
      return answer(input);
    };
  const machine = orderPaymentMachine.provide({
    actors: {
      loadCatalogue: fromPromise(recorded("loadCatalogue", a.catalogue)),
      createOrder: fromPromise(recorded("createOrder", a.create)),
      loadPayOptions: fromPromise(recorded("loadPayOptions", a.payOptions)),
      loadAddress: fromPromise(recorded("loadAddress", a.address)),
      finishPay: fromPromise(recorded("finishPay", a.finishPay)),
      payFromBalance: fromPromise(recorded("payFromBalance", a.payFromBalance)),
      devPay: fromPromise(recorded("devPay", a.devPay)),
      cancelOrder: fromPromise(recorded("cancelOrder", a.cancel)),
      loadDetail: fromPromise(recorded("loadDetail", a.detail)),
      pollOrder: fromPromise(recorded("pollOrder", a.poll)),
      // The test sends the stream's events and the clock's ticks itself.
      watchOrder: fromCallback(({ input }) => {
        effects.watching.push(input.orderCode);
        return () => {
          effects.stoppedWatches++;
        };
      }),
      clock: fromCallback(() => () => undefined),
    },
    actions: {
      goToOrders: () => {
        effects.goToOrders++;
      },
      closeDialog: () => {
        effects.closeDialog++;
      },
    },
  });
  const actor = createActor(machine, {
    input,
    inspect: (event) => {
      if (event.type === "@xstate.microstep") for (const t of event._transitions) taken.add(nameOf(t));
    },
  }).start();
  const called = (name: string) => calls.filter((c) => c.actor === name).map((c) => c.input);
  return { actor, calls, called, effects };
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

/** Catalogue loaded, basic chosen, order created, chains and address loaded: the pay screen of a pending order. */
async function pendingOrder(answers: Partial<Answers> = {}) {
  const s = start(answers);
  await flush();
  s.actor.send({ type: "package.select", packageId: basic.id });
  s.actor.send({ type: "order.create" });
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

describe("orderPayment: the catalogue", () => {
  it("loads packages, the current package and the balance, then waits for a choice", async () => {
    const s = start();
    expect(s.actor.getSnapshot().value).toBe("loadingCatalogue");
    expect(s.actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    expect(s.actor.getSnapshot().value).toBe("choosing");
    expect(s.actor.getSnapshot().context).toMatchObject({
      packages: [trial, basic, enterprise],
      balance: "10",
      selectedPackageId: null,
    });
    expect(selectCatalogue(s.actor.getSnapshot())).toMatchObject({
      kind: "ready",
      busy: false,
      problem: null,
      resumable: null,
      effect: null,
    });
  });

  it("shows why the catalogue could not be loaded, and retries", async () => {
    let attempt = 0;
    const s = start({
      catalogue: async () => (++attempt === 1 ? Promise.reject(apiFailure("5000")) : defaults.catalogue(undefined)),
    });
    await flush();
    expect(s.actor.getSnapshot().value).toBe("catalogueFailed");
    expect(selectCatalogue(s.actor.getSnapshot())).toEqual({
      kind: "failed",
      failure: { errCode: "5000", errMsg: "failure 5000" },
    });
    s.actor.send({ type: "catalogue.retry" });
    await flush();
    expect(s.actor.getSnapshot().value).toBe("choosing");
    expect(s.actor.getSnapshot().context.failure).toBeNull();
  });

  it("shows an empty catalogue as nothing on offer, and retries", async () => {
    let offered: ServicePackage[] = [];
    const s = start({
      catalogue: async () => ({ packages: offered, subscription: subscription(), balance: balance("0") }),
    });
    await flush();
    expect(s.actor.getSnapshot().value).toBe("catalogueFailed");
    expect(selectCatalogue(s.actor.getSnapshot())).toEqual({ kind: "empty" });
    offered = [basic];
    s.actor.send({ type: "catalogue.retry" });
    await flush();
    expect(s.actor.getSnapshot().value).toBe("choosing");
  });

  it("says what buying the chosen package does to the current one", async () => {
    const effect = async (current: SubscriptionResult, packageId: string) => {
      const s = start({
        catalogue: async () => ({ packages: [trial, basic, enterprise], subscription: current, balance: balance("0") }),
      });
      await flush();
      s.actor.send({ type: "package.select", packageId });
      const view = selectCatalogue(s.actor.getSnapshot());
      return view.kind === "ready" ? view.effect : "not ready";
    };
    expect(await effect(subscription(), basic.id)).toBe("new");
    expect(
      await effect(subscription({ package: basic, active: true, expiresAt: iso(t0 + 9 * minute) }), basic.id),
    ).toBe("extend");
    expect(
      await effect(subscription({ package: basic, active: true, expiresAt: iso(t0 + 9 * minute) }), enterprise.id),
    ).toBe("replace");
    expect(
      await effect(subscription({ package: basic, active: false, expiresAt: iso(t0 - minute) }), enterprise.id),
    ).toBe("new");
  });

  it("says 'Please select the current package first' without a call when nothing is chosen", async () => {
    const s = start();
    await flush();
    s.actor.send({ type: "order.create" });
    expect(s.actor.getSnapshot().value).toBe("choosing");
    expect(s.actor.getSnapshot().context.fieldErrors).toEqual({ packageId: "validation.packageRequired" });
    expect(s.called("createOrder")).toEqual([]);
    // Choosing a package clears the message.
    s.actor.send({ type: "package.select", packageId: basic.id });
    expect(s.actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it("chooses only packages of the catalogue, and the trial only while it is available", async () => {
    const s = start({
      catalogue: async () => ({
        packages: [trial, basic],
        subscription: subscription({ trialAvailable: false }),
        balance: balance("0"),
      }),
    });
    await flush();
    s.actor.send({ type: "package.select", packageId: "404" });
    s.actor.send({ type: "package.select", packageId: trial.id });
    expect(s.actor.getSnapshot().context.selectedPackageId).toBeNull();
    expect(selectCatalogue(s.actor.getSnapshot())).toMatchObject({
      cards: [
        { code: "trial", selectable: false, trialUsed: true },
        { code: "basic", selectable: true },
      ],
    });
    s.actor.send({ type: "package.select", packageId: basic.id });
    expect(s.actor.getSnapshot().context.selectedPackageId).toBe(basic.id);
  });

  it("creates the order and opens its pay dialog on the first configured chain", async () => {
    const s = await pendingOrder();
    expect(s.called("createOrder")).toEqual([{ packageId: basic.id }]);
    expect(s.called("loadAddress")).toEqual([{ product: "Devnet" }]);
    expect(screen(s)).toBe("pending");
    expect(s.actor.getSnapshot().hasTag("payDialog")).toBe(true);
    expect(s.effects.watching).toEqual(["20260501000001"]);
    expect(s.actor.getSnapshot().context).toMatchObject({ product: "Devnet", address, skewMs: serverAhead });
    expect(selectOrderSummary(s.actor.getSnapshot())?.upgradeNote).toBeNull();
  });

  it("holds the catalogue while the order is created", async () => {
    let release: (o: Order) => void = () => {};
    const s = start({ create: () => new Promise((resolve) => (release = resolve)) });
    await flush();
    s.actor.send({ type: "package.select", packageId: basic.id });
    s.actor.send({ type: "order.create" });
    expect(s.actor.getSnapshot().value).toBe("creating");
    expect(s.actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(s.actor.getSnapshot().can({ type: "package.select", packageId: enterprise.id })).toBe(false);
    release(order());
    await flush();
    expect(screen(s)).toBe("pending");
  });

  it("takes the trial straight to paid: the server pays it on create", async () => {
    const s = start();
    await flush();
    s.actor.send({ type: "package.select", packageId: trial.id });
    s.actor.send({ type: "order.create" });
    await flush();
    expect(s.actor.getSnapshot().value).toBe("paid");
    expect(s.actor.getSnapshot().context.order).toMatchObject({ status: "paid", payType: "free" });
    expect(s.called("loadPayOptions")).toEqual([]);
  });

  it.each([
    ["2204", true],
    ["2205", false],
    ["2201", false],
  ])("shows the server's refusal %s and stays on the catalogue", async (errCode, elsewhere) => {
    const s = start({ create: () => Promise.reject(apiFailure(errCode)) });
    await flush();
    s.actor.send({ type: "package.select", packageId: basic.id });
    s.actor.send({ type: "order.create" });
    await flush();
    expect(s.actor.getSnapshot().value).toBe("choosing");
    expect(selectCatalogue(s.actor.getSnapshot())).toMatchObject({
      failure: { errCode },
      openOrderElsewhere: elsewhere,
    });
  });

  it("resumes only an order left open", async () => {
    const s = start();
    await flush();
    s.actor.send({ type: "order.resume" });
    expect(s.actor.getSnapshot().value).toBe("choosing");
  });
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
      owed: true,
      transfers: [{ txHash: "0xabc", confirmations: 2, required: 6, confirmed: false }],
    });
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

describe("orderPayment: closing", () => {
  it("goes back to the catalogue from the buy page, offering to continue paying", async () => {
    const s = await pendingOrder();
    s.actor.send({ type: "order.close" });
    expect(s.actor.getSnapshot().value).toBe("loadingCatalogue");
    expect(s.effects.stoppedWatches).toBe(1);
    await flush();
    expect(selectCatalogue(s.actor.getSnapshot())).toMatchObject({ resumable: { orderCode: "20260501000001" } });
    s.actor.send({ type: "order.resume" });
    expect(screen(s)).toBe("loadingChains");
    await flush();
    expect(screen(s)).toBe("pending");
    expect(s.effects.watching).toHaveLength(2);
  });

  it("closes from every screen that is not waiting for a call", async () => {
    const hang = () => new Promise<never>(() => {});
    const loadingChains = await pendingOrder({ payOptions: hang });
    const chainsFailed = await pendingOrder({ payOptions: async () => ({ chains: [], balance: balance("0") }) });
    const loadingAddress = await pendingOrder({ address: hang });
    const addressFailed = await pendingOrder({ address: () => Promise.reject(apiFailure("5000")) });
    const waiting = await existing(order({ status: "waiting" }));
    for (const [s, state] of [
      [loadingChains, "loadingChains"],
      [chainsFailed, "chainsFailed"],
      [loadingAddress, "loadingAddress"],
      [addressFailed, "addressFailed"],
      [waiting, "waiting"],
    ] as const) {
      expect(screen(s)).toBe(state);
      s.actor.send({ type: "order.close" });
      expect(["loadingCatalogue", "closed"]).toContain(s.actor.getSnapshot().value);
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

  it("asks 'go to my orders?' once paid: yes goes there, no closes", async () => {
    const yes = await existing(order({ status: "paid", payType: "chain" }));
    expect(yes.actor.getSnapshot().value).toBe("paid");
    yes.actor.send({ type: "order.goToOrders" });
    expect(yes.effects).toMatchObject({ goToOrders: 1, closeDialog: 1 });
    expect(yes.actor.getSnapshot().value).toBe("closed");

    const no = await pendingOrder({ payOptions: async () => ({ chains: [devnet], balance: balance("29") }) });
    no.actor.send({ type: "order.payFromBalance" });
    await flush();
    no.actor.send({ type: "order.close" });
    expect(no.effects.goToOrders).toBe(0);
    expect(no.actor.getSnapshot().value).toBe("loadingCatalogue");
  });

  it.each(["failed", "cancelled"] as const)("closes a %s order", async (status) => {
    const s = await existing(order({ status }));
    expect(s.actor.getSnapshot().value).toBe(status);
    s.actor.send({ type: "order.close" });
    expect(s.actor.getSnapshot().value).toBe("closed");
  });
});

afterAll(() => {
  const all = new Set<string>();
  const nodes: AnyStateNode[] = [orderPaymentMachine.root, ...getStateNodes(orderPaymentMachine.root)];
  for (const node of nodes) {
    for (const list of node.transitions.values()) for (const t of list) all.add(nameOf(t));
    for (const t of node.always ?? []) all.add(nameOf(t));
  }
  const missing = [...all].filter((name) => !taken.has(name));
  expect(missing, `transitions no test takes:\n${missing.join("\n")}`).toEqual([]);
});
