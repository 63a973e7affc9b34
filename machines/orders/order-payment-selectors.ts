import type { SnapshotFrom } from "xstate";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { DevPayResult, PayChain } from "../../contracts/schemas/chains.ts";
import type { OrderTransfer, UpgradeKind } from "../../contracts/schemas/order.ts";
import type { PackageKind, PackageLimits, TermUnit } from "../../contracts/schemas/packages.ts";
import type { Failure } from "../api-failure.ts";
import {
  chosenChain,
  isOpenOrder,
  type OrderPaymentContext,
  type orderPaymentMachine,
  secondsLeft,
} from "./order-payment.ts";
import { compareAmounts, erc20TransferUri, isPositiveAmount } from "./payment-request.ts";

/** What the views read of the orderPayment machine: they show these and send events, and decide nothing themselves. */
type Snapshot = SnapshotFrom<typeof orderPaymentMachine>;

/** A package's term as the cards say it: "1 month", "7 days". */
export interface TermView {
  unit: TermUnit;
  count: number;
}

export interface PackageCard {
  id: string;
  /** Also its i18n key under `packages.names.`. */
  code: string;
  /** The server's name, when the console has no translation of the code. */
  name: string;
  kind: PackageKind;
  price: string;
  free: boolean;
  term: TermView;
  /** null: unlimited. */
  limits: PackageLimits;
  /** The merchant's package now (active or expired), with its end. */
  current: boolean;
  currentUntil: string | null;
  currentActive: boolean;
  selected: boolean;
  /** A trial the merchant already had cannot be chosen again. */
  selectable: boolean;
  trialUsed: boolean;
}

export type CatalogueView =
  | { kind: "loading" }
  | { kind: "failed"; failure: Failure }
  /** The server offers no package. */
  | { kind: "empty" }
  | {
      kind: "ready";
      cards: PackageCard[];
      /** A create call is under way: the choice and the button are held. */
      busy: boolean;
      /** An i18n key: 'Please select the current package first'. */
      problem: string | null;
      /** The server refused the order (2201, 2204, 2205 …). */
      failure: Failure | null;
      /** The refusal means another order is still open: My orders is where to pay or cancel it. */
      openOrderElsewhere: boolean;
      /** The order this page created and left open, to continue paying. */
      resumable: { orderCode: string } | null;
      /** What buying the chosen package does to the current one (as the server will decide it). */
      effect: UpgradeKind | null;
    };

export function selectCatalogue(snapshot: Snapshot): CatalogueView {
  const { context } = snapshot;
  if (snapshot.matches("loadingCatalogue") || snapshot.matches("start")) return { kind: "loading" };
  if (snapshot.matches("catalogueFailed"))
    return context.failure ? { kind: "failed", failure: context.failure } : { kind: "empty" };
  const creating = snapshot.matches("creating");
  const choosing = snapshot.matches("choosing") || creating;
  const failure = choosing ? context.failure : null;
  return {
    kind: "ready",
    cards: context.packages.map((p) => packageCard(context, p.id)).filter((card): card is PackageCard => card !== null),
    busy: creating,
    problem: choosing ? (context.fieldErrors.packageId ?? null) : null,
    failure,
    openOrderElsewhere: failure?.errCode === errCodes.orderOpenExists,
    resumable:
      snapshot.matches("choosing") && isOpenOrder(context.order) ? { orderCode: context.order.orderCode } : null,
    effect: upgradeEffect(context),
  };
}

/** new: no active package; extend: the same one is active; replace: another is active (its time left is dropped). */
function upgradeEffect(context: OrderPaymentContext): UpgradeKind | null {
  if (context.selectedPackageId === null) return null;
  const subscription = context.subscription;
  if (!subscription?.package || !subscription.active) return "new";
  return subscription.package.id === context.selectedPackageId ? "extend" : "replace";
}

function packageCard(context: OrderPaymentContext, id: string): PackageCard | null {
  const found = context.packages.find((p) => p.id === id);
  if (!found) return null;
  const subscription = context.subscription;
  const current = subscription?.package?.id === found.id;
  const trialUsed = found.kind === "trial" && subscription?.trialAvailable !== true;
  return {
    id: found.id,
    code: found.code,
    name: found.name,
    kind: found.kind,
    price: found.price,
    free: !isPositiveAmount(found.price),
    term: { unit: found.termUnit, count: found.termCount },
    limits: found.limits,
    current,
    currentUntil: current ? (subscription?.expiresAt ?? null) : null,
    currentActive: current && subscription?.active === true,
    selected: context.selectedPackageId === found.id,
    selectable: !trialUsed,
    trialUsed,
  };
}

/** The merchant's package now, for the page's summary line. */
export const selectCurrentPackage = ({ context }: { context: Pick<OrderPaymentContext, "subscription"> }) => {
  const subscription = context.subscription;
  if (!subscription?.package) return null;
  return {
    code: subscription.package.code,
    name: subscription.package.name,
    expiresAt: subscription.expiresAt,
    active: subscription.active,
  };
};

export const selectBalance = ({ context }: { context: Pick<OrderPaymentContext, "balance"> }): string | null =>
  context.balance;

/** The pay dialog shows (the open order, or how it ended unless it was paid). */
export const selectPayDialogOpen = (snapshot: Snapshot): boolean => snapshot.hasTag("payDialog");

/** "Payment complete — go to my orders?" */
export const selectPaidQuestionOpen = (snapshot: Snapshot): boolean => snapshot.matches("paid");

/** The cancel confirmation shows; `busy` while the cancel call is under way. */
export const selectCancelConfirm = (snapshot: Snapshot) => ({
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

export function selectPayScreen(snapshot: Snapshot): PayScreen {
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
export const selectOrderSummary = ({ context }: { context: Pick<OrderPaymentContext, "order"> }) => {
  const order = context.order;
  if (!order) return null;
  return {
    orderCode: order.orderCode,
    packageCode: order.packageCode,
    packageName: order.packageName,
    amount: order.amount,
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
  /** What is still to pay (the order's amount before any payment). */
  remaining: string;
  /** Something is still to pay; false once the full amount is seen (it may still be confirming). */
  owed: boolean;
  received: string;
  confirming: string;
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

export function selectPayment(snapshot: Snapshot): PaymentView | null {
  const { context } = snapshot;
  const order = context.order;
  if (!order || context.address === null) return null;
  const chain = chosenChain(context);
  const left = secondsLeft(context);
  const owed = isPositiveAmount(order.remaining);
  const uri =
    chain && owed
      ? erc20TransferUri({
          token: chain.token.address,
          chainId: chain.chainId,
          recipient: context.address,
          amount: order.remaining,
          decimals: chain.token.decimals,
        })
      : null;
  const checking = order.status === "waiting";
  return {
    orderCode: order.orderCode,
    remaining: order.remaining,
    owed,
    received: order.received,
    confirming: order.confirming,
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
      fromBalance: owed && context.balance !== null && compareAmounts(context.balance, order.remaining) >= 0,
      devPay: owed && chain?.devnet === true,
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

function busyCall(snapshot: Snapshot): PaymentView["busy"] {
  if (snapshot.matches({ open: { screen: "finishing" } })) return "finishPay";
  if (snapshot.matches({ open: { screen: "payingFromBalance" } })) return "payFromBalance";
  if (snapshot.matches({ open: { screen: "devPaying" } })) return "devPay";
  if (snapshot.matches({ open: { screen: "cancelling" } })) return "cancel";
  return null;
}

/** The chains to pay on and the one chosen, for the network select (while paying, or after the address failed). */
export const selectChainChoice = ({ context }: { context: Pick<OrderPaymentContext, "chains" | "product"> }) => ({
  chains: context.chains,
  product: context.product,
});
