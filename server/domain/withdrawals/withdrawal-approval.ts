import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { OpenWithdrawal } from "../../../contracts/schemas/open-api.ts";
import type { WithdrawalApproveRequest, WithdrawalRejectRequest } from "../../../contracts/schemas/wallet.ts";
import type { DB } from "../../db/schema.ts";
import { recordSecurityEvent } from "../identity/security-events.ts";
import type { Session } from "../identity/sessions.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { checkWithdrawalProof } from "./withdrawal-proof.ts";
import { ApiError, fail, ok, type Outcome } from "../platform/outcome.ts";
import type { ConsoleWithdrawalContext } from "./console-withdrawals.ts";
import { publishWithdrawalEvent } from "./withdrawal-events.ts";
import { releaseWithdrawal } from "./withdrawal-holds.ts";
import { withdrawalToWire } from "./withdrawal-wire.ts";

/**
 * An application may set an auto-approve limit (App/Add, App/Edit): an open-API withdrawal above it is held and waits
 * (`awaitingApproval`) until the merchant approves it in the console — with the code mailed for it and, when two-factor
 * is on, the authenticator's code, as a withdrawal asked there — or rejects it. The pattern of BTCPay's payouts
 * awaiting approval: a leaked AppSecret alone moves no more than the limit.
 */

const isId = (id: string) => /^\d{1,18}$/.test(id);

/** The merchant's withdrawal, locked; refused as unknown (another merchant's too) or as not waiting for approval. */
async function lockAwaiting(trx: Kysely<DB>, scope: MerchantScope, withdrawalId: string) {
  const row = await trx
    .selectFrom("withdrawals")
    .selectAll()
    .where("id", "=", isId(withdrawalId) ? withdrawalId : "0")
    .where("merchant_id", "=", scope.merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new ApiError(errCodes.withdrawalNotFound, "No withdrawal of this id");
  if (row.status !== "awaitingApproval")
    throw new ApiError(errCodes.withdrawalNotAwaitingApproval, "This withdrawal is not waiting for approval");
  return row;
}

const asOutcome = async (work: () => Promise<OpenWithdrawal>): Promise<Outcome<OpenWithdrawal>> => {
  try {
    return ok(await work());
  } catch (error) {
    if (error instanceof ApiError) return fail(error.code, error.message);
    throw error;
  }
};

/**
 * Wallet/ApproveWithdrawal: the mailed code is checked first and the second factor next (a wrong one spends nothing),
 * then, in one transaction, the withdrawal still waiting is locked, the code spent, the withdrawal `requested` for the
 * sender, and its application told (`withdrawal.requested`).
 */
export async function approveWithdrawal(
  db: Kysely<DB>,
  session: Session,
  body: WithdrawalApproveRequest,
  context: ConsoleWithdrawalContext,
): Promise<Outcome<OpenWithdrawal>> {
  const { currencies, now, source, identity } = context;
  const { scope } = session;
  const found = await db
    .selectFrom("withdrawals")
    .select("status")
    .where("id", "=", isId(body.withdrawalId) ? body.withdrawalId : "0")
    .where("merchant_id", "=", scope.merchantId)
    .executeTakeFirst();
  if (!found) return fail(errCodes.withdrawalNotFound, "No withdrawal of this id");
  if (found.status !== "awaitingApproval")
    return fail(errCodes.withdrawalNotAwaitingApproval, "This withdrawal is not waiting for approval");
  const proof = await checkWithdrawalProof(db, session, body, "withdrawalApprove", { now, source, identity });
  if (!proof.ok) return proof;
  return asOutcome(() =>
    db.transaction().execute(async (trx) => {
      await lockAwaiting(trx, scope, body.withdrawalId);
      await proof.data.spend(trx);
      const approved = await trx
        .updateTable("withdrawals")
        .set({ status: "requested", updated_at: now })
        .where("id", "=", body.withdrawalId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await publishWithdrawalEvent(trx, approved.id, currencies, "withdrawal.requested", now);
      return withdrawalToWire(approved, currencies);
    }),
  );
}

/** Wallet/RejectWithdrawal: the withdrawal still waiting fails, its hold goes back, its application is told. */
export async function rejectWithdrawal(
  db: Kysely<DB>,
  session: Session,
  body: WithdrawalRejectRequest,
  context: ConsoleWithdrawalContext,
): Promise<Outcome<OpenWithdrawal>> {
  const { currencies, now, source } = context;
  const { scope } = session;
  return asOutcome(() =>
    db.transaction().execute(async (trx) => {
      const waiting = await lockAwaiting(trx, scope, body.withdrawalId);
      await releaseWithdrawal(trx, waiting.id, "rejected by the merchant", now);
      await publishWithdrawalEvent(trx, waiting.id, currencies, "withdrawal.failed", now);
      await recordSecurityEvent(trx, source, "withdrawalReject", "success", scope.merchantId);
      const rejected = await trx
        .selectFrom("withdrawals")
        .selectAll()
        .where("id", "=", waiting.id)
        .executeTakeFirstOrThrow();
      return withdrawalToWire(rejected, currencies);
    }),
  );
}
