import { type Kysely, sql } from "kysely";
import { recordOutgoing } from "../../chain/outgoing-store.ts";
import type { DB } from "../../db/schema.ts";
import { notifyLive } from "../platform/live-changes.ts";
import { bookGasFor } from "../payments/gas-books.ts";
import { settleSweptShares } from "../payments/sweep-books.ts";
import { fromAtto, unitsToAtto } from "../../../contracts/money.ts";

/**
 * The database side of collection's writes: the sweeps and the bills they cover (collection-queries.ts reads). A confirmed
 * sweep moves its credited deposits' value from the chain's receipts to its treasury account (sweep-books.ts), in the
 * transaction that records it, and back when it is removed; what merchants were credited never moves.
 */

export interface SentSweep {
  chainId: number;
  token: string;
  depositAddressId: string;
  deliveryAddress: string;
  gasPayer: string;
  txHash: string;
  deployed: boolean;
  at: Date;
}

/** The sweep on its way, and the credited, uncovered bills of its address it covers. */
export async function recordSent(db: Kysely<DB>, sweep: SentSweep): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("collections")
      .values({
        chain_id: sweep.chainId,
        token: sweep.token,
        deposit_address_id: sweep.depositAddressId,
        delivery_address: sweep.deliveryAddress,
        gas_payer: sweep.gasPayer,
        status: "sent",
        deployed: sweep.deployed,
        created_at: sweep.at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordOutgoing(trx, {
      kind: "sweep",
      subject: row.id,
      chainId: sweep.chainId,
      from: sweep.gasPayer,
      txHash: sweep.txHash,
      at: sweep.at,
    });
    await trx
      .updateTable("application_bills")
      .set({ collection_id: row.id })
      .where("deposit_address_id", "=", sweep.depositAddressId)
      .where("status", "=", "credited")
      .where("collection_id", "is", null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("chain_transfers as ct")
            .select("ct.id")
            .whereRef("ct.id", "=", "application_bills.transfer_id")
            .where(sql<boolean>`lower(ct.token) = lower(${sweep.token})`),
        ),
      )
      .execute();
    return row.id;
  });
}

/** A try that did not reach the chain: visible with its reason; the bills wait for the next try. */
export async function recordFailed(db: Kysely<DB>, sweep: Omit<SentSweep, "txHash" | "deployed"> & { error: string }) {
  await db
    .insertInto("collections")
    .values({
      chain_id: sweep.chainId,
      token: sweep.token,
      deposit_address_id: sweep.depositAddressId,
      delivery_address: sweep.deliveryAddress,
      gas_payer: sweep.gasPayer,
      status: "failed",
      error: firstLine(sweep.error),
      created_at: sweep.at,
      finished_at: sweep.at,
    })
    .execute();
}

/**
 * A recorded sweep that the node refused or that reverted: failed with its reason, its bills free for the next try. One
 * that reverted was mined: its gas (`gasFee`, wei) was burnt and is booked. In the caller's transaction, like the
 * writes below: the one that records what became of the sweep's transaction.
 */
export async function failSent(
  trx: Kysely<DB>,
  collectionId: string,
  error: string,
  at: Date,
  gasFee = 0n,
): Promise<void> {
  const row = await trx
    .updateTable("collections")
    .set({
      status: "failed",
      error: firstLine(error),
      finished_at: at,
      ...(gasFee > 0n ? { gas_fee: gasFee.toString() } : {}),
    })
    .where("id", "=", collectionId)
    .returning(["chain_id", "gas_payer"])
    .executeTakeFirst();
  if (row && gasFee > 0n) await bookGasFor(trx, row.chain_id, row.gas_payer, { collectionId }, gasFee, at);
  await releaseBills(trx, collectionId, at);
}

/** The sweep's bills free again, every collection field cleared, their value back at receipts, their streams told. */
async function releaseBills(trx: Kysely<DB>, collectionId: string, at: Date): Promise<void> {
  const bills = await trx
    .updateTable("application_bills")
    .set({ ...clearedCollection, collection_id: null })
    .where("collection_id", "=", collectionId)
    .returning(["merchant_id", "bill_no", "transfer_id"])
    .execute();
  await settleSweptShares(
    trx,
    bills.map((b) => b.transfer_id),
    at,
  );
  for (const bill of bills) await notifyLive(trx, "bill", bill.merchant_id, bill.bill_no);
}

const firstLine = (text: string) => text.split("\n")[0]!.slice(0, 500);

export interface ConfirmedSweep {
  collectionId: string;
  /** Token base units swept, and the token's decimals. */
  amount: bigint;
  decimals: number;
  gasFee: bigint;
  blockNumber: bigint;
  blockHash: string;
  /** The index of the sweep's first log in its block: a transfer logged before it in the block was swept by it. */
  logIndex: number;
  at: Date;
}

/**
 * The sweep has its confirmations (again, in another block, after a reorganisation): its bills show it — each bill's
 * own amount as the collection amount, the sweep's whole amount as the transfer amount, the treasury as the delivery
 * address, the gas fee — and their merchants' streams hear of it. The sweep moved the address's whole balance when it
 * ran, so it covers every deposit that reached the address before it on chain: one the watcher had not seen when the
 * sweep was sent joins it here; one a reorganisation has taken away since (dropped, reversed) leaves it.
 */
export async function recordConfirmed(trx: Kysely<DB>, sweep: ConfirmedSweep): Promise<void> {
  const row = await trx
    .updateTable("collections")
    .set({
      status: "confirmed",
      amount: sweep.amount.toString(),
      gas_fee: sweep.gasFee.toString(),
      block_number: sweep.blockNumber.toString(),
      block_hash: sweep.blockHash,
      finished_at: sweep.at,
    })
    .where("id", "=", sweep.collectionId)
    .where("status", "in", ["sent", "confirmed"])
    .returning(["delivery_address", "deposit_address_id", "token", "chain_id", "gas_payer"])
    .executeTakeFirst();
  if (!row) return;
  // Its gas, in the chain's native coin, from the gas payer to the gas expense, as the block it stands in burnt it.
  await bookGasFor(trx, row.chain_id, row.gas_payer, { collectionId: sweep.collectionId }, sweep.gasFee, sweep.at);
  await trx
    .updateTable("application_bills")
    .set({ collection_id: sweep.collectionId })
    .where("deposit_address_id", "=", row.deposit_address_id)
    .where("collection_id", "is", null)
    .where("status", "in", ["confirming", "credited"])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("chain_transfers as ct")
          .select("ct.id")
          .whereRef("ct.id", "=", "application_bills.transfer_id")
          .where(sql<boolean>`lower(ct.token) = lower(${row.token})`)
          .where(sql<boolean>`(ct.block_number < ${sweep.blockNumber.toString()}
            or (ct.block_number = ${sweep.blockNumber.toString()} and ct.log_index < ${sweep.logIndex}))`),
      ),
    )
    .execute();
  const gone = await trx
    .updateTable("application_bills")
    .set({ ...clearedCollection, collection_id: null })
    .where("collection_id", "=", sweep.collectionId)
    .where("status", "in", ["dropped", "reversed"])
    .returning(["merchant_id", "bill_no", "transfer_id"])
    .execute();
  const bills = await trx
    .updateTable("application_bills")
    .set((eb) => ({
      collection_amount: eb.ref("amount"),
      transfer_amount: fromAtto(unitsToAtto(sweep.amount, sweep.decimals)),
      delivery_address: row.delivery_address,
      collection_gas_fee: sweep.gasFee.toString(),
    }))
    .where("collection_id", "=", sweep.collectionId)
    .returning(["merchant_id", "bill_no", "transfer_id"])
    .execute();
  await settleSweptShares(
    trx,
    [...gone, ...bills].map((b) => b.transfer_id),
    sweep.at,
  );
  for (const bill of [...gone, ...bills]) await notifyLive(trx, "bill", bill.merchant_id, bill.bill_no);
}

const clearedCollection = {
  collection_amount: null,
  transfer_amount: null,
  delivery_address: null,
  collection_gas_fee: null,
};

/**
 * A reorganisation took the sweep away (or the node dropped it): the row says so, its bills lose every collection
 * field and are due again. The merchants' balances are not touched (they never were).
 */
export async function recordRemoved(trx: Kysely<DB>, collectionId: string, at: Date): Promise<void> {
  const row = await trx
    .updateTable("collections")
    .set({ status: "removed", finished_at: at })
    .where("id", "=", collectionId)
    .returning(["chain_id", "gas_payer"])
    .executeTakeFirst();
  // A confirmed sweep taken away: the gas booked for it was never burnt on the chain that stands.
  if (row) await bookGasFor(trx, row.chain_id, row.gas_payer, { collectionId }, 0n, at);
  await releaseBills(trx, collectionId, at);
}
