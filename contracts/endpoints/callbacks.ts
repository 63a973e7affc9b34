import {
  callbackAttempt,
  callbackExportRequest,
  callbackListRequest,
  callbackListResult,
  callbackRedeliverFailedRequest,
  callbackRedeliverFailedResult,
  callbackRedeliverRequest,
  callbackTestRequest,
} from "../schemas/callbacks.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";
import { listEndpoints } from "../list-endpoints.ts";

/** The callbacks area's calls (`api.callbacks.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const callbacksEndpoints = {
  // Transaction callbacks (spec section 2's "Transaction callback" menu, content not shown),
  // contracts/schemas/callbacks.ts: the log of every delivery attempt, redelivery and signed test events.
  ...listEndpoints({
    area: "callbacks",
    names: "callback",
    path: "/api/Callback",
    request: callbackListRequest,
    result: callbackListResult,
    filters: callbackExportRequest,
    row: callbackAttempt,
  }),
  callbackRedeliver: endpoint({
    area: "callbacks",
    call: "redeliver",
    method: "POST",
    path: "/api/Callback/Redeliver",
    body: callbackRedeliverRequest,
    query: null,
    result: callbackAttempt,
    auth: true,
    source: "proposed",
  }),
  callbackRedeliverFailed: endpoint({
    area: "callbacks",
    call: "redeliverFailed",
    method: "POST",
    path: "/api/Callback/RedeliverFailed",
    body: callbackRedeliverFailedRequest,
    query: null,
    result: callbackRedeliverFailedResult,
    auth: true,
    source: "proposed",
  }),
  callbackTest: endpoint({
    area: "callbacks",
    call: "test",
    method: "POST",
    path: "/api/Callback/Test",
    body: callbackTestRequest,
    query: null,
    result: callbackAttempt,
    auth: true,
    source: "proposed",
  }),
} as const satisfies Record<string, Endpoint>;
