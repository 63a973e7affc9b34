import type * as z from "zod/mini";
import { appBill, billListResult } from "./schemas/bills.ts";
import {
  createDepositAddressBody,
  depositAddress,
  depositAddressParams,
  depositAddressQuery,
  openBalance,
  openBillListQuery,
  openBillParams,
  createWithdrawalBody,
  idempotencyHeaders,
  openWithdrawal,
  openWithdrawalList,
  openWithdrawalListQuery,
  withdrawalParams,
} from "./schemas/open-api.ts";
import {
  createInvoiceBody,
  invoiceParams,
  openInvoice,
  openInvoiceList,
  openInvoiceListQuery,
} from "./schemas/open-api-invoices.ts";

/**
 * The open API's routes, for merchants' own systems: one row per operation. The server registers a route per
 * row (server/http/open-api-routes.ts) and the OpenAPI document describes each (contracts/open-api-document.ts).
 */
export interface OpenApiRoute {
  method: "GET" | "POST";
  /** Under /open/v1; `{name}` is a path parameter. */
  path: string;
  summary: string;
  params?: z.ZodMiniType<Record<string, string>>;
  query?: z.ZodMiniType<Record<string, string>>;
  body?: z.ZodMiniType;
  /** Request headers it reads besides the signature's (names lower-case). */
  headers?: z.ZodMiniType<Record<string, string | undefined>>;
  response: z.ZodMiniType;
}

export { openApiPrefix } from "./open-api-prefix.ts";

export const openApiRoutes = {
  createDepositAddress: {
    method: "POST",
    path: "/deposit-addresses",
    summary:
      "The end user's deposit address on a chain: made on the first call, the same one on every call after (idempotent)",
    body: createDepositAddressBody,
    response: depositAddress,
  },
  depositAddress: {
    method: "GET",
    path: "/deposit-addresses/{endUserId}",
    summary: "An end user's deposit address on a chain, made before by the call above",
    params: depositAddressParams,
    query: depositAddressQuery,
    response: depositAddress,
  },
  balance: {
    method: "GET",
    path: "/balance",
    summary: "The merchant's balance, a decimal string",
    response: openBalance,
  },
  listBills: {
    method: "GET",
    path: "/bills",
    summary:
      "The application's bills (transfers to its deposit addresses), newest first: by end user, status and pay time, a page at a time",
    query: openBillListQuery,
    response: billListResult,
  },
  bill: {
    method: "GET",
    path: "/bills/{billNo}",
    summary: "One of the application's bills by its number: status, confirmations, amount, transaction",
    params: openBillParams,
    response: appBill,
  },
  createWithdrawal: {
    method: "POST",
    path: "/withdrawals",
    summary:
      "A withdrawal from the merchant's balance to an address: amount and fee held at once, sent from the treasury (above the application's auto-approve limit, awaitingApproval until the merchant approves it in the console); each change is called back to the withdraw callback URL; with an Idempotency-Key, asked once whatever the retries",
    body: createWithdrawalBody,
    headers: idempotencyHeaders,
    response: openWithdrawal,
  },
  listWithdrawals: {
    method: "GET",
    path: "/withdrawals",
    summary: "The merchant's withdrawals, newest first: by status, a page at a time",
    query: openWithdrawalListQuery,
    response: openWithdrawalList,
  },
  withdrawal: {
    method: "GET",
    path: "/withdrawals/{withdrawalId}",
    summary:
      "One of the merchant's withdrawals: its status (awaitingApproval, requested, signed, broadcast, confirmed or failed) and transaction",
    params: withdrawalParams,
    response: openWithdrawal,
  },
  createInvoice: {
    method: "POST",
    path: "/invoices",
    summary:
      "An invoice for one order: its own payment address on each chain offered, a hosted checkout page (checkoutUrl) and an expiry; the same orderId with the same request answers the same invoice (another request for it is refused, 2902); with an Idempotency-Key, made once whatever the retries",
    body: createInvoiceBody,
    headers: idempotencyHeaders,
    response: openInvoice,
  },
  listInvoices: {
    method: "GET",
    path: "/invoices",
    summary: "The application's invoices, newest first: by status and orderId, a page at a time",
    query: openInvoiceListQuery,
    response: openInvoiceList,
  },
  invoice: {
    method: "GET",
    path: "/invoices/{invoiceId}",
    summary:
      "One of the application's invoices: its status (new, processing, paid, expired or cancelled), flags, amount received and addresses",
    params: invoiceParams,
    response: openInvoice,
  },
  cancelInvoice: {
    method: "POST",
    path: "/invoices/{invoiceId}/cancel",
    summary:
      "Cancels an invoice while it is new, within its time and nothing arrived at it (else 2905); an invoice cancelled already answers as it is",
    params: invoiceParams,
    response: openInvoice,
  },
} as const satisfies Record<string, OpenApiRoute>;

export type OpenApiOperation = keyof typeof openApiRoutes;
