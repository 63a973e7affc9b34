import type { SnapshotFrom } from "xstate";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { UpgradeKind } from "../../contracts/schemas/orders.ts";
import type { PackageKind, PackageLimits, TermUnit } from "../../contracts/schemas/packages.ts";
import type { Failure } from "../api-failure.ts";
import { isOpenOrder, type OrderPaymentActor } from "./order-payment.ts";
import type { OrderPurchaseContext, orderPurchaseMachine } from "./order-purchase.ts";
import { isPositiveAmount } from "../../contracts/money.ts";

/** What the buy page reads of the orderPurchase machine: it shows these and sends events, and decides nothing itself. */
type OrderPurchaseSnapshot = SnapshotFrom<typeof orderPurchaseMachine>;

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

export type UpgradeEffect = UpgradeKind | "downgrade";

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
      effect: UpgradeEffect | null;
    };

export function selectCatalogue(snapshot: OrderPurchaseSnapshot): CatalogueView {
  const { context } = snapshot;
  if (snapshot.matches("loadingCatalogue")) return { kind: "loading" };
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

/**
 * new: no active package; extend: the same one is active; replace: a lower one is active (its unused part credited);
 * downgrade: a higher one is active, which the server refuses (2210). Higher is later in the catalogue, as the server
 * ranks packages (server/domain/payments/upgrade-credit.ts).
 */
function upgradeEffect(context: OrderPurchaseContext): UpgradeEffect | null {
  if (context.selectedPackageId === null) return null;
  const subscription = context.subscription;
  if (!subscription?.package || !subscription.active) return "new";
  const current = subscription.package.id;
  if (current === context.selectedPackageId) return "extend";
  const rank = (id: string) => context.packages.findIndex((p) => p.id === id);
  return rank(context.selectedPackageId) < rank(current) ? "downgrade" : "replace";
}

function packageCard(context: OrderPurchaseContext, id: string): PackageCard | null {
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
export const selectCurrentPackage = ({ context }: OrderPurchaseSnapshot) => {
  const subscription = context.subscription;
  if (!subscription?.package) return null;
  return {
    code: subscription.package.code,
    name: subscription.package.name,
    expiresAt: subscription.expiresAt,
    active: subscription.active,
  };
};

export const selectBalance = ({ context }: OrderPurchaseSnapshot): string | null => context.balance;

/** The pay dialog of the order this page created or resumed, while it is open; read with order-payment-selectors.ts. */
export const selectPaymentActor = (snapshot: OrderPurchaseSnapshot): OrderPaymentActor | null =>
  snapshot.children.payment ?? null;
