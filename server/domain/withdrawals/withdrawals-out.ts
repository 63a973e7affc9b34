import { type Kysely, sql } from "kysely";
import type { ReceiptReader } from "../../chain/receipt-reader.ts";
import { hashesOf } from "../../chain/outgoing-store.ts";
import type { DB } from "../../db/schema.ts";
import { attoToUnits, toAtto } from "../../../contracts/money.ts";

/** What withdrawals took out of the treasury on chain by a block, in token base units. */
export interface WithdrawnByBlock {
  /** Paid in the books (confirmed) in a block up to it. */
  booked: bigint;
  /** Mined successfully by it, not yet confirmed: gone from the treasury on chain, still there in the books. */
  inFlight: bigint;
}

/**
 * The reconciles' view of withdrawals (collection-reconcile.ts): the treasury receives sweeps and pays withdrawals, so
 * what it holds on chain at a block is what was swept less what was withdrawn by then.
 */
export async function withdrawnByBlock(
  db: Kysely<DB>,
  receipts: ReceiptReader,
  query: { chainId: number; token: string; decimals: number; blockNumber: bigint },
): Promise<WithdrawnByBlock> {
  const units = (amount: string) => attoToUnits(toAtto(amount), query.decimals);
  const rows = await db
    .selectFrom("withdrawals")
    .select(["id", "status", "amount", "block_number"])
    .where("chain_id", "=", query.chainId)
    .where(sql<boolean>`lower(token) = lower(${query.token})`)
    .where("status", "in", ["signed", "broadcast", "confirmed"])
    .execute();
  let booked = 0n;
  let inFlight = 0n;
  for (const row of rows) {
    if (row.status === "confirmed") {
      if (BigInt(row.block_number ?? "0") <= query.blockNumber) booked += units(row.amount);
      continue;
    }
    for (const hash of await hashesOf(db, "withdrawal", row.id)) {
      const receipt = await receipts.receiptOf(hash);
      if (receipt?.succeeded && receipt.blockNumber <= query.blockNumber) {
        inFlight += units(row.amount);
        break;
      }
    }
  }
  return { booked, inFlight };
}
