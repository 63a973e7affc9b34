import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { type OutgoingSubjectKind, subjectColumn } from "./outgoing-store.ts";

/**
 * The lifecycle of transactions signed here (outgoing.ts), on their rows of outgoing_transactions (migration 0054): a
 * subject's transactions share its nonce and are settled together, one mined or reverted and the others replaced; a
 * mined one is followed again while a reorganisation could take it away, and a removed one until it is mined again or
 * reverts. Each change is made in the subject's transaction and only from the state it was read in, so one run alone
 * (of two instances, or after a restart) tells the subject.
 */

/** Which account's transactions of which kind, on which chain. */
export interface SignedScope {
  kind: OutgoingSubjectKind;
  chainId: number;
  from: string;
}

/** A paid subject as its row has it: the transaction that paid, and its block while it is mined. */
export interface PaidSigned {
  id: string;
  subject: string;
  txHash: string;
  outcome: "mined" | "removed";
  blockNumber: string | null;
}

/** What a settled transaction became: mined in its block (its hash when read from a receipt), reverted or removed. */
export type SignedOutcome =
  | { outcome: "mined"; blockNumber: bigint; blockHash: string }
  | { outcome: "reverted" | "removed" };

const signedRows = (db: Kysely<DB>, scope: SignedScope) =>
  db
    .selectFrom("outgoing_transactions")
    .where("chain_id", "=", scope.chainId)
    .where("from_address", "=", scope.from)
    .where("subject_kind", "=", scope.kind)
    .where("raw_tx", "is not", null);

/** The subjects whose transactions have no outcome yet, with the nonce they share, in nonce order. */
export async function openSigned(db: Kysely<DB>, scope: SignedScope): Promise<{ subject: string; nonce: bigint }[]> {
  const column = subjectColumn[scope.kind];
  const rows = await signedRows(db, scope)
    .select([`${column} as subject`, (eb) => eb.fn.min("nonce").as("nonce")])
    .where("outcome", "is", null)
    .groupBy(column)
    .orderBy("nonce")
    .execute();
  return rows.map((r) => ({ subject: r.subject!, nonce: BigInt(r.nonce!) }));
}

/** The paid transactions mined at or after `since`, and those a reorganisation took away, oldest first. */
export async function paidSigned(db: Kysely<DB>, scope: SignedScope, since: bigint): Promise<PaidSigned[]> {
  const rows = await signedRows(db, scope)
    .select(["id", `${subjectColumn[scope.kind]} as subject`, "tx_hash", "outcome", "mined_block_number"])
    .where((eb) =>
      eb.or([
        eb.and([eb("outcome", "=", "mined"), eb("mined_block_number", ">=", since.toString())]),
        eb("outcome", "=", "removed"),
      ]),
    )
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject!,
    txHash: r.tx_hash,
    outcome: r.outcome as PaidSigned["outcome"],
    blockNumber: r.mined_block_number,
  }));
}

const outcomeValues = (settled: SignedOutcome) => ({
  outcome: settled.outcome,
  mined_block_number: settled.outcome === "mined" ? settled.blockNumber.toString() : null,
  mined_block_hash: settled.outcome === "mined" ? settled.blockHash : null,
});

/**
 * Settles an open subject while none of its transactions has an outcome: `paying` (one of its rows) mined or reverted
 * and the others replaced, or all replaced (null: its nonce was used by another). Answers whether this run did.
 */
export async function settleSigned(
  trx: Kysely<DB>,
  kind: OutgoingSubjectKind,
  subject: string,
  paying: ({ id: string } & SignedOutcome) | null,
): Promise<boolean> {
  const replaced = await trx
    .updateTable("outgoing_transactions")
    .set({ outcome: "replaced" })
    .where("subject_kind", "=", kind)
    .where(subjectColumn[kind], "=", subject)
    .where("raw_tx", "is not", null)
    .where("outcome", "is", null)
    .returning("id")
    .execute();
  if (replaced.length === 0) return false;
  if (paying)
    await trx.updateTable("outgoing_transactions").set(outcomeValues(paying)).where("id", "=", paying.id).execute();
  return true;
}

/**
 * A paid subject's change, while its paying row is as `seen` read it: the same row or another of its transactions
 * (`next.id`, the seen one then replaced) mined elsewhere, reverted or removed. Answers whether this run made it.
 */
export async function resettleSigned(
  trx: Kysely<DB>,
  seen: Pick<PaidSigned, "id" | "outcome" | "blockNumber">,
  next: { id: string } & SignedOutcome,
): Promise<boolean> {
  const changed = await trx
    .updateTable("outgoing_transactions")
    .set(
      next.id === seen.id
        ? outcomeValues(next)
        : { outcome: "replaced", mined_block_number: null, mined_block_hash: null },
    )
    .where("id", "=", seen.id)
    .where("outcome", "=", seen.outcome)
    .where("mined_block_number", "is not distinct from", seen.blockNumber)
    .returning("id")
    .executeTakeFirst();
  if (!changed) return false;
  if (next.id !== seen.id)
    await trx.updateTable("outgoing_transactions").set(outcomeValues(next)).where("id", "=", next.id).execute();
  return true;
}
