import type { Kysely } from "kysely";
import type { DB, OutgoingOutcomeColumn } from "../db/schema.ts";
import { type OutgoingSubjectKind, subjectColumn } from "./outgoing-store.ts";

/**
 * The lifecycle of transactions recorded by their hash (outgoing-recorded.ts), on their rows of outgoing_transactions
 * (migration 0053): open until mined with the confirmations, reverted, removed or unsent; a mined one followed again
 * while a reorganisation could take it away. Each change is made in the subject's transaction and only from the state
 * it was read in, so one run alone (of two instances, or after a restart) tells the subject.
 */

/** A recorded transaction: its row, subject and hash and, once mined, the hash of the block it was mined in. */
export interface RecordedTransaction {
  id: string;
  subject: string;
  txHash: string;
  settledIn: string | null;
}

/** The kind's open transactions on the chain, and those mined at or after `since`, oldest first. */
export async function followedSince(
  db: Kysely<DB>,
  kind: OutgoingSubjectKind,
  chainId: number,
  since: bigint,
): Promise<RecordedTransaction[]> {
  const rows = await db
    .selectFrom("outgoing_transactions")
    .select(["id", `${subjectColumn[kind]} as subject`, "tx_hash", "mined_block_hash"])
    .where("chain_id", "=", chainId)
    .where("subject_kind", "=", kind)
    .where("raw_tx", "is", null)
    .where((eb) =>
      eb.or([
        eb("outcome", "is", null),
        eb.and([eb("outcome", "=", "mined"), eb("mined_block_number", ">=", since.toString())]),
      ]),
    )
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, subject: r.subject!, txHash: r.tx_hash, settledIn: r.mined_block_hash }));
}

/**
 * The transaction's outcome, when it is still as `seen` read it: answers whether this run made the change (and must
 * tell the subject, in the same transaction).
 */
export async function settleRecorded(
  trx: Kysely<DB>,
  seen: Pick<RecordedTransaction, "id" | "settledIn">,
  outcome: Exclude<OutgoingOutcomeColumn, "unsent" | "replaced">,
  minedIn?: { blockNumber: bigint; blockHash: string },
): Promise<boolean> {
  const row = await trx
    .updateTable("outgoing_transactions")
    .set({
      outcome,
      mined_block_number: minedIn?.blockNumber.toString() ?? null,
      mined_block_hash: minedIn?.blockHash ?? null,
    })
    .where("id", "=", seen.id)
    .where((eb) =>
      seen.settledIn === null
        ? eb("outcome", "is", null)
        : eb.and([eb("outcome", "=", "mined"), eb("mined_block_hash", "=", seen.settledIn)]),
    )
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The subject's open transactions recorded and then refused by the node: no longer followed. */
export async function recordedUnsent(trx: Kysely<DB>, kind: OutgoingSubjectKind, subject: string): Promise<void> {
  await trx
    .updateTable("outgoing_transactions")
    .set({ outcome: "unsent" })
    .where("subject_kind", "=", kind)
    .where(subjectColumn[kind], "=", subject)
    .where("raw_tx", "is", null)
    .where("outcome", "is", null)
    .execute();
}
