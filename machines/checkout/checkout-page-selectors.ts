import type { SnapshotFrom } from "xstate";
import type { CheckoutOption, CheckoutView } from "../../contracts/schemas/checkout.ts";
import { isPositiveAmount } from "../../contracts/money.ts";
import type { checkoutPageMachine } from "./checkout-page.ts";

type CheckoutPageSnapshot = SnapshotFrom<typeof checkoutPageMachine>;

export type CheckoutStage = "loading" | "notFound" | "failed" | "shown";

export function selectCheckoutStage(snapshot: CheckoutPageSnapshot): CheckoutStage {
  if (snapshot.matches("shown")) return "shown";
  if (snapshot.matches("notFound")) return "notFound";
  if (snapshot.matches("failed")) return "failed";
  return "loading";
}

export const selectCheckoutView = (snapshot: CheckoutPageSnapshot): CheckoutView | null => snapshot.context.view;

/** `new` or `processing`: the invoice may still be paid, and its countdown is shown. */
export const selectCheckoutOpen = (snapshot: CheckoutPageSnapshot): boolean =>
  snapshot.matches({ shown: { invoice: "open" } });

/** The countdown reached 0 while the server has not ended the invoice yet. */
export const selectTimeUp = (snapshot: CheckoutPageSnapshot): boolean =>
  snapshot.matches({ shown: { invoice: { open: { countdown: "ended" } } } });

/** Where and how much to pay is shown: the invoice is open, its time not up, and something is left to pay. */
export const selectPayable = (snapshot: CheckoutPageSnapshot): boolean =>
  selectCheckoutOpen(snapshot) && !selectTimeUp(snapshot) && isPositiveAmount(snapshot.context.view?.amountDue ?? "0");

/** Milliseconds left to pay on the server's clock, never below 0. */
export const selectTimeLeftMs = (snapshot: CheckoutPageSnapshot): number =>
  Math.max(0, snapshot.context.deadline - snapshot.context.now);

/** False from a dropped or closed stream until it is open again. */
export const selectConnected = (snapshot: CheckoutPageSnapshot): boolean =>
  snapshot.matches({ shown: { stream: { open: "live" } } });

/** The chain the customer pays on: the one chosen, else the first offered. */
export function selectChosenOption(snapshot: CheckoutPageSnapshot): CheckoutOption | null {
  const options = snapshot.context.view?.options ?? [];
  return options.find((o) => o.chain === snapshot.context.chain) ?? options[0] ?? null;
}
