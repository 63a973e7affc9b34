import { getUserWalletRequest, userWalletResult } from "../schemas/wallet.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/** The wallet area's calls (`api.wallet.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const walletEndpoints = {
  userWallet: endpoint({
    area: "wallet",
    call: "userWallet",
    method: "POST",
    path: "/api/wallet/{product}Client/GetUserWallet",
    body: getUserWalletRequest,
    query: null,
    result: userWalletResult,
    auth: true,
    source: "documented",
  }),
} as const satisfies Record<string, Endpoint>;
