import { demoCheckoutRequest, demoInvoice } from "../schemas/demo.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/** The demo area's calls (`api.demo.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const demoEndpoints = {
  // /demo01: a new invoice of the demo merchant, throttled per address; refused (2113) on a server without the devnet.
  demoCheckout: endpoint({
    area: "demo",
    call: "checkout",
    method: "POST",
    path: "/api/Demo/Checkout",
    body: demoCheckoutRequest,
    query: null,
    result: demoInvoice,
    auth: false,
    source: "proposed",
  }),
} as const satisfies Record<string, Endpoint>;
