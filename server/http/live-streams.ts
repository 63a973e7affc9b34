import type { FastifyInstance } from "fastify";
import { endpoints } from "../../contracts/endpoints.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { maxBillPageSize } from "../../contracts/schemas/bills.ts";
import { billForWire, searchBills } from "../domain/bills/bills.ts";
import { orderForWire } from "../domain/payments/orders.ts";
import { liveTransactionRecords } from "../domain/payments/transaction-records.ts";
import type { MerchantStreamName, PublicStreamName } from "../domain/platform/live-changes.ts";
import { takeCheckoutSlot } from "../domain/invoices/checkout-limit.ts";
import { readCheckoutView } from "../domain/invoices/checkout-view.ts";
import { liveConsoleInvoices } from "../domain/invoices/console-invoices.ts";
import type { CheckoutQuery, CheckoutView } from "../../contracts/schemas/checkout.ts";
import { startNotifyRelay } from "../domain/platform/notify-relay.ts";
import { fail, ok } from "../domain/platform/outcome.ts";
import type { Services } from "./handler.ts";
import { type LiveEventsOptions, type LiveStreamSpec, registerLiveStream } from "./live-stream.ts";
import { type PublicStreamSpec, registerPublicLiveStream } from "./public-live-stream.ts";

type Spec = LiveStreamSpec<never, unknown>;

/**
 * The merchant's live streams, one row each: its endpoint (the table's `stream` row: path, query, event), whom it
 * follows, what it sends at once, and what it sends after a change raised with `notifyLive` (live-changes.ts). Every
 * stream shares the process's one LISTEN and relay, the session checks, the cap per merchant and the keep-alive
 * (live-stream.ts).
 */
export function liveStreams(services: Services): Record<MerchantStreamName, Spec> {
  const currencies = () => services.currencies;
  const specs = {
    /**
     * `GET /api/Order/Events?orderCode=` (server/README.md, "Live streams"): the order at once and after every
     * change of it. An order that is not the merchant's is refused (2202) before any stream starts; one that
     * disappears ends it.
     */
    order: {
      path: endpoints.orderEvents.path,
      query: endpoints.orderEvents.query,
      stream: "order",
      what: "order",
      keyOf: (query) => query.orderCode,
      async first(scope, { orderCode }) {
        const order = await orderForWire(services.db, scope, orderCode, services.clock());
        return order ? ok([order]) : fail(errCodes.orderNotFound, "Order not found");
      },
      async read(scope, { orderCode }) {
        const order = await orderForWire(services.db, scope, orderCode, services.clock());
        return order ? [order] : "end";
      },
    } satisfies LiveStreamSpec<{ orderCode: string }, unknown>,
    /**
     * `GET /api/Bill/Events`: each application bill when it is seen, gains a confirmation, is credited or taken away.
     * Nothing is sent at once (the page lists the bills itself); after a lost LISTEN connection the bills still
     * confirming are sent again.
     */
    bill: {
      path: endpoints.billEvents.path,
      query: endpoints.billEvents.query,
      stream: "bill",
      what: "bill",
      keyOf: () => null,
      first: async () => ok([]),
      async read(scope, _query, billNo) {
        if (billNo === null) {
          const search = { status: "confirming" as const, pageSize: maxBillPageSize };
          const page = await searchBills(services.db, scope, search, {
            currencies: currencies(),
            secret: services.secret,
          });
          return page.ok ? page.data.items : [];
        }
        // Another merchant's number under this merchant's id (a forged NOTIFY) reads nothing, and sends nothing.
        const bill = await billForWire(services.db, scope, billNo, currencies());
        return bill ? [bill] : [];
      },
    } satisfies LiveStreamSpec<Record<string, never>, unknown>,
    /**
     * `GET /api/Transaction/Events`: each transaction record when it is written, and a withdrawal's records whenever it
     * changes (signed, broadcast, a confirmation more, paid, failed). Nothing at once; after a lost LISTEN the records
     * of withdrawals on their way are sent again.
     */
    transaction: {
      path: endpoints.transactionEvents.path,
      query: endpoints.transactionEvents.query,
      stream: "transaction",
      what: "transaction record",
      keyOf: () => null,
      first: async () => ok([]),
      read: (scope, _query, key) => liveTransactionRecords(services.db, scope, key, currencies()),
    } satisfies LiveStreamSpec<Record<string, never>, unknown>,
    /**
     * `GET /api/Invoice/Events`: each invoice as Invoices lists it whenever its life moves (invoice-life-store.ts).
     * Nothing at once; after a lost LISTEN the invoices still open are sent again.
     */
    invoice: {
      path: endpoints.invoiceEvents.path,
      query: endpoints.invoiceEvents.query,
      stream: "invoice",
      what: "invoice",
      keyOf: () => null,
      first: async () => ok([]),
      // Another merchant's invoice under this merchant's id (a forged NOTIFY) reads nothing, and sends nothing.
      read: (scope, _query, publicId, origin) =>
        liveConsoleInvoices(services.db, scope, publicId, { currencies: currencies(), origin }),
    } satisfies LiveStreamSpec<Record<string, never>, unknown>,
  };
  return specs as unknown as Record<MerchantStreamName, Spec>;
}

/**
 * `GET /api/Checkout/Events?invoiceId=`: the hosted checkout page's invoice at once, then again after every change of
 * it (its life's store raises them: a transfer seen, a confirmation, paid, expired, cancelled). An unknown id is
 * refused (2920) before any stream starts; opening one takes a slot of the address's checkout bucket, as a view does.
 * The stream stays open once the invoice has ended: money may still arrive (paid late, overpaid), and the page shows it.
 */
const checkoutStream = (services: Services): PublicStreamSpec<CheckoutQuery, CheckoutView> => {
  const view = (invoiceId: string) =>
    readCheckoutView(services.db, invoiceId, { currencies: services.currencies, now: services.clock() });
  return {
    path: endpoints.checkoutEvents.path,
    query: endpoints.checkoutEvents.query,
    stream: "checkout",
    what: "checkout",
    admit: (ip) => takeCheckoutSlot(services, ip, services.clock()),
    keyOf: (query) => query.invoiceId,
    first: async ({ invoiceId }) => {
      const first = await view(invoiceId);
      return first.ok ? ok([first.data]) : first;
    },
    read: async ({ invoiceId }) => {
      const again = await view(invoiceId);
      return again.ok ? [again.data] : "end";
    },
  };
};

/** The public live streams, one row each: no session, a row followed by its unguessable id (public-live-stream.ts). */
export const publicLiveStreams = (
  services: Services,
): Record<PublicStreamName, PublicStreamSpec<CheckoutQuery, CheckoutView>> => ({
  checkout: checkoutStream(services),
});

/** Every live stream's route, over the process's one relay (stopped when the app closes). */
export async function registerLiveStreams(
  app: FastifyInstance,
  services: Services,
  options: LiveEventsOptions,
): Promise<void> {
  const relay = await startNotifyRelay(options.listen, app.log);
  app.addHook("onClose", async () => relay.stop());
  for (const spec of Object.values(liveStreams(services))) registerLiveStream(app, services, relay, spec, options);
  for (const spec of Object.values(publicLiveStreams(services))) registerPublicLiveStream(app, relay, spec, options);
}
