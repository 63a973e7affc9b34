import { rechargeBill, rechargeExportRequest, rechargeListRequest, rechargeListResult } from "../schemas/recharges.ts";
import type { Endpoint } from "../endpoint.ts";
import { listEndpoints } from "../list-endpoints.ts";

/** Recharge bills' calls (`api.recharges.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const rechargesEndpoints = {
  /** Every credit of the balance by a transfer that is not an application deposit, newest first. */
  ...listEndpoints({
    area: "recharges",
    names: "recharge",
    path: "/api/RechargeBill",
    request: rechargeListRequest,
    result: rechargeListResult,
    filters: rechargeExportRequest,
    row: rechargeBill,
  }),
} as const satisfies Record<string, Endpoint>;
