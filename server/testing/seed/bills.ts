import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { parseAmount } from "../../../contracts/money.ts";
import type { DB } from "../../db/schema.ts";
import { merchantApplication } from "./applications.ts";
import { seedToken } from "./payments.ts";

export interface SeedBillInput {
  userId: string;
  /** The merchant's application the deposit address belongs to. */
  appCode: string;
  endUserId?: string;
  /** USDT, a decimal string (the token has 6 decimals). */
  amount?: string;
  status?: "confirming" | "credited" | "dropped" | "reversed";
  noticeStatus?: "notNotified" | "success" | "failed";
  /** When the watcher saw it (the bill's pay time). */
  seenAt?: Date;
  from?: string;
  chainId?: number;
  confirmations?: number;
  required?: number;
}

let seededBills = 0;

/**
 * A bill as the chain listener makes it: the end user's deposit address (made, or the one made before), a transfer
 * of the seeded token to it and its bill. Answers the bill's number and what a search can find it by.
 */
export async function seedBill(
  db: Kysely<DB>,
  input: SeedBillInput,
): Promise<{ billNo: string; txHash: string; depositAddress: string; fromAddress: string }> {
  const seenAt = input.seenAt ?? new Date();
  const chainId = input.chainId ?? 31337;
  const status = input.status ?? "credited";
  const endUserId = input.endUserId ?? "user-1";
  const app = await merchantApplication(db, input.userId, input.appCode);
  const existing = await db
    .selectFrom("deposit_addresses")
    .select(["id", "address"])
    .where("application_id", "=", app.id)
    .where("end_user_id", "=", endUserId)
    .where("chain_id", "=", chainId)
    .executeTakeFirst();
  const deposit =
    existing ??
    (await db
      .insertInto("deposit_addresses")
      .values({
        merchant_id: input.userId,
        application_id: app.id,
        end_user_id: endUserId,
        chain_id: chainId,
        factory: `0x${"33".repeat(20)}`,
        salt: `0x${randomBytes(32).toString("hex")}`,
        address: `0x${randomBytes(20).toString("hex")}`,
        created_at: seenAt,
      })
      .returning(["id", "address"])
      .executeTakeFirstOrThrow());
  const amount = input.amount ?? "12.5";
  const fromAddress = input.from ?? `0x${randomBytes(20).toString("hex")}`;
  const txHash = `0x${randomBytes(32).toString("hex")}`;
  const removed = status === "dropped" || status === "reversed";
  const transfer = await db
    .insertInto("chain_transfers")
    .values({
      chain_id: String(chainId),
      tx_hash: txHash,
      log_index: 3,
      block_number: "9007199254740993",
      block_hash: `0x${randomBytes(32).toString("hex")}`,
      token: seedToken,
      from_address: fromAddress,
      to_address: deposit.address,
      amount: parseAmount(amount, 6).toString(),
      status: removed ? "removed" : status === "credited" ? "confirmed" : "seen",
      confirmations: input.confirmations ?? 2,
      seen_at: seenAt,
      confirmed_at: status === "credited" || status === "reversed" ? seenAt : null,
      removed_at: removed ? seenAt : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const billNo = `${seenAt.toISOString().slice(0, 10).replaceAll("-", "")}9${String(++seededBills).padStart(9, "0")}`;
  await db
    .insertInto("application_bills")
    .values({
      bill_no: billNo,
      merchant_id: input.userId,
      application_id: app.id,
      deposit_address_id: deposit.id,
      transfer_id: transfer.id,
      currency: "USDT",
      amount,
      status,
      confirmations: input.confirmations ?? 2,
      required: input.required ?? 2,
      seen_at: seenAt,
      credited_at: status === "credited" || status === "reversed" ? seenAt : null,
      removed_at: removed ? seenAt : null,
      notice_status: input.noticeStatus ?? "notNotified",
    })
    .execute();
  return { billNo, txHash, depositAddress: deposit.address, fromAddress };
}
