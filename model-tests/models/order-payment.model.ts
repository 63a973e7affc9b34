import { chosenChain, orderPaymentMachine, orderPollMs, secondsLeft } from "../../machines/orders/order-payment.ts";
import { amountLeft, isPositiveAmount } from "../../contracts/money.ts";
import type { MachineModel, ModelEvent, ModelSnapshot } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, saidOnce } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";
import {
  balance,
  closedAs,
  detailOf,
  devnet,
  devPayment,
  eth,
  paidOrder,
  payOptions,
  pendingOrder,
  receivingAddress,
  seenOrder,
  shortOrder,
  trialOrder,
  visitorStart,
  wallet,
} from "./order-fixtures.ts";

const { done, failed, after } = eventBuilders(orderPaymentMachine);

// One file: a machine's model is one table QA reads whole: the events tried in each state, how each is said,
// what each state shows, and the transitions left out with why.
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

/** The buy page opens the dialog without an intent; My orders says why (pay, cancel). */
const fromBuyPage = (s: S) => s.context.intent === null;

function openEvents(s: S): E[] {
  const { context } = s;
  const order = context.order;
  // While the feed loads or polls, only its answers: the screen waits.
  if (s.matches({ open: { feed: { live: "loadingDetail" } } }))
    return [done("loadDetail", detailOf(order)), failed("loadDetail", failure("5000", "Internal error"))];
  if (s.matches({ open: { feed: { polling: "checking" } } }))
    return [done("pollOrder", detailOf(shortOrder)), failed("pollOrder", failure("5000", "Internal error"))];
  if (s.matches({ open: { feed: { polling: "pause" } } })) return inScreen(s, "pending") ? [pollEvent] : [];

  if (inScreen(s, "loadingChains")) {
    if (!fromBuyPage(s) || context.failure) return [done("loadPayOptions", payOptions)];
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
    if (context.product !== devnet.product || !fromBuyPage(s))
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
    if (!fromBuyPage(s))
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
    if (context.order.confirming !== "0.000000") return [{ type: "order.updated", order: paidOrder }];
    // The short transfer with its detail shown is where the merchant pays the rest; other waiting screens end their path.
    if (!plain(s) || context.order.received !== shortOrder.received || context.detail === null) return [];
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
  const fromWaiting = context.order.status === "waiting";
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
        failure(fromBuyPage(s) ? "2209" : "2203", fromBuyPage(s) ? "Order confirming" : "Order closed"),
      ),
    ];
  }
  return [];
}

export const orderPaymentModel: MachineModel<typeof orderPaymentMachine> = {
  id: "orderPayment",
  walks: true,
  machine: orderPaymentMachine,
  starts: [
    // The buy page (orderPurchase) opens the dialog on the order it has just created.
    { name: "buy page: order for Basic created", input: { now: visitorStart, order: pendingOrder } },
    { name: "buy page: the trial created, paid at once", input: { now: visitorStart, order: trialOrder } },
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
  // What the screen shows tells states apart: the order's payment and what was loaded (the clock moves `now`, so only
  // whether the window has closed counts).
  serialize: (s) => {
    const { context } = s;
    return JSON.stringify([
      s.value,
      context.failure?.errCode ?? null,
      context.order.status,
      context.order.received,
      context.order.confirming,
      context.product,
      context.address !== null,
      context.chains.length,
      context.devPayment !== null,
      context.detail !== null,
      secondsLeft(context) === 0,
    ]);
  },
  events: (s) => {
    if (s.matches("open")) return openEvents(s);
    if (s.matches("paid")) return [{ type: "order.close" }, { type: "order.goToOrders" }];
    if (s.matches("failed") || s.matches("cancelled")) return [{ type: "order.close" }];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
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
    const problem = context.failure ? `; ${saidOnce(context.failure)}` : "";
    if (s.matches("paid")) {
      const paid = `The pay dialog is gone; ${english(context.order.payType === "free" ? "orderPayment.trialStartedTitle" : "orderPayment.paidTitle").replace("{{name}}", context.order.packageName)}`;
      return fromBuyPage(s)
        ? `${paid} and the question ${english("orderPayment.paidQuestion")} with ${english("orderPayment.goToOrdersYes")} / ${english("orderPayment.goToOrdersNo")}`
        : `${paid}, the row behind it Paid, with ${english("orderPayment.close")} alone`;
    }
    if (s.matches("failed")) return `The pay dialog shows ${english("orderPayment.failedTitle")}`;
    if (s.matches("cancelled")) return `The pay dialog shows ${english("orderPayment.cancelledTitle")}`;
    if (s.matches("closed"))
      return fromBuyPage(s)
        ? `The pay dialog has closed; the buy page shows its catalogue again (My orders after ${english("orderPayment.goToOrdersYes")})`
        : "The pay dialog has closed; My orders is shown";
    const title = `The pay dialog for order ${context.order.orderCode}`;
    if (inScreen(s, "loadingChains") || inScreen(s, "loadingAddress"))
      return `${title}: a spinner ${english("orderPayment.loadingPayment")}`;
    if (inScreen(s, "chainsFailed"))
      return `${title}: ${english("orderPayment.chainsFailed")}${problem} with ${english("orderPayment.retry")}`;
    if (inScreen(s, "addressFailed"))
      return `${title}: ${english("orderPayment.addressFailed")}${problem}, the network select and ${english("orderPayment.retry")}`;
    if (inScreen(s, "confirmingCancel"))
      return `${title} and the question ${english("orderPayment.cancelQuestion").replace("{{code}}", context.order.orderCode)}`;
    if (inScreen(s, "cancelling")) return `${english("orderPayment.cancelConfirm")} shows a spinner`;
    const busy = ["finishing", "payingFromBalance", "devPaying"].find((name) => inScreen(s, name));
    if (busy) return `${title}: the pressed button shows a spinner; the others are held`;
    const order = context.order;
    const chain = chosenChain(context);
    const time =
      secondsLeft(context) === 0
        ? english("orderPayment.windowClosed")
        : `${Math.floor(secondsLeft(context) / 60)} minutes left`;
    const toSend = amountLeft(order.remaining, order.confirming);
    const checking = inScreen(s, "waiting")
      ? `; ${english("orderPayment.checkingTitle")} (${s.matches({ open: { feed: "polling" } }) ? "polling" : "live"}), confirmed ${order.received}, seen confirming ${order.confirming}, still to send ${toSend}`
      : "";
    const what = isPositiveAmount(toSend)
      ? `${toSend} USDT to ${receivingAddress} on ${chain?.product}, a QR code`
      : `${english("orderPayment.nothingOwed")} (no address, no QR code)`;
    const held = isPositiveAmount(order.confirming) ? "; the ways to pay held while it confirms, and why" : "";
    return `${title}: ${what}, ${time}${checking}${held}${context.devPayment ? ", the dev wallet's transfer" : ""}${problem}`;
  },
  excluded: [],
};
