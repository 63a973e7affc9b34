import { overviewRequest, overviewResult } from "../schemas/console.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/** The console home's calls (`api.console.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const consoleEndpoints = {
  /** The console home's figures: counts, balance, main-chain amount, today's receipts and their trend. */
  consoleOverview: endpoint({
    area: "console",
    call: "overview",
    method: "POST",
    path: "/api/Console/Overview",
    body: overviewRequest,
    query: null,
    result: overviewResult,
    auth: true,
    source: "proposed",
  }),
} as const satisfies Record<string, Endpoint>;
