import { emptyResult } from "../schemas/auth.ts";

import { openWithdrawal } from "../schemas/open-api.ts";
import {
  addWithdrawalAddressRequest,
  getUserWalletRequest,
  userWalletResult,
  walletOverview,
  walletWithdrawRequest,
  withdrawalAddress,
  withdrawalApproveRequest,
  withdrawalRejectRequest,
  withdrawalExportRequest,
  withdrawalListRequest,
  withdrawalListResult,
  withdrawalAddressIdRequest,
  withdrawalAddressList,
} from "../schemas/wallet.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";
import { listEndpoints } from "../list-endpoints.ts";

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
  /** My wallet's figures: available, held by withdrawals in flight, the day's limit, the chains and their fees. */
  walletOverview: endpoint({
    area: "wallet",
    call: "walletOverview",
    method: "POST",
    path: "/api/Wallet/Overview",
    body: null,
    query: null,
    result: walletOverview,
    auth: true,
    source: "proposed",
  }),
  /** The withdrawal address book: the destinations, newest first, and the cool-down a new one waits. */
  addresses: endpoint({
    area: "wallet",
    call: "addresses",
    method: "POST",
    path: "/api/Wallet/Addresses",
    body: null,
    query: null,
    result: withdrawalAddressList,
    auth: true,
    source: "proposed",
  }),
  /** Adds a destination, usable after the cool-down; recorded in the security log and mailed to the merchant. */
  addAddress: endpoint({
    area: "wallet",
    call: "addAddress",
    method: "POST",
    path: "/api/Wallet/AddAddress",
    body: addWithdrawalAddressRequest,
    query: null,
    result: withdrawalAddress,
    auth: true,
    source: "proposed",
  }),
  removeAddress: endpoint({
    area: "wallet",
    call: "removeAddress",
    method: "POST",
    path: "/api/Wallet/RemoveAddress",
    body: withdrawalAddressIdRequest,
    query: null,
    result: emptyResult,
    auth: true,
    source: "proposed",
  }),
  /** A withdrawal to a usable destination, with the mailed code (type withdrawal) and, when on, the second factor. */
  withdraw: endpoint({
    area: "wallet",
    call: "withdraw",
    method: "POST",
    path: "/api/Wallet/Withdraw",
    body: walletWithdrawRequest,
    query: null,
    result: openWithdrawal,
    auth: true,
    source: "proposed",
  }),
  /** Sends a withdrawal an application asked above its auto-approve limit: the mailed code and, when on, the second factor. */
  approveWithdrawal: endpoint({
    area: "wallet",
    call: "approveWithdrawal",
    method: "POST",
    path: "/api/Wallet/ApproveWithdrawal",
    body: withdrawalApproveRequest,
    query: null,
    result: openWithdrawal,
    auth: true,
    source: "proposed",
  }),
  /** Refuses it: failed, its amount and fee back in the balance. */
  rejectWithdrawal: endpoint({
    area: "wallet",
    call: "rejectWithdrawal",
    method: "POST",
    path: "/api/Wallet/RejectWithdrawal",
    body: withdrawalRejectRequest,
    query: null,
    result: openWithdrawal,
    auth: true,
    source: "proposed",
  }),
  /** My wallet's withdrawals, on the list framework: whichever asked them (the console or an application). */
  ...listEndpoints({
    area: "wallet",
    names: "withdrawal",
    path: { pages: "/api/Wallet/Withdrawals", file: "/api/Wallet/WithdrawalsExport" },
    calls: { pages: "withdrawals", file: "exportWithdrawals" },
    request: withdrawalListRequest,
    result: withdrawalListResult,
    filters: withdrawalExportRequest,
    row: openWithdrawal,
  }),
} as const satisfies Record<string, Endpoint>;
