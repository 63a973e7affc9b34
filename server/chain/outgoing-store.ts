import { type Kysely, sql } from "kysely";
import type { DB, OutgoingSubjectKindColumn } from "../db/schema.ts";

/**
 * The outgoing transactions' rows: each sending account's one nonce sequence (`sending_accounts`, shared by every
 * instance) and every transaction sent from a platform account (`outgoing_transactions`), whatever its subject: one
 * signed here is stored before it leaves (the first and any replacement with the same nonce), one the node signed is
 * recorded by its hash.
 */

/** What a transaction pays: a withdrawal or a sweep, by its row's id. */
export type OutgoingSubjectKind = OutgoingSubjectKindColumn;

/** The column that names a subject of the kind. */
export const subjectColumn = {
  withdrawal: "withdrawal_id",
  sweep: "collection_id",
} as const satisfies Record<OutgoingSubjectKind, string>;

/** The subject's column set and the other kinds' left empty, as a row's values. */
const subjectValues = (kind: OutgoingSubjectKind, subject: string) => ({
  withdrawal_id: kind === "withdrawal" ? subject : null,
  collection_id: kind === "sweep" ? subject : null,
});

export interface StoredOutgoing {
  id: string;
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

/** A transaction signed here, stored before it is broadcast; `replaces`: the one of the same nonce it replaces. */
export async function storeSigned(
  trx: Kysely<DB>,
  row: {
    kind: OutgoingSubjectKind;
    subject: string;
    chainId: number;
    from: string;
    nonce: bigint;
    raw: string;
    at: Date;
    replaces?: string;
  } & Omit<StoredOutgoing, "id" | "raw" | "signedAt">,
): Promise<void> {
  const stored = await trx
    .insertInto("outgoing_transactions")
    .values({
      subject_kind: row.kind,
      ...subjectValues(row.kind, row.subject),
      chain_id: row.chainId,
      from_address: row.from,
      nonce: row.nonce.toString(),
      raw_tx: row.raw,
      tx_hash: row.txHash,
      max_fee_per_gas: row.maxFeePerGas.toString(),
      max_priority_fee_per_gas: row.maxPriorityFeePerGas.toString(),
      signed_at: row.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (row.replaces)
    await trx
      .updateTable("outgoing_transactions")
      .set({ replaced_by: stored.id })
      .where("id", "=", row.replaces)
      .execute();
}

/** A transaction the node signed (no bytes here), recorded by its hash before it is sent, or when found on chain. */
export async function recordOutgoing(
  trx: Kysely<DB>,
  row: { kind: OutgoingSubjectKind; subject: string; chainId: number; from: string; txHash: string; at: Date },
): Promise<void> {
  await trx
    .insertInto("outgoing_transactions")
    .values({
      subject_kind: row.kind,
      ...subjectValues(row.kind, row.subject),
      chain_id: row.chainId,
      from_address: row.from,
      tx_hash: row.txHash,
      signed_at: row.at,
    })
    .execute();
}

/** The subject's transactions signed here, oldest first: the first signed, then its replacements. */
export async function transactionsOf(
  db: Kysely<DB>,
  kind: OutgoingSubjectKind,
  subject: string,
): Promise<StoredOutgoing[]> {
  const rows = await db
    .selectFrom("outgoing_transactions")
    .select(["id", "tx_hash", "raw_tx", "signed_at", "max_fee_per_gas", "max_priority_fee_per_gas"])
    .where("subject_kind", "=", kind)
    .where(subjectColumn[kind], "=", subject)
    .where("raw_tx", "is not", null)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    txHash: r.tx_hash,
    raw: r.raw_tx!,
    signedAt: r.signed_at,
    maxFeePerGas: BigInt(r.max_fee_per_gas!),
    maxPriorityFeePerGas: BigInt(r.max_priority_fee_per_gas!),
  }));
}

/** The hashes of a subject's transactions, however they were sent, oldest first. */
export async function hashesOf(db: Kysely<DB>, kind: OutgoingSubjectKind, subject: string): Promise<string[]> {
  const rows = await db
    .selectFrom("outgoing_transactions")
    .select("tx_hash")
    .where("subject_kind", "=", kind)
    .where(subjectColumn[kind], "=", subject)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.tx_hash);
}

export async function markBroadcast(db: Kysely<DB>, txHash: string, at: Date): Promise<void> {
  await db
    .updateTable("outgoing_transactions")
    .set({ broadcast_at: at })
    .where("tx_hash", "=", txHash)
    .where("broadcast_at", "is", null)
    .execute();
}
