import type { SnapshotFrom } from "xstate";
import type { Failure } from "../api-failure.ts";
import { checkoutPath, type demoCheckoutMachine } from "./demo-checkout.ts";

type DemoSnapshot = SnapshotFrom<typeof demoCheckoutMachine>;

/** What /demo01 shows, one variant a stage: the view renders it and decides nothing. */
export type DemoCheckoutView =
  | { stage: "creating" }
  | { stage: "leaving"; checkoutPath: string }
  | { stage: "failed"; failure: Failure | null }
  | { stage: "unavailable" };

export function selectDemoCheckout(snapshot: DemoSnapshot): DemoCheckoutView {
  const { invoiceId, failure } = snapshot.context;
  if (snapshot.matches("leaving") && invoiceId) return { stage: "leaving", checkoutPath: checkoutPath(invoiceId) };
  if (snapshot.matches("failed")) return { stage: "failed", failure };
  if (snapshot.matches("unavailable")) return { stage: "unavailable" };
  return { stage: "creating" };
}

/** Two views that render the same (fields compared one level deep). */
export const sameDemoCheckout = (a: DemoCheckoutView, b: DemoCheckoutView): boolean =>
  a.stage === b.stage &&
  Object.entries(a).every(([key, value]) => Object.is(value, (b as Record<string, unknown>)[key]));
