import { errCodes } from "../../contracts/schemas/envelope.ts";
import { acceptableTokens } from "../domain/applications/accepted-currencies.ts";
import { createDemoInvoice } from "../domain/invoices/demo-invoices.ts";
import { addressBucket } from "../domain/platform/ip-address.ts";
import { fail } from "../domain/platform/outcome.ts";
import { takeSlots, waitMessage } from "../domain/platform/rate-limit.ts";
import type { HandlerTable } from "../http/handler.ts";

/** /demo01: a real invoice of the demo merchant, a few per address. */
export const demoHandlers: Pick<HandlerTable, "demoCheckout"> = {
  demoCheckout: {
    async handle({ db, ip, now, origin, services }) {
      const { limits, refusals, currencies, chain, callbackTargets, secret } = services;
      const slot = { bucket: "demo-ip" as const, subject: addressBucket(ip), window: limits.demoOrdersPerIp };
      const taken = await takeSlots(db, [slot], now, refusals);
      if (!taken.ok) return fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
      const tokens = acceptableTokens(chain);
      return createDemoInvoice(db, { chains: currencies.chains, tokens, callbackTargets, secret, origin, now });
    },
  },
};
