import { errCodes } from "../../contracts/schemas/envelope.ts";
import { createDemoOrder, findDemoOrder, payDemoOrder, toWire } from "../domain/payments/demo-orders.ts";
import { addressBucket } from "../domain/platform/ip-address.ts";
import { fail, ok } from "../domain/platform/outcome.ts";
import { takeSlots, waitMessage } from "../domain/platform/rate-limit.ts";
import type { HandlerTable } from "../http/handler.ts";

const notFound = () => fail(errCodes.demoOrderNotFound, "No such demo order");

/** The public checkout demo: create an order, read it, pretend the customer paid it. */
export const demoHandlers: Pick<HandlerTable, "demoCheckout" | "demoStatus" | "demoPay"> = {
  demoCheckout: {
    async handle({ db, body, ip, now, services: { limits, refusals } }) {
      const taken = await takeSlots(
        db,
        [{ bucket: "demo-ip", subject: addressBucket(ip), window: limits.demoOrdersPerIp }],
        now,
        refusals,
      );
      if (!taken.ok) return fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
      const chain = body.chain ?? "ETH";
      const row = await createDemoOrder(db, chain, now);
      return ok(toWire(row, now));
    },
  },

  demoStatus: {
    async handle({ db, body, now }) {
      const row = await findDemoOrder(db, body.orderCode);
      return row ? ok(toWire(row, now)) : notFound();
    },
  },

  // Stands in for the customer's transfer, so the visitor sees the paid state.
  demoPay: {
    async handle({ db, body, now }) {
      const row = await payDemoOrder(db, body.orderCode, now);
      if (row) return ok(toWire(row, now));
      const existing = await findDemoOrder(db, body.orderCode);
      if (!existing) return notFound();
      if (existing.status === "paid") return ok(toWire(existing, now));
      return fail(errCodes.demoOrderExpired, "The demo order has expired, start a new one");
    },
  },
};
