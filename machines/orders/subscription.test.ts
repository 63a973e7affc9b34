import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import { selectCanRetry, selectEntries, selectPlan } from "./subscription-selectors.ts";
import { subscriptionMachine } from "./subscription.ts";
import { apiFailure } from "../test-support.ts";
import { sampleBasicPackage } from "../../contracts/testing/sample-catalogue.ts";

const basic = sampleBasicPackage;
const active: SubscriptionResult = {
  package: basic,
  expiresAt: "2026-03-01T00:00:00.000Z",
  active: true,
  trialAvailable: false,
  usage: { wallets: 1, currencies: 6, applications: 0 },
  serverTime: "2026-02-01T00:00:00.000Z",
};
const nothingYet: SubscriptionResult = {
  package: null,
  expiresAt: null,
  active: false,
  trialAvailable: true,
  usage: { wallets: 0, currencies: 0, applications: 0 },
  serverTime: active.serverTime,
};

type Answer<T> = () => Promise<T>;

function start(plans: Answer<SubscriptionResult>[]) {
  const calls = { plan: 0 };
  const machine = subscriptionMachine.provide({
    actors: {
      loadSubscription: fromPromise(() => (plans[calls.plan++] ?? (plans.at(-1) as Answer<SubscriptionResult>))()),
    },
  });
  return { actor: createActor(machine).start(), calls };
}

const settled = (actor: ReturnType<typeof start>["actor"]) =>
  waitFor(actor, (s) => !s.matches("loading"), { timeout: 2000 });

describe("subscription card", () => {
  it("loads the package and what it uses", async () => {
    const { actor, calls } = start([async () => active]);
    expect(selectPlan(actor.getSnapshot())).toEqual({ kind: "loading" });
    expect(selectEntries(actor.getSnapshot())).toEqual({ upgrade: null, trial: false });
    await settled(actor);
    expect(calls).toEqual({ plan: 1 });
    expect(selectPlan(actor.getSnapshot())).toEqual({
      kind: "package",
      packageCode: "basic",
      packageName: "Basic",
      expiresAt: active.expiresAt,
      active: true,
      trialAvailable: false,
      usage: [
        { resource: "wallets", used: 1, limit: 3, over: false },
        { resource: "currencies", used: 6, limit: 5, over: true },
        { resource: "applications", used: 0, limit: 3, over: false },
      ],
    });
    expect(selectEntries(actor.getSnapshot())).toEqual({ upgrade: "upgrade", trial: false });
    expect(selectCanRetry(actor.getSnapshot())).toBe(false);
  });

  it("says unlimited (null) is never over, and offers buying and the trial without a package", async () => {
    const enterprise = {
      ...active,
      package: { ...basic, code: "enterprise", limits: { wallets: null, currencies: null, applications: null } },
      usage: { wallets: 500, currencies: 9, applications: 40 },
    };
    const big = start([async () => enterprise]);
    await settled(big.actor);
    const plan = selectPlan(big.actor.getSnapshot());
    expect(plan.kind === "package" && plan.usage.every((line) => line.limit === null && !line.over)).toBe(true);

    const first = start([async () => nothingYet]);
    await settled(first.actor);
    expect(selectPlan(first.actor.getSnapshot())).toEqual({ kind: "none", trialAvailable: true });
    expect(selectEntries(first.actor.getSnapshot())).toEqual({ upgrade: "buy", trial: true });
  });

  it("offers Retry when the package fails, and asks again", async () => {
    const { actor, calls } = start([() => Promise.reject(apiFailure("5000")), async () => active]);
    await settled(actor);
    expect(selectPlan(actor.getSnapshot())).toEqual({
      kind: "failed",
      failure: { errCode: "5000", errMsg: "failure 5000" },
    });
    expect(selectCanRetry(actor.getSnapshot())).toBe(true);
    actor.send({ type: "subscription.retry" });
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    await settled(actor);
    expect(calls).toEqual({ plan: 2 });
    expect(selectPlan(actor.getSnapshot()).kind).toBe("package");
    expect(actor.getSnapshot().context.planFailure).toBeNull();
  });
});
