import type { SnapshotFrom } from "xstate";
import type { PackageLimits } from "../../contracts/schemas/packages.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import type { Failure } from "../api-failure.ts";
import type { subscriptionMachine } from "./subscription.ts";

type SubscriptionSnapshot = SnapshotFrom<typeof subscriptionMachine>;

export const usageResources = ["wallets", "currencies", "applications"] as const;
export type UsageResource = (typeof usageResources)[number];

/** One line of the resource check: used of the limit (null: unlimited); over when more is used than allowed. */
export interface UsageLine {
  resource: UsageResource;
  used: number;
  limit: number | null;
  over: boolean;
}

export type PlanView =
  | { kind: "loading" }
  | { kind: "failed"; failure: Failure | null }
  /** Never bought or tried a package. */
  | { kind: "none"; trialAvailable: boolean }
  | {
      kind: "package";
      packageCode: string;
      packageName: string;
      expiresAt: string | null;
      active: boolean;
      usage: UsageLine[];
      trialAvailable: boolean;
    };

export const usageOf = (limits: PackageLimits, used: SubscriptionResult["usage"]): UsageLine[] =>
  usageResources.map((resource) => {
    const limit = limits[resource];
    return { resource, used: used[resource], limit, over: limit !== null && used[resource] > limit };
  });

export function selectPlan(snapshot: SubscriptionSnapshot): PlanView {
  const { subscription, planFailure } = snapshot.context;
  if (snapshot.matches("failed")) return { kind: "failed", failure: planFailure };
  if (!snapshot.matches("ready") || !subscription) return { kind: "loading" };
  const pack = subscription.package;
  if (!pack) return { kind: "none", trialAvailable: subscription.trialAvailable };
  return {
    kind: "package",
    packageCode: pack.code,
    packageName: pack.name,
    expiresAt: subscription.expiresAt,
    active: subscription.active,
    usage: usageOf(pack.limits, subscription.usage),
    trialAvailable: subscription.trialAvailable,
  };
}

/** The card's entry points: buying (or upgrading) once the package is known, the trial only while it is available. */
export function selectEntries(snapshot: SubscriptionSnapshot): { upgrade: "buy" | "upgrade" | null; trial: boolean } {
  const plan = selectPlan(snapshot);
  if (plan.kind === "none") return { upgrade: "buy", trial: plan.trialAvailable };
  if (plan.kind === "package") return { upgrade: "upgrade", trial: plan.trialAvailable };
  return { upgrade: null, trial: false };
}

export const selectCanRetry = (snapshot: SubscriptionSnapshot): boolean => snapshot.can({ type: "subscription.retry" });
