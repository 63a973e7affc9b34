import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import type { Order } from "../../contracts/schemas/orders.ts";
import type { ServicePackage } from "../../contracts/schemas/packages.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import { orderPaymentMachine, secondsLeft } from "./order-payment.ts";
import { selectOrderSummary } from "./order-payment-selectors.ts";
import { orderPurchaseMachine } from "./order-purchase.ts";
import { selectCatalogue, selectPaymentActor } from "./order-purchase-selectors.ts";
import {
  type Answers,
  address,
  balance,
  basic,
  defaults,
  devnet,
  enterprise,
  fakeEffects,
  iso,
  minute,
  order,
  serverAhead,
  subscription,
  t0,
  transitionsTaken,
  trial,
} from "./order-test-support.ts";
import { apiFailure } from "../test-support.ts";

// Every transition the tests take, checked against all of the machine's at the end.
const transitions = transitionsTaken();

/** The buy page: the catalogue, and the pay dialog of the order it creates (orderPayment, with the same fakes). */
function start(answers: Partial<Answers> = {}) {
  const fakes = fakeEffects(answers);
  const machine = orderPurchaseMachine.provide({
    actors: { ...fakes.purchaseActors, orderPayment: orderPaymentMachine.provide(fakes.paymentEffects) },
  });
  const actor = createActor(machine, { input: { now: t0 }, inspect: transitions.inspect }).start();
  /** The pay dialog's actor; the test fails when none is open. */
  const payment = () => {
    const child = selectPaymentActor(actor.getSnapshot());
    if (!child) throw new Error(`no pay dialog in ${JSON.stringify(actor.getSnapshot().value)}`);
    return child;
  };
  return { actor, payment, ...fakes };
}

type Started = ReturnType<typeof start>;
const flush = () => vi.advanceTimersByTimeAsync(0);
/** The pay dialog's screen, or how its order ended. */
const screen = (s: Started) => {
  const value = s.payment().getSnapshot().value;
  return typeof value === "object" && "open" in value ? (value.open as { screen: string }).screen : value;
};

/** Catalogue loaded, basic chosen, order created, chains and address loaded: the pay screen of a pending order. */
async function pendingOrder(answers: Partial<Answers> = {}) {
  const s = start(answers);
  await flush();
  s.actor.send({ type: "package.select", packageId: basic.id });
  s.actor.send({ type: "order.create", now: t0 });
  await flush();
  return s;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("orderPurchase: the catalogue", () => {
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
    s.actor.send({ type: "order.create", now: t0 });
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
    expect(s.payment().getSnapshot().hasTag("payDialog")).toBe(true);
    expect(s.effects.watching).toEqual(["20260501000001"]);
    expect(s.payment().getSnapshot().context).toMatchObject({ product: "Devnet", address, skewMs: serverAhead });
    expect(selectOrderSummary(s.payment().getSnapshot())?.upgradeNote).toBeNull();
  });

  it("counts the order's window down from when it was created, however long the page was open before", async () => {
    const later = t0 + 7 * minute;
    const created = order({ serverTime: iso(later + serverAhead), expiresAt: iso(later + serverAhead + 30 * minute) });
    const s = start({ create: async () => created });
    await flush();
    s.actor.send({ type: "package.select", packageId: basic.id });
    // Seven minutes after the page opened, Create order; the dialog's clock ticks at once when it opens.
    s.actor.send({ type: "order.create", now: later });
    await flush();
    s.payment().send({ type: "clock.tick", now: later });
    expect(s.payment().getSnapshot().context.skewMs).toBe(serverAhead);
    expect(secondsLeft(s.payment().getSnapshot().context)).toBe(30 * 60);
  });

  it("holds the catalogue while the order is created", async () => {
    let release: (o: Order) => void = () => {};
    const s = start({ create: () => new Promise((resolve) => (release = resolve)) });
    await flush();
    s.actor.send({ type: "package.select", packageId: basic.id });
    s.actor.send({ type: "order.create", now: t0 });
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
    s.actor.send({ type: "order.create", now: t0 });
    await flush();
    expect(s.actor.getSnapshot().value).toBe("paying");
    expect(s.payment().getSnapshot().value).toBe("paid");
    expect(s.payment().getSnapshot().context.order).toMatchObject({ status: "paid", payType: "free" });
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
    s.actor.send({ type: "order.create", now: t0 });
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

describe("orderPurchase: when the pay dialog closes", () => {
  it("goes back to the catalogue from the buy page, offering to continue paying", async () => {
    const s = await pendingOrder();
    s.payment().send({ type: "order.close" });
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

  it("answering 'no' to 'go to my orders?' goes back to the catalogue", async () => {
    const no = await pendingOrder({ payOptions: async () => ({ chains: [devnet], balance: balance("29") }) });
    no.payment().send({ type: "order.payFromBalance" });
    await flush();
    no.payment().send({ type: "order.close" });
    expect(no.effects.goToOrders).toBe(0);
    expect(no.actor.getSnapshot().value).toBe("loadingCatalogue");
    // A paid order is not offered again.
    await flush();
    expect(selectCatalogue(no.actor.getSnapshot())).toMatchObject({ resumable: null });
  });
});

afterAll(() => {
  const missing = transitions.untaken(orderPurchaseMachine);
  expect(missing, `transitions no test takes:\n${missing.join("\n")}`).toEqual([]);
});
