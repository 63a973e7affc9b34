import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import { subscriptionMachine } from "../../machines/orders/subscription.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, noSubscription, refusal } from "./fixtures.ts";
import { sampleBasicPackage } from "../../contracts/testing/sample-catalogue.ts";

const { done, failed } = eventBuilders(subscriptionMachine);

/** Basic, active, with more currencies in use than it allows. */
export const basicActive: SubscriptionResult = {
  package: sampleBasicPackage,
  expiresAt: "2026-03-01T10:00:00.000Z",
  active: true,
  trialAvailable: false,
  usage: { wallets: 1, currencies: 6, applications: 0 },
  serverTime: "2026-02-01T10:00:00.000Z",
};

/** The enterprise pack (unlimited everything), expired; the trial still available. */
export const enterpriseExpired: SubscriptionResult = {
  package: {
    id: "4",
    code: "enterprise",
    name: "Enterprise",
    kind: "enterprise",
    price: "999",
    termUnit: "year",
    termCount: 1,
    termMonths: 12,
    limits: { wallets: null, currencies: null, applications: null },
  },
  expiresAt: "2026-01-15T10:00:00.000Z",
  active: false,
  trialAvailable: true,
  usage: { wallets: 12, currencies: 30, applications: 4 },
  serverTime: "2026-02-01T10:00:00.000Z",
};

type E = ModelEvent<typeof subscriptionMachine>;

const describeAnswer = (answer: SubscriptionResult) =>
  answer.package
    ? `The server answers the ${answer.package.name} package, ${answer.active ? "active" : "expired"}${answer.trialAvailable ? ", trial available" : ""}`
    : "The server answers that there is no package yet, trial available";

export const subscriptionModel: MachineModel<typeof subscriptionMachine> = {
  id: "subscription",
  machine: subscriptionMachine,
  starts: [{ name: "signed in, console home", input: undefined }],
  // The screen depends on the state and which package answer arrived; not on a stale failure.
  serialize: (s) =>
    JSON.stringify([s.value, s.context.subscription?.package?.code ?? (s.context.subscription ? "none" : null)]),
  events: (s) => {
    const events: E[] = [];
    if (s.matches("loading"))
      events.push(
        done("loadSubscription", basicActive),
        done("loadSubscription", enterpriseExpired),
        done("loadSubscription", noSubscription),
        failed("loadSubscription", failure("5000", "Internal error")),
      );
    if (s.matches("failed")) events.push({ type: "subscription.retry" });
    return events;
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "subscription.retry":
        return `Press ${english("subscription.retry")} on the ${english("subscription.title")} card`;
      case "xstate.done.actor.loadSubscription":
        return describeAnswer(e.output);
      case "xstate.error.actor.loadSubscription":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const { subscription } = s.context;
    const parts: string[] = [];
    if (s.matches("loading")) parts.push(`the card reads ${english("subscription.loading")}`);
    else if (s.matches("failed")) parts.push(`the card reads ${english("subscription.failed")}`);
    else if (subscription?.package)
      parts.push(
        `the card shows ${subscription.package.name}, ${subscription.active ? "valid until" : "expired on"} its date, wallets / currencies / applications against the limits, and ${english(subscription.trialAvailable ? "subscription.trial" : "subscription.upgrade")}`,
      );
    else
      parts.push(
        `the card reads ${english("subscription.none")} with ${english("subscription.buy")} and ${english("subscription.trial")}`,
      );
    if (s.matches("failed")) parts.push(`${english("subscription.retry")} shows`);
    return parts.join("; ");
  },
  excluded: [],
};
