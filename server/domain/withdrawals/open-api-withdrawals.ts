import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type {
  CreateWithdrawalBody,
  OpenWithdrawal,
  OpenWithdrawalList,
  OpenWithdrawalListQuery,
} from "../../../contracts/schemas/open-api.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";
import type { OpenApiCaller } from "../applications/open-api-caller.ts";
import { type KeysetList, wirePage } from "../platform/keyset-page.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { requestWithdrawal, type WithdrawalRules } from "./withdrawal-holds.ts";
import { publishWithdrawalEvent } from "./withdrawal-events.ts";
import { withdrawalRefusalOutcome } from "./withdrawal-refusals.ts";
import { withdrawalToWire } from "./withdrawal-wire.ts";
import { toAtto } from "../../../contracts/money.ts";

/**
 * POST /open/v1/withdrawals: the system acts for the merchant whose application signed the request (as every open-API
 * call does) and asks for the withdrawal in the chain's USDT; refused with 2810 where this server sends none. It goes
 * only to a usable destination of the merchant's address book, or, with the application's "any address" on, elsewhere
 * within that limit (open-api-destinations.ts).
 */
export async function openApiWithdrawal(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  body: CreateWithdrawalBody,
  idempotencyKey: string | undefined,
  context: { currencies: CurrencyRegistry; rules: WithdrawalRules | null; now: Date },
): Promise<Outcome<OpenWithdrawal>> {
  if (!context.rules) return fail(errCodes.withdrawalsNotOffered, "This service sends no withdrawals", 403);
  const chain = context.currencies.chainByProduct(body.chain);
  if (!chain) return fail(errCodes.chainUnknown, `No chain ${body.chain} is configured`, 400);
  const token = context.currencies.usdtOn(chain.chainId);
  if (!token) return fail(errCodes.withdrawalUnknownToken, `No token is configured on ${chain.product}`, 400);
  const app = await db
    .selectFrom("applications")
    .select(["withdraw_auto_approve_limit", "withdraw_any_address_daily_limit"])
    .where("id", "=", caller.applicationId)
    .executeTakeFirst();
  const limit = app?.withdraw_auto_approve_limit;
  const anyAddress = app?.withdraw_any_address_daily_limit;
  const answer = await requestWithdrawal(
    db,
    caller.scope,
    {
      chainId: chain.chainId,
      token: token.address,
      to: body.to,
      amount: body.amount,
      idempotencyKey,
      applicationId: caller.applicationId,
      approvalAbove: limit == null ? null : toAtto(limit),
      openApi: { applicationId: caller.applicationId, anyAddressLimit: anyAddress == null ? null : toAtto(anyAddress) },
    },
    context.rules,
    context.now,
    {
      created: (trx, withdrawal) =>
        publishWithdrawalEvent(trx, withdrawal.id, context.currencies, `withdrawal.${withdrawal.status}`, context.now),
    },
  );
  if (!answer.ok) return withdrawalRefusalOutcome(answer, "open");
  return ok(withdrawalToWire(answer.withdrawal, context.currencies));
}

/** GET /open/v1/withdrawals/{id}: one of the merchant's withdrawals; another merchant's reads as none (2809). */
export async function readOpenApiWithdrawal(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  withdrawalId: string,
  currencies: CurrencyRegistry,
): Promise<Outcome<OpenWithdrawal>> {
  const row = await db
    .selectFrom("withdrawals")
    .selectAll()
    .where("id", "=", withdrawalId)
    .where("merchant_id", "=", caller.scope.merchantId)
    .executeTakeFirst();
  return row
    ? ok(withdrawalToWire(row, currencies))
    : fail(errCodes.withdrawalNotFound, "No withdrawal of this id", 404);
}

/** The open API's withdrawals list; its cursors are its own (keyset-page.ts), served by withdrawals_by_merchant. */
const withdrawalKeyset: KeysetList = { name: "open-api-withdrawals", time: "w.created_at", id: "w.id" };

/** GET /open/v1/withdrawals: the merchant's withdrawals (its balance's, whichever application or console asked). */
export function listOpenApiWithdrawals(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  query: OpenWithdrawalListQuery,
  settings: { currencies: CurrencyRegistry; secret: Buffer },
): Promise<Outcome<OpenWithdrawalList>> {
  const { cursor, pageSize, ...filters } = query;
  let rows = db.selectFrom("withdrawals as w").selectAll("w").where("w.merchant_id", "=", caller.scope.merchantId);
  if (filters.status) rows = rows.where("w.status", "=", filters.status);
  const request = {
    secret: settings.secret,
    merchantId: caller.scope.merchantId,
    filters,
    cursor,
    pageSize: pageSize === undefined ? 10 : Number(pageSize),
  };
  return wirePage(db, rows, withdrawalKeyset, request, (row) => withdrawalToWire(row, settings.currencies));
}
