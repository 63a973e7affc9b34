import {
  appBill,
  billDetailRequest,
  billEventName,
  billEventsPath,
  billEventsQuery,
  billExportRequest,
  billListRequest,
  billListResult,
} from "../schemas/bills.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";
import { listEndpoints } from "../list-endpoints.ts";

/** The bills area's calls (`api.bills.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const billsEndpoints = {
  // Application bills (spec sections 2–3: "bills … not shown"), contracts/schemas/bills.ts: every transfer to
  // one of the merchant's deposit addresses, read only; the chain listener writes them.
  ...listEndpoints({
    area: "bills",
    names: "bill",
    path: "/api/Bill",
    request: billListRequest,
    result: billListResult,
    filters: billExportRequest,
    row: appBill,
  }),
  billDetail: endpoint({
    area: "bills",
    call: "detail",
    method: "POST",
    path: "/api/Bill/Detail",
    body: billDetailRequest,
    query: null,
    result: appBill,
    auth: true,
    source: "proposed",
  }),
  billEvents: endpoint({
    area: "bills",
    call: "watch",
    method: "GET",
    path: billEventsPath,
    body: null,
    query: billEventsQuery,
    result: appBill,
    auth: true,
    source: "proposed",
    stream: true,
    event: billEventName,
  }),
} as const satisfies Record<string, Endpoint>;
