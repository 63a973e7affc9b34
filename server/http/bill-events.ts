import type { FastifyInstance } from "fastify";
import { endpoints } from "../../contracts/endpoints.ts";
import { billEventName, maxBillPageSize } from "../../contracts/schemas/bills.ts";
import { startBillRelay } from "../domain/bills/bill-notify.ts";
import { billForWire, searchBills } from "../domain/bills/bills.ts";
import { ok } from "../domain/platform/outcome.ts";
import type { Services } from "./handler.ts";
import { type LiveEventsOptions, registerLiveStream } from "./live-stream.ts";

/**
 * `GET /api/Bill/Events`: the signed-in merchant's application bills as server-sent events, `event: bill` +
 * `data: <appBill JSON>` whenever one is seen, gains a confirmation, is credited or taken away, relayed from
 * PostgreSQL NOTIFY on `bill_events` (domain/bills/bill-notify.ts). Nothing is sent at once (the page lists the
 * bills itself); after a lost LISTEN connection the bills still confirming are sent again.
 */
export async function registerBillEvents(
  app: FastifyInstance,
  services: Services,
  options: LiveEventsOptions,
): Promise<void> {
  const relay = await startBillRelay(options.listen, app.log);
  const chains = () => services.chain?.chains ?? [];
  registerLiveStream(
    app,
    services,
    relay,
    {
      path: endpoints.billEvents.path,
      query: endpoints.billEvents.query,
      eventName: billEventName,
      what: "bill",
      keyOf: () => null,
      first: async () => ok([]),
      async read(scope, _query, billNo) {
        if (billNo === null) {
          const search = { status: "confirming" as const, pageSize: maxBillPageSize };
          const page = await searchBills(services.db, scope, search, { chains: chains(), secret: services.secret });
          return page.ok ? page.data.items : [];
        }
        // Another merchant's number under this merchant's id (a forged NOTIFY) reads nothing, and sends nothing.
        const bill = await billForWire(services.db, scope, billNo, chains());
        return bill ? [bill] : [];
      },
    },
    options,
  );
}
