import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notifyWithdrawalChanged } from "./withdrawal-events.ts";

/** A withdrawal's transaction as the sender last saw it: mined in `blockNumber` with `confirmations`, or not (null). */
export type Counting = { txHash: string; blockNumber: bigint; confirmations: number } | null;

/**
 * Keeps a withdrawal's transaction seen while it counts its confirmations (migration 0036) and, when that changed,
 * raises the change on the merchant's transaction records' live stream (key `w<id>`: the records of this withdrawal),
 * in one transaction. A withdrawal no longer signed or broadcast is left as its settling left it.
 */
export async function recordCounting(db: Kysely<DB>, withdrawalId: string, seen: Counting): Promise<void> {
  const values = {
    seen_tx_hash: seen?.txHash ?? null,
    seen_block_number: seen?.blockNumber.toString() ?? null,
    confirmations: seen?.confirmations ?? null,
  };
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("withdrawals")
      .set(values)
      .where("id", "=", withdrawalId)
      .where("status", "in", ["signed", "broadcast"])
      .where(
        sql<boolean>`(seen_tx_hash, seen_block_number, confirmations) is distinct from (${values.seen_tx_hash}::text, ${values.seen_block_number}::bigint, ${values.confirmations}::integer)`,
      )
      .returning("merchant_id")
      .executeTakeFirst();
    if (changed) await notifyWithdrawalChanged(trx, changed.merchant_id, withdrawalId);
  });
}
