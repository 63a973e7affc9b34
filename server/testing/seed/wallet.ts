import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountId, merchantAccount, post } from "../../domain/payments/ledger.ts";
import { fromAtto, toAtto } from "../../../contracts/money.ts";

/** A destination in the merchant's withdrawal address book, usable now unless `coolingDown` (usable in a day). */
export async function seedWithdrawalAddress(
  db: Kysely<DB>,
  input: { userId: string; chainId: number; address: string; label?: string; coolingDown?: boolean },
): Promise<{ addressId: string }> {
  const now = new Date();
  const row = await db
    .insertInto("withdrawal_addresses")
    .values({
      merchant_id: input.userId,
      chain_id: input.chainId,
      address: input.address,
      label: input.label ?? "Cold wallet",
      created_at: input.coolingDown ? now : new Date(now.getTime() - 86_400_000),
      usable_at: input.coolingDown ? new Date(now.getTime() + 86_400_000) : now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { addressId: row.id };
}

/**
 * A withdrawal the merchant asked for (requested, nothing signed yet): its amount and a fee of 1 USDT held in the ledger
 * as Wallet/Withdraw holds them. The balance must cover both (seedBalance first).
 */
export async function seedWithdrawal(
  db: Kysely<DB>,
  input: {
    userId: string;
    chainId: number;
    token: string;
    to: string;
    amount: string;
    status?: "requested" | "awaitingApproval";
  },
): Promise<{ withdrawalId: string }> {
  const fee = toAtto("1");
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const withdrawal = await trx
      .insertInto("withdrawals")
      .values({
        merchant_id: input.userId,
        idempotency_key: null,
        request_hash: randomBytes(32).toString("hex"),
        chain_id: input.chainId,
        token: input.token,
        to_address: input.to,
        amount: input.amount,
        fee: fromAtto(fee),
        status: input.status ?? "requested",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const held = toAtto(input.amount) + fee;
    await post(trx, { kind: "withdrawalHold", withdrawalId: withdrawal.id, at: now }, [
      [await merchantAccount(trx, input.userId), -held],
      [await accountId(trx, { kind: "withdrawal", withdrawalId: withdrawal.id }), held],
    ]);
    return { withdrawalId: withdrawal.id };
  });
}
