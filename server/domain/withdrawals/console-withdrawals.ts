import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { OpenWithdrawal } from "../../../contracts/schemas/open-api.ts";
import type { WalletWithdrawRequest } from "../../../contracts/schemas/wallet.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";
import type { IdentityServices } from "../identity/identity-services.ts";
import type { SecurityEventSource } from "../identity/security-events.ts";
import type { Session } from "../identity/sessions.ts";
import { checkWithdrawalProof } from "./withdrawal-proof.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { usableDestination } from "./address-book.ts";
import { withdrawalToWire } from "./withdrawal-wire.ts";
import { requestWithdrawal, type WithdrawalRules } from "./withdrawal-holds.ts";
import { withdrawalRefusalOutcome } from "./withdrawal-refusals.ts";
import { toAtto } from "../../../contracts/money.ts";

/** The stored numeric and the request's decimal (its schema allows 18 decimals at most) as the same amount. */
const sameAmount = (stored: string, asked: string) => toAtto(stored) === toAtto(asked);

export interface ConsoleWithdrawalContext {
  currencies: CurrencyRegistry;
  rules: WithdrawalRules | null;
  now: Date;
  source: SecurityEventSource;
  identity: Pick<IdentityServices, "limits" | "refusals" | "secret">;
}

/**
 * Wallet/Withdraw: money leaves only to a usable destination of the merchant's address book, with the code mailed for
 * it (type `withdrawal`) and, when two-factor is on, the authenticator's code — so a stolen session alone moves
 * nothing. The mailed code is checked first (a wrong one counts a try and goes no further), the second factor next,
 * and the code is spent in the transaction that holds the amount, only once every check of the withdrawal passed.
 * The dialog's `requestId` names the request: sent again (a lost answer), it answers the same withdrawal.
 */
export async function withdrawFromConsole(
  db: Kysely<DB>,
  session: Session,
  body: WalletWithdrawRequest,
  context: ConsoleWithdrawalContext,
): Promise<Outcome<OpenWithdrawal>> {
  const { currencies, rules, now, source, identity } = context;
  const { scope } = session;
  if (!rules) return fail(errCodes.withdrawalsNotOffered, "This service sends no withdrawals", 403);
  const idempotencyKey = body.requestId ? `console:${body.requestId}` : null;
  const earlier = idempotencyKey
    ? await db
        .selectFrom("withdrawals")
        .selectAll()
        .where("merchant_id", "=", scope.merchantId)
        .where("idempotency_key", "=", idempotencyKey)
        .where("application_id", "is", null)
        .executeTakeFirst()
    : undefined;
  if (earlier) {
    // The same request sent again (its answer lost) is the same withdrawal; another request under its id is refused.
    const to = await db
      .selectFrom("withdrawal_addresses")
      .select("address")
      .where("id", "=", /^\d{1,18}$/.test(body.addressId) ? body.addressId : "0")
      .where("merchant_id", "=", scope.merchantId)
      .executeTakeFirst();
    const same = to?.address === earlier.to_address && sameAmount(earlier.amount, body.amount);
    return same
      ? ok(withdrawalToWire(earlier, currencies))
      : fail(errCodes.withdrawalKeyReused, "This request was already used for another withdrawal");
  }

  const destination = await usableDestination(db, scope, body.addressId, now);
  if (!destination.ok) return destination;
  const chain = currencies.chainById(destination.data.chain_id);
  const token = chain && currencies.usdtOn(chain.chainId);
  if (!chain || !token) return fail(errCodes.withdrawalUnknownToken, "Withdrawals are not offered on this chain");

  const proof = await checkWithdrawalProof(db, session, body, "withdrawalRequest", { now, source, identity });
  if (!proof.ok) return proof;

  const asked = { chainId: chain.chainId, token: token.address, to: destination.data.address, amount: body.amount };
  const answer = await requestWithdrawal(db, scope, { ...asked, idempotencyKey }, rules, now, {
    authorize: proof.data.spend,
  });
  if (!answer.ok) return withdrawalRefusalOutcome(answer);
  return ok(withdrawalToWire(answer.withdrawal, currencies));
}
