import type { FastifyInstance } from "fastify";
import { endpoints } from "../../contracts/endpoints.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { orderEventName } from "../../contracts/schemas/order.ts";
import type { MerchantScope } from "../domain/platform/merchant-scope.ts";
import { startOrderRelay } from "../domain/payments/order-notify.ts";
import { orderForWire } from "../domain/payments/orders.ts";
import { fail, ok } from "../domain/platform/outcome.ts";
import type { Services } from "./handler.ts";
import { type LiveEventsOptions, registerLiveStream } from "./live-stream.ts";

/**
 * `GET /api/Order/Events?orderCode=` (server/README.md, "Live order status"): the signed-in merchant's order as
 * server-sent events, `event: order` + `data: <order JSON>` at once and after every change of it, relayed from
 * PostgreSQL NOTIFY on `order_events` (domain/payments/order-notify.ts). An order that is not the merchant's is
 * refused (2202) before any stream starts; one that disappears ends it.
 */
export async function registerOrderEvents(
  app: FastifyInstance,
  services: Services,
  options: LiveEventsOptions,
): Promise<void> {
  const relay = await startOrderRelay(options.listen, app.log);
  const read = (scope: MerchantScope, orderCode: string) =>
    orderForWire(services.db, scope, orderCode, services.clock());
  registerLiveStream(
    app,
    services,
    relay,
    {
      path: endpoints.orderEvents.path,
      query: endpoints.orderEvents.query,
      eventName: orderEventName,
      what: "order",
      keyOf: (query) => query.orderCode,
      async first(scope, { orderCode }) {
        const order = await read(scope, orderCode);
        return order ? ok([order]) : fail(errCodes.orderNotFound, "Order not found");
      },
      async read(scope, { orderCode }) {
        const order = await read(scope, orderCode);
        return order ? [order] : "end";
      },
    },
    options,
  );
}
