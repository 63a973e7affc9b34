import { balanceResult } from "../schemas/balance.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/** The account area's calls (`api.account.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const accountEndpoints = {
  balance: endpoint({
    area: "account",
    call: "balance",
    method: "POST",
    path: "/api/Account/Balance",
    body: null,
    query: null,
    result: balanceResult,
    auth: true,
    source: "proposed",
  }),
} as const satisfies Record<string, Endpoint>;
