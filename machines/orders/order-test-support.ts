import {
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  fromCallback,
  fromPromise,
  type InspectionEvent,
} from "xstate";
import { getStateNodes } from "xstate/graph";
import type { BalanceResult } from "../../contracts/schemas/balance.ts";
import type { DevPayResult } from "../../contracts/schemas/currencies.ts";
import type { Order, OrderDetail, OrderTransfer } from "../../contracts/schemas/orders.ts";
import type { ServicePackage } from "../../contracts/schemas/packages.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import type { UserWalletResult } from "../../contracts/schemas/wallet.ts";
import {
  sampleDevnet,
  sampleEth,
  sampleReceivingAddress,
  sampleWallet,
} from "../../contracts/testing/sample-catalogue.ts";
import type { PayOptions } from "./order-payment.ts";
import type { Catalogue } from "./order-purchase.ts";

// The unit tests' sample data and fake effects of orderPurchase and orderPayment (order-*.test.ts).

export const t0 = Date.parse("2026-05-01T08:00:00.000Z");
export const minute = 60_000;
export const iso = (ms: number) => new Date(ms).toISOString();

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
export const trial = pkg("trial", {
  kind: "trial",
  price: "0",
  termUnit: "day",
  termCount: 7,
  termMonths: 0,
  limits: limits(1),
});
export const basic = pkg("basic");
export const enterprise = pkg("enterprise", {
  kind: "enterprise",
  price: "999",
  termUnit: "year",
  termMonths: 12,
  limits: limits(null),
});
export const subscription = (over: Partial<SubscriptionResult> = {}): SubscriptionResult => ({
  package: null,
  expiresAt: null,
  active: false,
  trialAvailable: true,
  usage: { wallets: 0, currencies: 0, applications: 0 },
  serverTime: iso(t0),
  ...over,
});
export const balance = (amount: string): BalanceResult => ({ balance: amount, currency: "USDT", entries: [] });

// The server's clock runs 30 s ahead of the browser's.
export const serverAhead = 30_000;
export const order = (over: Partial<Order> = {}): Order => ({
  orderCode: "20260501000001",
  packageId: basic.id,
  packageCode: "basic",
  packageName: "Basic",
  termUnit: "month",
  termCount: 1,
  termMonths: 1,
  limits: limits(3),
  price: "29.000000",
  credit: "0",
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
export const transfer = (over: Partial<OrderTransfer> = {}): OrderTransfer => ({
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
export const detail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  ...order({ status: "waiting", confirming: "29.000000" }),
  toBalance: "0.000000",
  reversed: "0.000000",
  transfers: [transfer()],
  fromBalance: "0.000000",
  packageExpiresAt: null,
  ...over,
});
export const devnet = sampleDevnet;
export const eth = sampleEth;
export const address = sampleReceivingAddress;
export const wallet = sampleWallet;

type Answer<I, O> = (input: I) => Promise<O>;
export interface Answers {
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

export const defaults: Answers = {
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

/**
 * Both machines' effects, answered by `answers` (the defaults otherwise): every call and every effect on the page is
 * recorded. The stream's events and the clock's ticks are sent by the test itself.
 */
export function fakeEffects(answers: Partial<Answers> = {}) {
  const a = { ...defaults, ...answers };
  const calls: Array<{ actor: string; input: unknown }> = [];
  const effects = { goToOrders: 0, closeDialog: 0, watching: [] as string[], stoppedWatches: 0 };
  const recorded =
    <I, O>(actor: string, answer: Answer<I, O>) =>
    async ({ input }: { input: I }) => {
      calls.push({ actor, input });
      return answer(input);
    };
  const paymentEffects = {
    actors: {
      loadPayOptions: fromPromise(recorded("loadPayOptions", a.payOptions)),
      loadAddress: fromPromise(recorded("loadAddress", a.address)),
      finishPay: fromPromise(recorded("finishPay", a.finishPay)),
      payFromBalance: fromPromise(recorded("payFromBalance", a.payFromBalance)),
      devPay: fromPromise(recorded("devPay", a.devPay)),
      cancelOrder: fromPromise(recorded("cancelOrder", a.cancel)),
      loadDetail: fromPromise(recorded("loadDetail", a.detail)),
      pollOrder: fromPromise(recorded("pollOrder", a.poll)),
      watchOrder: fromCallback<{ type: string }, { orderCode: string }>(({ input }) => {
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
  };
  const purchaseActors = {
    loadCatalogue: fromPromise(recorded("loadCatalogue", a.catalogue)),
    createOrder: fromPromise(recorded("createOrder", a.create)),
  };
  const called = (name: string) => calls.filter((c) => c.actor === name).map((c) => c.input);
  return { calls, called, effects, paymentEffects, purchaseActors };
}

const nameOf = (t: AnyTransitionDefinition) =>
  `${t.source.id} on ${t.eventType || "always"}${t.guard ? ` [${typeof t.guard === "string" ? t.guard : (t.guard as { type?: string }).type}]` : ""} → ${t.target?.map((n) => n.id).join(", ") ?? "(stays)"}`;

/** Records every transition the tests' actors take (an `inspect` for createActor), to check none of the machine's is left. */
export function transitionsTaken() {
  const taken = new Set<string>();
  const inspect = (event: InspectionEvent) => {
    if (event.type === "@xstate.microstep") for (const t of event._transitions) taken.add(nameOf(t));
  };
  /** The machine's transitions no test took. */
  const untaken = (machine: AnyStateMachine) => {
    const all = new Set<string>();
    const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
    for (const node of nodes) {
      for (const list of node.transitions.values()) for (const t of list) all.add(nameOf(t));
      for (const t of node.always ?? []) all.add(nameOf(t));
    }
    return [...all].filter((name) => !taken.has(name));
  };
  return { inspect, untaken };
}
