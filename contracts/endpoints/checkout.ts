import {
  checkoutEventName,
  checkoutEventsPath,
  checkoutQuery,
  checkoutView,
  checkoutViewPath,
} from "../schemas/checkout.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/**
 * The hosted checkout page's calls (`api.checkout.<call>`): public, the invoice's unguessable id their only key, so
 * they answer nothing the customer should not see (contracts/schemas/checkout.ts).
 */
export const checkoutEndpoints = {
  checkoutView: endpoint({
    area: "checkout",
    call: "view",
    method: "GET",
    path: checkoutViewPath,
    body: null,
    query: checkoutQuery,
    result: checkoutView,
    auth: false,
    source: "proposed",
  }),
  checkoutEvents: endpoint({
    area: "checkout",
    call: "watch",
    method: "GET",
    path: checkoutEventsPath,
    body: null,
    query: checkoutQuery,
    result: checkoutView,
    auth: false,
    source: "proposed",
    stream: true,
    event: checkoutEventName,
  }),
} as const satisfies Record<string, Endpoint>;
