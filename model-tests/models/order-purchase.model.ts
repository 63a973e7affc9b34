import { orderPurchaseMachine } from "../../machines/orders/order-purchase.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, saidOnce } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";
import { basic, catalogue, packages, pendingOrder, pro, trial, trialOrder, visitorStart } from "./order-fixtures.ts";

/** Pro is current: choosing it extends it, a higher package replaces it (its unused part credited), a lower one is refused. */
const effectKey = (id: string) => {
  const rank = (packageId: string) => packages.findIndex((p) => p.id === packageId);
  if (id === pro.id) return "orderPayment.upgradeExtend";
  return rank(id) < rank(pro.id) ? "orderPayment.upgradeDowngrade" : "orderPayment.upgradeReplace";
};

// The pay dialog is the child `payment` (orderPayment, walked by its own model): here it only ends.
const { done, failed } = eventBuilders(orderPurchaseMachine, { payment: "orderPayment" });

/**
 * Create order is pressed seven minutes after the page opened, and the server's order is as of then: the pay dialog
 * counts its whole window down from there, not seven minutes less (the page's opening time was its clock once).
 */
export const createPressedAt = visitorStart + 7 * 60_000;
const later = (at: string) => new Date(Date.parse(at) + 7 * 60_000).toISOString();
export const createdOrder = {
  ...pendingOrder,
  createdAt: later(pendingOrder.createdAt),
  expiresAt: later(pendingOrder.expiresAt),
  serverTime: later(pendingOrder.serverTime),
};

export const orderPurchaseModel: MachineModel<typeof orderPurchaseMachine, { payment: "orderPayment" }> = {
  id: "orderPurchase",
  walks: true,
  machine: orderPurchaseMachine,
  starts: [{ name: "merchant opens /order/buy", input: { now: visitorStart } }],
  // The catalogue's choice and problems, and the order the page holds, tell the screens apart.
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.failure?.errCode ?? null,
      s.context.order?.status ?? null,
      s.context.selectedPackageId,
      Object.keys(s.context.fieldErrors),
    ]),
  events: (s) => {
    const { context } = s;
    if (s.matches("loadingCatalogue")) {
      // After a paid order the page reloads the catalogue (or has gone to My orders): the path ends there.
      if (context.order?.status === "paid") return [];
      // After closing the dialog of an open order, the catalogue offers to continue paying it.
      if (context.order) return [done("loadCatalogue", catalogue)];
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
          { type: "order.create", now: createPressedAt },
          { type: "package.select", packageId: basic.id },
          { type: "package.select", packageId: trial.id },
        ];
      return [{ type: "order.create", now: createPressedAt }];
    }
    if (s.matches("creating")) {
      return context.selectedPackageId === trial.id
        ? [done("createOrder", trialOrder), failed("createOrder", failure("2205", "Trial used"))]
        : [done("createOrder", createdOrder), failed("createOrder", failure("2204", "An open order exists"))];
    }
    // The dialog closes on the order as it is: still open, or paid.
    if (s.matches("paying") && context.order) return [done("payment", { order: context.order, now: context.now })];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "catalogue.retry":
        return `Press ${english("orderPayment.retry")}`;
      case "package.select":
        return `Choose the package ${english(`packages.names.${packages.find((p) => p.id === e.packageId)?.code}`)}`;
      case "order.create":
        return `Seven minutes after opening the page, press ${english("orderPayment.createOrder")}`;
      case "order.resume":
        return `Press ${english("orderPayment.resume")}`;
      case "xstate.done.actor.loadCatalogue":
        if (e.output.packages.length === 0) return "The server answers that no package is on offer";
        return `The server answers ${e.output.packages.length} packages, the current package Pro until 15 June 2026 and a balance of ${e.output.balance.balance} USDT`;
      case "xstate.done.actor.createOrder":
        return e.output.status === "paid"
          ? "The server creates the trial order, already paid (free)"
          : `The server creates order ${e.output.orderCode} for ${e.output.amount} USDT, 30 minutes to pay`;
      case "xstate.done.actor.payment":
        return e.output.order.status === "paid"
          ? `Answer ${english("orderPayment.goToOrdersNo")}`
          : `Close the pay dialog (${english("orderPayment.close")})`;
      case "xstate.error.actor.loadCatalogue":
      case "xstate.error.actor.createOrder":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const { context } = s;
    const problem = context.failure ? `; ${saidOnce(context.failure)}` : "";
    if (s.matches("loadingCatalogue")) return `A spinner ${english("orderPayment.loadingPackages")}`;
    if (s.matches("catalogueFailed"))
      return `${context.failure ? english("orderPayment.packagesFailed") : english("orderPayment.noPackages")} with ${english("orderPayment.retry")}`;
    if (s.matches("choosing")) {
      if (context.order?.status === "pending")
        return `The package cards and ${english("orderPayment.resume")} for order ${context.order.orderCode}`;
      if (Object.keys(context.fieldErrors).length > 0)
        return `The package cards and ${english("validation.packageRequired")}`;
      const chosen = packages.find((p) => p.id === context.selectedPackageId);
      const effect = chosen ? `, ${chosen.name} chosen and ${english(effectKey(chosen.id))}` : ", none chosen";
      return `The package cards (Pro marked current until 15 June 2026)${effect}${problem}`;
    }
    if (s.matches("creating"))
      return `${english("orderPayment.createOrder")} shows a spinner and cannot be pressed again`;
    if (context.order?.status === "paid")
      return `Over the package cards, the question ${english("orderPayment.paidQuestion")} (the dialog's own steps: orderPayment)`;
    const countdown = context.order?.status === "pending" ? ", counting down the whole 30:00 to pay" : "";
    return `Over the package cards, the pay dialog for order ${context.order?.orderCode}${countdown} (its own steps: orderPayment)`;
  },
  excluded: [],
};
