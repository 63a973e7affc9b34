import type { SnapshotFrom } from "xstate";
import type { DemoOrder } from "../../contracts/schemas/demo.ts";
import type { Failure } from "../api-failure.ts";
import { type demoCheckoutMachine, secondsLeft, shareLeft } from "./demo-checkout.ts";

type DemoSnapshot = SnapshotFrom<typeof demoCheckoutMachine>;

/** What the checkout demo shows, one variant a stage: the view renders it and decides nothing. */
export type DemoCheckoutView =
  | { stage: "loading" }
  | { stage: "failed"; failure: Failure | null }
  | {
      stage: "pending";
      order: DemoOrder;
      secondsLeft: number;
      shareLeft: number;
      paying: boolean;
      failure: Failure | null;
    }
  | { stage: "paid"; order: DemoOrder | null }
  | { stage: "expired" };

export function selectDemoCheckout(snapshot: DemoSnapshot): DemoCheckoutView {
  const { order, failure } = snapshot.context;
  if (snapshot.matches("loading")) return { stage: "loading" };
  if (snapshot.matches("failed")) return { stage: "failed", failure };
  if (snapshot.matches("pending") && order) {
    const { context } = snapshot;
    return {
      stage: "pending",
      order,
      secondsLeft: secondsLeft(context),
      shareLeft: shareLeft(context),
      paying: snapshot.matches({ pending: "paying" }),
      failure,
    };
  }
  return snapshot.matches("paid") ? { stage: "paid", order } : { stage: "expired" };
}

/** Two views of one snapshot's stage that render the same (fields compared one level deep). */
export const sameDemoCheckout = (a: DemoCheckoutView, b: DemoCheckoutView): boolean =>
  a.stage === b.stage &&
  Object.entries(a).every(([key, value]) => Object.is(value, (b as Record<string, unknown>)[key]));

export const selectDemoChain = (snapshot: DemoSnapshot) => snapshot.context.chain;
