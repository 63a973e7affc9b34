import type { Kysely } from "kysely";
import type * as z from "zod/mini";
import type { OpenApiOperation, openApiRoutes } from "../../contracts/open-api.ts";
import type { DB } from "../db/schema.ts";
import { acceptableTokens } from "../domain/applications/accepted-currencies.ts";
import { createDepositAddress, depositChainOf, readDepositAddress } from "../domain/applications/deposit-addresses.ts";
import { openApiBill, openApiBills } from "../domain/bills/open-api-bills.ts";
import type { OpenApiCaller } from "../domain/applications/open-api-caller.ts";
import { balanceAtto } from "../domain/payments/balance.ts";
import { fromAtto } from "../../contracts/money.ts";
import { ok, type Outcome } from "../domain/platform/outcome.ts";
import {
  listOpenApiWithdrawals,
  openApiWithdrawal,
  readOpenApiWithdrawal,
} from "../domain/withdrawals/open-api-withdrawals.ts";
import type { Services } from "../http/handler.ts";
import { cancelInvoice, createInvoice, listInvoices, readInvoice } from "../domain/invoices/open-api-invoices.ts";

type Route<O extends OpenApiOperation> = (typeof openApiRoutes)[O];
type Input<O extends OpenApiOperation, K extends "body" | "params" | "query" | "headers"> =
  Route<O> extends Record<K, infer S extends z.ZodMiniType> ? z.output<S> : undefined;

/** What an open-API handler gets: the verified caller (its application and merchant) and input already validated. */
export interface OpenApiContext<O extends OpenApiOperation> {
  db: Kysely<DB>;
  caller: OpenApiCaller;
  body: Input<O, "body">;
  params: Input<O, "params">;
  query: Input<O, "query">;
  headers: Input<O, "headers">;
  now: Date;
  services: Services;
  /** The scheme and host the request was signed for (as the trusted proxies forward them): the server's public origin. */
  origin: string;
}

export type OpenApiHandlers = {
  [O in OpenApiOperation]: (ctx: OpenApiContext<O>) => Promise<Outcome<z.output<Route<O>["response"]>>>;
};

export const openApiHandlers: OpenApiHandlers = {
  async createDepositAddress({ db, caller, body, now, services }) {
    const chain = depositChainOf(services.chain, body.chain);
    const tokens = acceptableTokens(services.chain);
    return chain.ok
      ? createDepositAddress(db, caller, body.endUserId, chain.data, tokens, now, services.secret)
      : chain;
  },
  async depositAddress({ db, caller, params, query, services }) {
    const chain = depositChainOf(services.chain, query.chain);
    return chain.ok ? readDepositAddress(db, caller, params.endUserId, chain.data) : chain;
  },
  async balance({ db, caller }) {
    return ok({ balance: fromAtto(await balanceAtto(db, caller.scope)), currency: "USDT" as const });
  },
  listBills: ({ db, caller, query, services }) =>
    openApiBills(db, caller, query, { currencies: services.currencies, secret: services.secret }),
  bill: ({ db, caller, params, services }) => openApiBill(db, caller, params.billNo, services.currencies),
  createWithdrawal: ({ db, caller, body, headers, now, services }) =>
    openApiWithdrawal(db, caller, body, headers["idempotency-key"], {
      currencies: services.currencies,
      rules: services.withdrawals,
      now,
    }),
  listWithdrawals: ({ db, caller, query, services }) =>
    listOpenApiWithdrawals(db, caller, query, { currencies: services.currencies, secret: services.secret }),
  withdrawal: ({ db, caller, params, services }) =>
    readOpenApiWithdrawal(db, caller, params.withdrawalId, services.currencies),
  createInvoice: ({ db, caller, body, headers, now, services, origin }) =>
    createInvoice(db, caller, body, headers["idempotency-key"], {
      chains: services.currencies.chains,
      tokens: acceptableTokens(services.chain),
      callbackTargets: services.callbackTargets,
      secret: services.secret,
      origin,
      now,
    }),
  listInvoices: ({ db, caller, query, services, origin }) =>
    listInvoices(db, caller, query, { chains: services.currencies.chains, secret: services.secret, origin }),
  invoice: ({ db, caller, params, services, origin }) =>
    readInvoice(db, caller, params.invoiceId, { chains: services.currencies.chains, origin }),
  cancelInvoice: ({ db, caller, params, now, services, origin }) =>
    cancelInvoice(db, caller, params.invoiceId, { chains: services.currencies.chains, origin, now }),
};
