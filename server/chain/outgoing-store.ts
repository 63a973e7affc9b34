import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The outgoing transactions' rows: each sending account's one nonce sequence (`sending_accounts`, shared by every
 * instance) and every transaction signed, stored before it leaves (`withdrawal_transactions`, whose subject today is a
 * withdrawal: the first and any replacement with the same nonce).
 */

export interface StoredOutgoing {
  txHash: string;
  raw: string;
  signedAt: Date;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * The account's next nonce from its one sequence, taken by the update that moves it (a second instance waits on the
 * row, then takes the next). Started at what the chain counts for the account, pending transactions included.
 */
export async function takeNonce(
  trx: Kysely<DB>,
  chainId: number,
  address: string,
  chainNonce: bigint,
): Promise<bigint> {
  await trx
    .insertInto("sending_accounts")
    .values({ chain_id: chainId, address, next_nonce: chainNonce.toString() })
    .onConflict((oc) => oc.columns(["chain_id", "address"]).doNothing())
    .execute();
  const row = await trx
    .updateTable("sending_accounts")
    .set({ next_nonce: sql`next_nonce + 1` })
    .where("chain_id", "=", chainId)
    .where("address", "=", address)
    .returning(sql<string>`next_nonce - 1`.as("nonce"))
    .executeTakeFirstOrThrow();
  return BigInt(row.nonce);
}

export async function storeSigned(
  trx: Kysely<DB>,
  row: { subject: string; chainId: number; from: string; nonce: bigint; raw: string; at: Date } & Omit<
    StoredOutgoing,
    "raw" | "signedAt"
  >,
): Promise<void> {
  await trx
    .insertInto("withdrawal_transactions")
    .values({
      withdrawal_id: row.subject,
      chain_id: row.chainId,
      from_address: row.from,
      nonce: row.nonce.toString(),
      raw_tx: row.raw,
      tx_hash: row.txHash,
      max_fee_per_gas: row.maxFeePerGas.toString(),
      max_priority_fee_per_gas: row.maxPriorityFeePerGas.toString(),
      signed_at: row.at,
    })
    .execute();
}

/** The subject's transactions, oldest first: the first signed, then its replacements. */
export async function transactionsOf(db: Kysely<DB>, subject: string): Promise<StoredOutgoing[]> {
  const rows = await db
    .selectFrom("withdrawal_transactions")
    .select(["tx_hash", "raw_tx", "signed_at", "max_fee_per_gas", "max_priority_fee_per_gas"])
    .where("withdrawal_id", "=", subject)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    txHash: r.tx_hash,
    raw: r.raw_tx,
    signedAt: r.signed_at,
    maxFeePerGas: BigInt(r.max_fee_per_gas),
    maxPriorityFeePerGas: BigInt(r.max_priority_fee_per_gas),
  }));
}

export async function markBroadcast(db: Kysely<DB>, txHash: string, at: Date): Promise<void> {
  await db
    .updateTable("withdrawal_transactions")
    .set({ broadcast_at: at })
    .where("tx_hash", "=", txHash)
    .where("broadcast_at", "is", null)
    .execute();
}
