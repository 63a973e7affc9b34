import { demoCheckoutRequest, demoOrder, demoOrderRequest } from "../schemas/demo.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/** The demo area's calls (`api.demo.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const demoEndpoints = {
  // The public checkout demo of /demo01, on demo data of its own.
  demoCheckout: endpoint({
    area: "demo",
    call: "checkout",
    method: "POST",
    path: "/api/Demo/Checkout",
    body: demoCheckoutRequest,
    query: null,
    result: demoOrder,
    auth: false,
    source: "proposed",
  }),
  demoStatus: endpoint({
    area: "demo",
    call: "status",
    method: "POST",
    path: "/api/Demo/Status",
    body: demoOrderRequest,
    query: null,
    result: demoOrder,
    auth: false,
    source: "proposed",
  }),
  demoPay: endpoint({
    area: "demo",
    call: "pay",
    method: "POST",
    path: "/api/Demo/Pay",
    body: demoOrderRequest,
    query: null,
    result: demoOrder,
    auth: false,
    source: "proposed",
  }),
} as const satisfies Record<string, Endpoint>;
