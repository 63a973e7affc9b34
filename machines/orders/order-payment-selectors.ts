import type { SnapshotFrom } from "xstate";
import type { DevPayResult, PayChain } from "../../contracts/schemas/currencies.ts";
import type { OrderTransfer } from "../../contracts/schemas/orders.ts";
import type { Failure } from "../api-failure.ts";
import { amountLeft, compareAmounts, isPositiveAmount } from "../../contracts/money.ts";
import { chosenChain, confirmingNow, isOpenOrder, type orderPaymentMachine, secondsLeft } from "./order-payment.ts";
import { erc20TransferUri } from "../../contracts/payment-uri.ts";

/** What the pay dialog reads of the orderPayment machine: it shows these and sends events, and decides nothing itself. */
type OrderPaymentSnapshot = SnapshotFrom<typeof orderPaymentMachine>;

/** The pay dialog shows (the open order, or how it ended unless it was paid). */
export const selectPayDialogOpen = (snapshot: OrderPaymentSnapshot): boolean => snapshot.hasTag("payDialog");

/** "Payment complete — go to my orders?" */
export const selectPaidQuestionOpen = (snapshot: OrderPaymentSnapshot): boolean => snapshot.matches("paid");

/** The question asks to go to My orders only away from it (the buy page); on My orders it just says it is paid. */
export const selectPaidAsksGoToOrders = (snapshot: OrderPaymentSnapshot): boolean =>
  snapshot.can({ type: "order.goToOrders" });

/** What the question says happened: a payment, or a free trial started (nothing was paid, so never "Payment complete"). */
export const selectPaidTitleKey = (snapshot: OrderPaymentSnapshot) =>
  snapshot.context.order.payType === "free"
    ? ("orderPayment.trialStartedTitle" as const)
    : ("orderPayment.paidTitle" as const);

/** The cancel confirmation shows; `busy` while the cancel call is under way. */
export const selectCancelConfirm = (snapshot: OrderPaymentSnapshot) => ({
  open:
    snapshot.matches({ open: { screen: "confirmingCancel" } }) || snapshot.matches({ open: { screen: "cancelling" } }),
  busy: snapshot.matches({ open: { screen: "cancelling" } }),
});

export type PayScreen =
  | { kind: "loading" }
  | { kind: "chainsFailed"; failure: Failure | null }
  | { kind: "addressFailed"; failure: Failure | null }
  /** Only the order's summary (the dialog was opened to cancel it). */
  | { kind: "summary" }
  | { kind: "pay" }
  | { kind: "failed" }
  | { kind: "cancelled" };

export function selectPayScreen(snapshot: OrderPaymentSnapshot): PayScreen {
  const { context } = snapshot;
  if (snapshot.matches("failed")) return { kind: "failed" };
  if (snapshot.matches("cancelled")) return { kind: "cancelled" };
  if (snapshot.matches({ open: { screen: "chainsFailed" } })) return { kind: "chainsFailed", failure: context.failure };
  if (snapshot.matches({ open: { screen: "addressFailed" } }))
    return { kind: "addressFailed", failure: context.failure };
  if (snapshot.hasTag("loading")) return { kind: "loading" };
  return context.address === null ? { kind: "summary" } : { kind: "pay" };
}

/** What the order is, for the dialog's title and summary. */
export const selectOrderSummary = ({ context }: OrderPaymentSnapshot) => {
  const order = context.order;
  return {
    orderCode: order.orderCode,
    packageCode: order.packageCode,
    packageName: order.packageName,
    /** What is bought names the pay dialog: the package and its term. */
    term: { unit: order.termUnit, count: order.termCount },
    amount: order.amount,
    /** What the package allows (null: unlimited), each limit said with its meaning before paying. */
    limits: order.limits,
    /**
     * An upgrade's figures, shown before paying: the price, the credit for the current package's unused
     * part, and what is due (the amount); null when nothing is credited.
     */
    credit: isPositiveAmount(order.credit) ? { price: order.price, credit: order.credit, due: order.amount } : null,
    status: order.status,
    upgrade: order.upgrade,
    paidAt: order.paidAt,
    payType: order.payType,
    received: order.received,
    /** Said while the order is open: paying extends or replaces the current package. */
    upgradeNote: isOpenOrder(order) && order.upgrade !== "new" ? order.upgrade : null,
  };
};

export interface TransferView {
  txHash: string;
  amount: string;
  confirmations: number;
  required: number;
  confirmed: boolean;
}

export interface PaymentView {
  orderCode: string;
  /** What is still to pay: the amount less what is confirmed. */
  remaining: string;
  /** What is still to send: `remaining` less what is seen and confirming (never the whole again). */
  toSend: string;
  /** Something is still to send; false once the full amount is seen (it may still be confirming). */
  owed: boolean;
  /** Confirmed so far. */
  received: string;
  /** Seen on chain, still confirming. */
  confirming: string;
  /** A transfer is confirming: Finish Pay and the other ways to pay wait for it, and the dialog says why. */
  confirmingNow: boolean;
  chains: PayChain[];
  chain: PayChain | null;
  address: string;
  /** EIP-681 request for the QR code; null when the chain is unknown or nothing is left to pay. */
  uri: string | null;
  secondsLeft: number;
  windowClosed: boolean;
  /** The server is checking (Finish Pay pressed or a transfer seen). */
  checking: boolean;
  /** Status comes live; false once the stream failed and the dialog polls. */
  live: boolean;
  transfers: TransferView[];
  devPayment: DevPayResult | null;
  balance: string | null;
  failure: Failure | null;
  /** Which offers to show; whether they can be pressed now is `snapshot.can(event)`. */
  offers: { finishPay: boolean; fromBalance: boolean; devPay: boolean; cancel: boolean };
  /** The call under way, so its button shows a spinner. */
  busy: "finishPay" | "payFromBalance" | "devPay" | "cancel" | null;
}

export function selectPayment(snapshot: OrderPaymentSnapshot): PaymentView | null {
  const { context } = snapshot;
  const order = context.order;
  if (context.address === null) return null;
  const chain = chosenChain(context);
  const left = secondsLeft(context);
  const unpaid = isPositiveAmount(order.remaining);
  const toSend = amountLeft(order.remaining, order.confirming);
  const owed = isPositiveAmount(toSend);
  const uri =
    chain && owed
      ? erc20TransferUri({
          token: chain.token.address,
          chainId: chain.chainId,
          recipient: context.address,
          amount: toSend,
          decimals: chain.token.decimals,
        })
      : null;
  const checking = order.status === "waiting";
  return {
    orderCode: order.orderCode,
    remaining: order.remaining,
    toSend,
    owed,
    received: order.received,
    confirming: order.confirming,
    confirmingNow: confirmingNow(context),
    chains: context.chains,
    chain,
    address: context.address,
    uri,
    secondsLeft: left,
    windowClosed: left === 0,
    checking,
    live: !snapshot.matches({ open: { feed: "polling" } }),
    transfers: checking ? transfersOf(context.detail?.transfers ?? []) : [],
    devPayment: context.devPayment,
    balance: context.balance,
    failure: context.failure,
    offers: {
      finishPay: order.status === "pending" || (order.status === "waiting" && !context.finishPressed),
      // Shown while anything is unconfirmed, pressable only when nothing is confirming (the machine's guards).
      fromBalance: unpaid && context.balance !== null && compareAmounts(context.balance, order.remaining) >= 0,
      devPay: unpaid && chain?.devnet === true,
      cancel: isOpenOrder(order),
    },
    busy: busyCall(snapshot),
  };
}

const transfersOf = (transfers: readonly OrderTransfer[]): TransferView[] =>
  transfers
    .filter((t) => t.status !== "removed")
    .map((t) => ({
      txHash: t.txHash,
      amount: t.amount,
      confirmations: Math.min(t.confirmations, t.required),
      required: t.required,
      confirmed: t.status === "confirmed",
    }));

function busyCall(snapshot: OrderPaymentSnapshot): PaymentView["busy"] {
  if (snapshot.matches({ open: { screen: "finishing" } })) return "finishPay";
  if (snapshot.matches({ open: { screen: "payingFromBalance" } })) return "payFromBalance";
  if (snapshot.matches({ open: { screen: "devPaying" } })) return "devPay";
  if (snapshot.matches({ open: { screen: "cancelling" } })) return "cancel";
  return null;
}

/** The chains to pay on and the one chosen, for the network select (while paying, or after the address failed). */
export const selectChainChoice = ({ context }: OrderPaymentSnapshot) => ({
  chains: context.chains,
  product: context.product,
});
