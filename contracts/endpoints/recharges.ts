import { rechargeBill, rechargeExportRequest, rechargeListRequest, rechargeListResult } from "../schemas/recharges.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/** Recharge bills' calls (`api.recharges.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const rechargesEndpoints = {
  /** Every credit of the balance by a transfer that is not an application deposit, newest first (issue 41). */
  rechargeList: endpoint({
    area: "recharges",
    call: "list",
    method: "POST",
    path: "/api/RechargeBill/List",
    body: rechargeListRequest,
    query: null,
    result: rechargeListResult,
    auth: true,
    source: "proposed",
  }),
  rechargeExport: endpoint({
    area: "recharges",
    call: "export",
    method: "POST",
    path: "/api/RechargeBill/Export",
    body: rechargeExportRequest,
    query: null,
    result: rechargeBill,
    auth: true,
    source: "proposed",
    download: true,
  }),
} as const satisfies Record<string, Endpoint>;
