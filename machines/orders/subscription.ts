import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from "xstate";
import type { BalanceResult } from "../../contracts/schemas/balance.ts";
import type { PackageLimits } from "../../contracts/schemas/packages.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface SubscriptionContext {
  subscription: SubscriptionResult | null;
  balance: BalanceResult | null;
  planFailure: Failure | null;
  balanceFailure: Failure | null;
}

export type SubscriptionEvent = { type: "subscription.retry" };

/**
 * The console home's package card (spec section 2: resource check, upgrade, trial version, account balance): the
 * package and the balance load side by side, so one that fails still leaves the other on screen; Retry asks again
 * for whatever failed.
 */
export const subscriptionMachine = setup({
  types: {} as { context: SubscriptionContext; events: SubscriptionEvent },
  actors: {
    loadSubscription: fromPromise<SubscriptionResult>(async () => {
      throw new Error("loadSubscription is provided by the app");
    }),
    loadBalance: fromPromise<BalanceResult>(async () => {
      throw new Error("loadBalance is provided by the app");
    }),
  },
}).createMachine({
  id: "subscription",
  context: { subscription: null, balance: null, planFailure: null, balanceFailure: null },
  type: "parallel",
  states: {
    plan: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            id: "loadSubscription",
            src: "loadSubscription",
            onDone: {
              target: "ready",
              actions: assign({ subscription: ({ event }) => event.output, planFailure: null }),
            },
            onError: { target: "failed", actions: assign({ planFailure: ({ event }) => toFailure(event.error) }) },
          },
        },
        ready: {},
        failed: { on: { "subscription.retry": "loading" } },
      },
    },
    balance: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            id: "loadBalance",
            src: "loadBalance",
            onDone: {
              target: "ready",
              actions: assign({ balance: ({ event }) => event.output, balanceFailure: null }),
            },
            onError: { target: "failed", actions: assign({ balanceFailure: ({ event }) => toFailure(event.error) }) },
          },
        },
        ready: {},
        failed: { on: { "subscription.retry": "loading" } },
      },
    },
  },
});

export type SubscriptionActor = ActorRefFrom<typeof subscriptionMachine>;
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

export type BalanceView =
  | { kind: "loading" }
  | { kind: "failed"; failure: Failure | null }
  | { kind: "ready"; amount: string };

export const usageOf = (limits: PackageLimits, used: SubscriptionResult["usage"]): UsageLine[] =>
  usageResources.map((resource) => {
    const limit = limits[resource];
    return { resource, used: used[resource], limit, over: limit !== null && used[resource] > limit };
  });

export function selectPlan(snapshot: SubscriptionSnapshot): PlanView {
  const { subscription, planFailure } = snapshot.context;
  if (snapshot.matches({ plan: "failed" })) return { kind: "failed", failure: planFailure };
  if (!snapshot.matches({ plan: "ready" }) || !subscription) return { kind: "loading" };
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

export function selectBalance(snapshot: SubscriptionSnapshot): BalanceView {
  const { balance, balanceFailure } = snapshot.context;
  if (snapshot.matches({ balance: "failed" })) return { kind: "failed", failure: balanceFailure };
  if (!snapshot.matches({ balance: "ready" }) || !balance) return { kind: "loading" };
  return { kind: "ready", amount: balance.balance };
}

/** The card's entry points: buying (or upgrading) once the package is known, the trial only while it is available. */
export function selectEntries(snapshot: SubscriptionSnapshot): { upgrade: "buy" | "upgrade" | null; trial: boolean } {
  const plan = selectPlan(snapshot);
  if (plan.kind === "none") return { upgrade: "buy", trial: plan.trialAvailable };
  if (plan.kind === "package") return { upgrade: "upgrade", trial: plan.trialAvailable };
  return { upgrade: null, trial: false };
}

export const selectCanRetry = (snapshot: SubscriptionSnapshot): boolean => snapshot.can({ type: "subscription.retry" });
