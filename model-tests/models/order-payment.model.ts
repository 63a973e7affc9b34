import type { BalanceResult } from "../../contracts/schemas/balance.ts";
import type { DevPayResult, PayChain } from "../../contracts/schemas/chains.ts";
import type { Order, OrderDetail } from "../../contracts/schemas/order.ts";
import type { ServicePackage } from "../../contracts/schemas/packages.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import type { UserWalletResult } from "../../contracts/schemas/wallet.ts";
import {
  type Catalogue,
  chosenChain,
  orderPaymentMachine,
  orderPollMs,
  type PayOptions,
  secondsLeft,
} from "../../machines/orders/order-payment.ts";
import type { MachineModel, ModelEvent, ModelSnapshot } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed, after } = eventBuilders(orderPaymentMachine);

/** The merchant's clock when the page opens; the harness sets the page's clock to it. */
export const visitorStart = Date.parse("2026-05-01T08:00:00.000Z");
/** The server's clock runs 30 s ahead of the merchant's: the countdown must follow the server. */
const serverAhead = 30_000;
const windowMs = 30 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const limits = (n: number | null) => ({ wallets: n, currencies: n, applications: n });
export const packages: ServicePackage[] = [
  {
    id: "1",
    code: "trial",
    name: "Trial",
    kind: "trial",
    price: "0",
    termUnit: "day",
    termCount: 7,
    termMonths: 0,
    limits: limits(1),
  },
  {
    id: "2",
    code: "basic",
    name: "Basic",
    kind: "standard",
    price: "29",
    termUnit: "month",
    termCount: 1,
    termMonths: 1,
    limits: { wallets: 3, currencies: 5, applications: 3 },
  },
  {
    id: "3",
    code: "pro",
    name: "Pro",
    kind: "standard",
    price: "79",
    termUnit: "quarter",
    termCount: 1,
    termMonths: 3,
    limits: { wallets: 10, currencies: 20, applications: 10 },
  },
  {
    id: "4",
    code: "enterprise",
    name: "Enterprise",
    kind: "enterprise",
    price: "999",
    termUnit: "year",
    termCount: 1,
    termMonths: 12,
    limits: limits(null),
  },
];
const [trial, basic, pro] = packages as [ServicePackage, ServicePackage, ServicePackage];

/** The merchant has Pro until June and has not tried the trial yet. */
export const subscription: SubscriptionResult = {
  package: pro,
  expiresAt: "2026-06-15T00:00:00.000Z",
  active: true,
  trialAvailable: true,
  usage: { wallets: 2, currencies: 3, applications: 1 },
  serverTime: iso(visitorStart + serverAhead),
};
export const balance: BalanceResult = { balance: "50", currency: "USDT", entries: [] };
export const catalogue: Catalogue = { packages, subscription, balance };

export const devnet: PayChain = {
  product: "Devnet",
  chainId: 31337,
  token: { symbol: "USDT", address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", decimals: 6 },
  confirmations: 6,
  devnet: true,
};
export const eth: PayChain = {
  product: "Eth",
  chainId: 1,
  token: { symbol: "USDT", address: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 },
  confirmations: 12,
  devnet: false,
};
export const payOptions: PayOptions = { chains: [devnet, eth], balance };
export const receivingAddress = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const wallet = (product: string): UserWalletResult => ({ product, address: receivingAddress, currency: "USDT" });

/** The order for Basic, as the server creates it: 29 USDT within 30 minutes. */
export const pendingOrder: Order = {
  orderCode: "2026050100000001",
  packageId: basic.id,
  packageCode: basic.code,
  packageName: basic.name,
  termUnit: "month",
  termCount: 1,
  termMonths: 1,
  limits: basic.limits,
  amount: "29.000000",
  currency: "USDT",
  status: "pending",
  upgrade: "replace",
  createdAt: iso(visitorStart + serverAhead),
  expiresAt: iso(visitorStart + serverAhead + windowMs),
  paidAt: null,
  payType: null,
  received: "0.000000",
  confirming: "0.000000",
  remaining: "29.000000",
  serverTime: iso(visitorStart + serverAhead),
};
const trialOrder: Order = {
  ...pendingOrder,
  orderCode: "2026050100000002",
  packageId: trial.id,
  packageCode: trial.code,
  packageName: trial.name,
  termUnit: "day",
  termCount: 7,
  termMonths: 0,
  limits: trial.limits,
  amount: "0.000000",
  remaining: "0.000000",
  status: "paid",
  payType: "free",
  paidAt: iso(visitorStart + serverAhead),
};
/** A transfer of the full amount is seen and confirming. */
const seenOrder: Order = { ...pendingOrder, status: "waiting", confirming: "29.000000" };
/** A short transfer: 20 USDT confirmed, 9 still to pay. */
const shortOrder: Order = { ...pendingOrder, status: "waiting", received: "20.000000", remaining: "9.000000" };
const paidOrder: Order = {
  ...pendingOrder,
  status: "paid",
  payType: "chain",
  received: "29.000000",
  remaining: "0.000000",
  paidAt: iso(visitorStart + serverAhead + 60_000),
};
const closedAs = (status: "failed" | "cancelled"): Order => ({ ...pendingOrder, status });

const transferOf = (order: Order) => ({
  product: "Devnet",
  chainId: 31337,
  txHash: "0x9f2c4e1a7b3d5f60718293a4b5c6d7e8f9012345678901234567890abcdef12",
  logIndex: 0,
  blockNumber: "120",
  from: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  amount: order.received !== "0.000000" ? order.received : order.confirming,
  confirmations: order.received !== "0.000000" ? 6 : 2,
  required: 6,
  status: order.received !== "0.000000" ? ("confirmed" as const) : ("seen" as const),
  seenAt: iso(visitorStart + serverAhead),
});
/** What orderDetail answers for an order: its transfers with their confirmations. */
export const detailOf = (order: Order): OrderDetail => ({
  ...order,
  transfers: order.status === "pending" ? [] : [transferOf(order)],
  fromBalance: "0.000000",
  packageExpiresAt: null,
});
const devPayment: DevPayResult = {
  txHash: "0x1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f809112",
  blockNumber: "121",
  amount: "29.000000",
};

/** The status poll coming due once the live stream has failed. */
export const pollEvent = after("orderPoll", "orderPayment.open.feed.polling.pause");

type S = ModelSnapshot<typeof orderPaymentMachine>;
type E = ModelEvent<typeof orderPaymentMachine>;

const inScreen = (s: S, screen: string) => s.matches({ open: { screen } } as never);
const listening = (s: S) => s.matches({ open: { feed: { live: "listening" } } });

/** The common situation of an open order: first chain, nothing refused, time left, the stream live. */
const plain = (s: S) =>
  s.context.failure === null &&
  s.context.product === devnet.product &&
  secondsLeft(s.context) > 0 &&
  s.context.devPayment === null &&
  listening(s);

const fromCatalogue = (s: S) => s.context.origin === "catalogue";

function openEvents(s: S): E[] {
  const { context } = s;
  const order = context.order ?? pendingOrder;
  // While the feed loads or polls, only its answers: the screen waits.
  if (s.matches({ open: { feed: { live: "loadingDetail" } } }))
    return [done("loadDetail", detailOf(order)), failed("loadDetail", failure("5000", "Internal error"))];
  if (s.matches({ open: { feed: { polling: "checking" } } }))
    return [done("pollOrder", detailOf(shortOrder)), failed("pollOrder", failure("5000", "Internal error"))];
  if (s.matches({ open: { feed: { polling: "pause" } } })) return inScreen(s, "pending") ? [pollEvent] : [];

  if (inScreen(s, "loadingChains")) {
    if (!fromCatalogue(s) || context.failure) return [done("loadPayOptions", payOptions)];
    return [
      done("loadPayOptions", payOptions),
      done("loadPayOptions", { chains: [], balance }),
      failed("loadPayOptions", failure("5000", "Internal error")),
      { type: "order.close" },
      // The stream repeats the order while the dialog loads: nothing changes.
      { type: "order.updated", order },
    ];
  }
  if (inScreen(s, "chainsFailed")) return [{ type: "order.retry" }, { type: "order.close" }];
  if (inScreen(s, "loadingAddress")) {
    if (context.product !== devnet.product || !fromCatalogue(s))
      return [done("loadAddress", wallet(context.product ?? ""))];
    return [
      done("loadAddress", wallet(devnet.product)),
      failed("loadAddress", failure("5000", "Internal error")),
      { type: "order.close" },
    ];
  }
  if (inScreen(s, "addressFailed"))
    return [{ type: "order.retry" }, { type: "order.chain", product: eth.product }, { type: "order.close" }];
  if (inScreen(s, "pending")) {
    if (!fromCatalogue(s))
      return context.intent === "pay" && context.failure === null
        ? [{ type: "order.close" }, { type: "order.updated", order: paidOrder }]
        : [];
    if (secondsLeft(context) === 0 && context.failure === null)
      return [{ type: "order.updated", order: closedAs("failed") }];
    if (!plain(s)) return [];
    return [
      { type: "order.finishPay" },
      { type: "order.chain", product: eth.product },
      { type: "order.payFromBalance" },
      { type: "order.devPay" },
      { type: "order.cancel" },
      { type: "order.close" },
      { type: "order.updated", order: shortOrder },
      { type: "order.updated", order: seenOrder },
      { type: "order.streamFailed" },
      { type: "clock.tick", now: Date.parse(order.expiresAt) - context.skewMs },
    ];
  }
  if (inScreen(s, "waiting")) {
    // A transfer confirming: the order waits for it; the server then says paid.
    if (context.order?.confirming !== "0.000000") return [{ type: "order.updated", order: paidOrder }];
    // The short transfer with its detail shown is where the merchant pays the rest; other waiting screens end their path.
    if (!plain(s) || context.order?.received !== shortOrder.received || context.detail === null) return [];
    return [
      // A transfer came first: Finish Pay is still offered, once.
      { type: "order.finishPay" },
      { type: "order.chain", product: eth.product },
      { type: "order.payFromBalance" },
      { type: "order.devPay" },
      { type: "order.cancel" },
      { type: "order.close" },
      { type: "order.updated", order: paidOrder },
    ];
  }
  if (inScreen(s, "finishing"))
    return [
      done("finishPay", { ...pendingOrder, status: "waiting" }),
      failed("finishPay", failure("2203", "Order closed")),
      { type: "order.updated", order: paidOrder },
    ];
  // From the waiting screen the calls are walked to their answer once; refusals are walked from pending.
  const fromWaiting = context.order?.status === "waiting";
  if (inScreen(s, "payingFromBalance")) {
    const paid = done("payFromBalance", { ...paidOrder, payType: "balance" });
    return fromWaiting ? [paid] : [paid, failed("payFromBalance", failure("2206", "Balance insufficient"))];
  }
  if (inScreen(s, "devPaying"))
    return fromWaiting
      ? [done("devPay", devPayment)]
      : [done("devPay", devPayment), failed("devPay", failure("2208", "Dev pay unavailable"))];
  if (inScreen(s, "confirmingCancel"))
    return fromWaiting
      ? [{ type: "order.cancelConfirm" }]
      : [{ type: "order.cancelConfirm" }, { type: "order.cancelDismiss" }];
  if (inScreen(s, "cancelling")) {
    if (fromWaiting) return [failed("cancelOrder", failure("2209", "Order confirming"))];
    return [
      done("cancelOrder", closedAs("cancelled")),
      failed(
        "cancelOrder",
        failure(fromCatalogue(s) ? "2209" : "2203", fromCatalogue(s) ? "Order confirming" : "Order closed"),
      ),
    ];
  }
  return [];
}

export const orderPaymentModel: MachineModel<typeof orderPaymentMachine> = {
  id: "orderPayment",
  machine: orderPaymentMachine,
  starts: [
    { name: "merchant opens /order/buy", input: { now: visitorStart } },
    { name: "My orders: Pay on a pending order", input: { now: visitorStart, order: pendingOrder, intent: "pay" } },
    {
      name: "My orders: Cancel on a pending order",
      input: { now: visitorStart, order: pendingOrder, intent: "cancel" },
    },
    // The list was loaded before the order ended: the dialog shows how it ended.
    {
      name: "My orders: Pay on an order paid meanwhile",
      input: { now: visitorStart, order: paidOrder, intent: "pay" },
    },
    {
      name: "My orders: Pay on an order failed meanwhile",
      input: { now: visitorStart, order: closedAs("failed"), intent: "pay" },
    },
    {
      name: "My orders: Pay on an order cancelled meanwhile",
      input: { now: visitorStart, order: closedAs("cancelled"), intent: "pay" },
    },
  ],
  // What the screen shows tells states apart: on the catalogue the choice and the problems, in the dialog the order's
  // payment and what was loaded (the clock moves `now`, so only whether the window has closed counts).
  serialize: (s) => {
    const { context } = s;
    const shared = [s.value, context.failure?.errCode ?? null, context.order?.status ?? null];
    if (!s.matches("open"))
      return JSON.stringify([...shared, context.selectedPackageId, Object.keys(context.fieldErrors)]);
    return JSON.stringify([
      ...shared,
      context.order?.received,
      context.order?.confirming,
      context.product,
      context.address !== null,
      context.chains.length,
      context.devPayment !== null,
      context.detail !== null,
      secondsLeft(context) === 0,
    ]);
  },
  events: (s) => {
    const { context } = s;
    if (s.matches("loadingCatalogue")) {
      // After a paid order the page reloads the catalogue (or has gone to My orders): the path ends there.
      if (context.order?.status === "paid") return [];
      // After closing the dialog of an open order, the catalogue offers to continue paying it.
      if (context.order)
        return context.order.status === "pending" && context.failure === null ? [done("loadCatalogue", catalogue)] : [];
      return [
        done("loadCatalogue", catalogue),
        done("loadCatalogue", { ...catalogue, packages: [] }),
        failed("loadCatalogue", failure("5000", "Internal error")),
      ];
    }
    if (s.matches("catalogueFailed")) return [{ type: "catalogue.retry" }];
    if (s.matches("choosing")) {
      if (context.order) return context.order.status === "pending" ? [{ type: "order.resume" }] : [];
      if (context.failure) return [];
      if (context.selectedPackageId === null)
        return [
          { type: "order.create" },
          { type: "package.select", packageId: basic.id },
          { type: "package.select", packageId: trial.id },
        ];
      return [{ type: "order.create" }];
    }
    if (s.matches("creating")) {
      return context.selectedPackageId === trial.id
        ? [done("createOrder", trialOrder), failed("createOrder", failure("2205", "Trial used"))]
        : [done("createOrder", pendingOrder), failed("createOrder", failure("2204", "An open order exists"))];
    }
    if (s.matches("open")) return openEvents(s);
    if (s.matches("paid")) return [{ type: "order.close" }, { type: "order.goToOrders" }];
    if (s.matches("failed") || s.matches("cancelled")) return [{ type: "order.close" }];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "catalogue.retry":
        return `Press ${english("orderPayment.retry")}`;
      case "package.select":
        return `Choose the package ${english(`packages.names.${packages.find((p) => p.id === e.packageId)?.code}`)}`;
      case "order.create":
        return `Press ${english("orderPayment.createOrder")}`;
      case "order.resume":
        return `Press ${english("orderPayment.resume")}`;
      case "order.retry":
        return `In the pay dialog press ${english("orderPayment.retry")}`;
      case "order.chain":
        return `Under ${english("orderPayment.network")} choose ${e.product}`;
      case "order.finishPay":
        return `Press ${english("orderPayment.finishPay")}`;
      case "order.payFromBalance":
        return `Press ${english("orderPayment.payFromBalance").replace("{{amount}}", "50.00 USDT")}`;
      case "order.devPay":
        return `Press ${english("orderPayment.devPay")}`;
      case "order.cancel":
        return `Press ${english("orderPayment.cancelOrder")}`;
      case "order.cancelConfirm":
        return `Confirm with ${english("orderPayment.cancelConfirm")}`;
      case "order.cancelDismiss":
        return `Answer ${english("orderPayment.keepOrder")}`;
      case "order.close":
        return `Close the dialog (${english("orderPayment.close")}, ${english("orderPayment.goToOrdersNo")} or Escape)`;
      case "order.goToOrders":
        return `Answer ${english("orderPayment.goToOrdersYes")}`;
      case "order.updated": {
        const o = e.order;
        if (o.status === "waiting" && o.confirming !== "0.000000")
          return `The server's live status: a transfer of ${o.confirming} USDT is seen and confirming`;
        if (o.status === "waiting")
          return `The server's live status: ${o.received} USDT confirmed, ${o.remaining} USDT still to pay (a short transfer)`;
        if (o.status === "failed")
          return "The server's live status: the window closed without the full amount (failed)";
        return `The server's live status: the order is ${o.status}`;
      }
      case "order.streamFailed":
        return "The live status stream breaks (e.g. the network drops it)";
      case "clock.tick":
        return "Wait until the countdown reaches 00:00";
      case pollEvent.type:
        return `Wait ${orderPollMs / 1000} seconds: the dialog asks the server for the order`;
      case "xstate.done.actor.loadCatalogue":
        if (e.output.packages.length === 0) return "The server answers that no package is on offer";
        return `The server answers ${e.output.packages.length} packages, the current package Pro until 15 June 2026 and a balance of ${e.output.balance.balance} USDT`;
      case "xstate.done.actor.createOrder":
        return e.output.status === "paid"
          ? "The server creates the trial order, already paid (free)"
          : `The server creates order ${e.output.orderCode} for ${e.output.amount} USDT, 30 minutes to pay`;
      case "xstate.done.actor.loadPayOptions":
        return e.output.chains.length === 0
          ? "The server answers that no chain is configured"
          : `The server offers the chains ${e.output.chains.map((c) => c.product).join(", ")}`;
      case "xstate.done.actor.loadAddress":
        return `The server answers the receiving address ${e.output.address} on ${e.output.product}`;
      case "xstate.done.actor.finishPay":
        return "The server accepts Finish Pay: the order is waiting (checking)";
      case "xstate.done.actor.payFromBalance":
        return "The server takes the amount from the balance: the order is paid";
      case "xstate.done.actor.devPay":
        return `The devnet's dev wallet sends ${e.output.amount} USDT (transaction ${e.output.txHash.slice(0, 10)}…)`;
      case "xstate.done.actor.cancelOrder":
        return "The server cancels the order";
      case "xstate.done.actor.loadDetail":
      case "xstate.done.actor.pollOrder":
        return `The server answers the order's detail: ${e.output.status}, ${e.output.transfers.length} transfer(s)`;
      case "xstate.error.actor.loadCatalogue":
      case "xstate.error.actor.createOrder":
      case "xstate.error.actor.loadPayOptions":
      case "xstate.error.actor.loadAddress":
      case "xstate.error.actor.finishPay":
      case "xstate.error.actor.payFromBalance":
      case "xstate.error.actor.devPay":
      case "xstate.error.actor.cancelOrder":
      case "xstate.error.actor.loadDetail":
      case "xstate.error.actor.pollOrder":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const { context } = s;
    const problem = context.failure ? ` showing "${context.failure.errMsg}"` : "";
    if (s.matches("loadingCatalogue")) return `A spinner ${english("orderPayment.loadingPackages")}`;
    if (s.matches("catalogueFailed"))
      return `${context.failure ? english("orderPayment.packagesFailed") : english("orderPayment.noPackages")} with ${english("orderPayment.retry")}`;
    if (s.matches("choosing")) {
      if (context.order?.status === "pending")
        return `The package cards and ${english("orderPayment.resume")} for order ${context.order.orderCode}`;
      if (Object.keys(context.fieldErrors).length > 0)
        return `The package cards and ${english("validation.packageRequired")}`;
      const chosen = packages.find((p) => p.id === context.selectedPackageId);
      const effect = chosen
        ? `, ${chosen.name} chosen and ${english(chosen.id === pro.id ? "orderPayment.upgradeExtend" : "orderPayment.upgradeReplace")}`
        : ", none chosen";
      return `The package cards (Pro marked current until 15 June 2026)${effect}${problem}`;
    }
    if (s.matches("creating"))
      return `${english("orderPayment.createOrder")} shows a spinner and cannot be pressed again`;
    if (s.matches("paid"))
      return `The pay dialog is gone; a question ${english("orderPayment.paidQuestion")} with ${english("orderPayment.goToOrdersYes")} / ${english("orderPayment.goToOrdersNo")}`;
    if (s.matches("failed")) return `The pay dialog shows ${english("orderPayment.failedTitle")}`;
    if (s.matches("cancelled")) return `The pay dialog shows ${english("orderPayment.cancelledTitle")}`;
    if (s.matches("closed")) return "The pay dialog has closed; My orders is shown";
    const title = `The pay dialog for order ${context.order?.orderCode}`;
    if (inScreen(s, "loadingChains") || inScreen(s, "loadingAddress"))
      return `${title}: a spinner ${english("orderPayment.loadingPayment")}`;
    if (inScreen(s, "chainsFailed"))
      return `${title}: ${english("orderPayment.chainsFailed")}${problem} with ${english("orderPayment.retry")}`;
    if (inScreen(s, "addressFailed"))
      return `${title}: ${english("orderPayment.addressFailed")}${problem}, the network select and ${english("orderPayment.retry")}`;
    if (inScreen(s, "confirmingCancel"))
      return `${title} and the question ${english("orderPayment.cancelQuestion").replace("{{code}}", context.order?.orderCode ?? "")}`;
    if (inScreen(s, "cancelling")) return `${english("orderPayment.cancelConfirm")} shows a spinner`;
    const busy = ["finishing", "payingFromBalance", "devPaying"].find((name) => inScreen(s, name));
    if (busy) return `${title}: the pressed button shows a spinner; the others are held`;
    const order = context.order;
    const chain = chosenChain(context);
    const time =
      secondsLeft(context) === 0
        ? english("orderPayment.windowClosed")
        : `${Math.floor(secondsLeft(context) / 60)} minutes left`;
    const checking = inScreen(s, "waiting")
      ? `; ${english("orderPayment.checkingTitle")} (${s.matches({ open: { feed: "polling" } }) ? "polling" : "live"}), received ${order?.received}, still to pay ${order?.remaining}`
      : "";
    return `${title}: ${order?.remaining} USDT to ${receivingAddress} on ${chain?.product}, a QR code, ${time}${checking}${context.devPayment ? ", the dev wallet's transfer" : ""}${problem}`;
  },
  excluded: [],
};
