import { endpoints } from "../../contracts/endpoints.ts";
import type { GetUserWalletRequest } from "../../contracts/schemas/wallet.ts";
import type { Call } from "./client.ts";

export const walletApi = (call: Call) => ({
  userWallet: (product: string, body: GetUserWalletRequest = {}) =>
    call(endpoints.userWallet, { params: { product }, body }),
});
