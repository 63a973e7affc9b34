import { ok } from "../domain/platform/outcome.ts";
import { listPackages } from "../domain/payments/packages.ts";
import { subscriptionOf } from "../domain/payments/subscriptions.ts";
import type { HandlerTable } from "../http/handler.ts";

/** The catalogue, and the merchant's own package with what it uses. */
export const packageHandlers: Pick<HandlerTable, "packageList" | "subscription"> = {
  packageList: {
    async handle({ db }) {
      return ok(await listPackages(db));
    },
  },
  subscription: {
    async handle({ db, session, services, now }) {
      return ok(await subscriptionOf(db, session.scope, services.chain, now));
    },
  },
};
