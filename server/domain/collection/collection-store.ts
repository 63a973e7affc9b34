import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notifyBillChanged } from "../bills/bill-events-channel.ts";
import { fromAtto, toAtto, unitsToAtto } from "../payments/usdt.ts";

/**
 * The database side of collection: which deposit addresses are due, the sweeps and the bills they cover. Nothing here
 * touches the ledger: a sweep moves tokens between two addresses that the chain's receipts account both stands for
 * (see collect.ts), so what merchants were credited stays exactly as it was.
 */

export interface DueAddress {
  depositAddressId: string;
  address: string;
  factory: string;
  salt: string;
  /** Credited, not yet covered by a sweep, in atto USDT. */
  uncollected: bigint;
}

/**
 * Deposit addresses of the chain with credited bills of `token` no sweep covers, no sweep on its way and no deposit
 * still confirming (its tokens would be swept before it is credited), with what they hold uncollected.
 */
export async function dueAddresses(db: Kysely<DB>, chainId: number, token: string): Promise<DueAddress[]> {
  const rows = await db
    .selectFrom("application_bills as b")
    .innerJoin("chain_transfers as ct", "ct.id", "b.transfer_id")
    .innerJoin("deposit_addresses as da", "da.id", "b.deposit_address_id")
    .select(["da.id", "da.address", "da.factory", "da.salt", sql<string>`sum(b.amount)::text`.as("uncollected")])
    .where("da.chain_id", "=", chainId)
    .where(sql<boolean>`lower(ct.token) = lower(${token})`)
    .where("b.status", "=", "credited")
    .where("b.collection_id", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("collections as c")
            .select("c.id")
            .whereRef("c.deposit_address_id", "=", "da.id")
            .where("c.status", "=", "sent"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("application_bills as pending")
            .select("pending.id")
            .whereRef("pending.deposit_address_id", "=", "da.id")
            .where("pending.status", "=", "confirming"),
        ),
      ),
    )
    .groupBy(["da.id", "da.address", "da.factory", "da.salt"])
    .orderBy("da.id")
    .execute();
  return rows.map((r) => ({
    depositAddressId: r.id,
    address: r.address,
    factory: r.factory,
    salt: r.salt,
    uncollected: toAtto(r.uncollected),
  }));
}

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
        tx_hash: sweep.txHash,
        deployed: sweep.deployed,
        created_at: sweep.at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
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

/** A recorded sweep that the node refused or that reverted: failed with its reason, its bills free for the next try. */
export async function failSent(db: Kysely<DB>, collectionId: string, error: string, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("collections")
      .set({ status: "failed", error: firstLine(error), finished_at: at })
      .where("id", "=", collectionId)
      .execute();
    await releaseBills(trx, collectionId);
  });
}

/** The sweep's bills free again, every collection field cleared, their merchants' streams told. */
async function releaseBills(trx: Kysely<DB>, collectionId: string): Promise<void> {
  const bills = await trx
    .updateTable("application_bills")
    .set({ ...clearedCollection, collection_id: null })
    .where("collection_id", "=", collectionId)
    .returning(["merchant_id", "bill_no"])
    .execute();
  for (const bill of bills) await notifyBillChanged(trx, { merchantId: bill.merchant_id, billNo: bill.bill_no });
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
export async function recordConfirmed(db: Kysely<DB>, sweep: ConfirmedSweep): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
      .returning(["tx_hash", "delivery_address", "deposit_address_id", "token"])
      .executeTakeFirst();
    if (!row) return;
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
      .returning(["merchant_id", "bill_no"])
      .execute();
    const bills = await trx
      .updateTable("application_bills")
      .set((eb) => ({
        collection_amount: eb.ref("amount"),
        transfer_amount: fromAtto(unitsToAtto(sweep.amount, sweep.decimals)),
        delivery_address: row.delivery_address,
        collection_tx_hash: row.tx_hash,
        collection_gas_fee: sweep.gasFee.toString(),
      }))
      .where("collection_id", "=", sweep.collectionId)
      .returning(["merchant_id", "bill_no"])
      .execute();
    for (const bill of [...gone, ...bills])
      await notifyBillChanged(trx, { merchantId: bill.merchant_id, billNo: bill.bill_no });
  });
}

const clearedCollection = {
  collection_amount: null,
  transfer_amount: null,
  delivery_address: null,
  collection_tx_hash: null,
  collection_gas_fee: null,
};

/**
 * A reorganisation took the sweep away (or the node dropped it): the row says so, its bills lose every collection
 * field and are due again. The merchants' balances are not touched (they never were).
 */
export async function recordRemoved(db: Kysely<DB>, collectionId: string, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("collections")
      .set({ status: "removed", finished_at: at })
      .where("id", "=", collectionId)
      .execute();
    await releaseBills(trx, collectionId);
  });
}

/** The block of the address's oldest credited deposit no sweep covers; null when there is none. */
export async function uncollectedSince(db: Kysely<DB>, depositAddressId: string): Promise<bigint | null> {
  const row = await db
    .selectFrom("application_bills as b")
    .innerJoin("chain_transfers as ct", "ct.id", "b.transfer_id")
    .select(sql<string | null>`min(ct.block_number)::text`.as("block"))
    .where("b.deposit_address_id", "=", depositAddressId)
    .where("b.status", "=", "credited")
    .where("b.collection_id", "is", null)
    .executeTakeFirst();
  return row?.block ? BigInt(row.block) : null;
}

/** The sweep transactions recorded for the address as on their way or confirmed (a removed one may come back). */
export async function sweepHashes(db: Kysely<DB>, depositAddressId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("collections")
    .select("tx_hash")
    .where("deposit_address_id", "=", depositAddressId)
    .where("status", "in", ["sent", "confirmed"])
    .execute();
  return new Set(rows.map((r) => r.tx_hash!));
}

/** Sweeps on their way, and confirmed ones recent enough that a reorganisation could still take them. */
export function openSweeps(db: Kysely<DB>, chainId: number, recheckFrom: bigint) {
  return db
    .selectFrom("collections")
    .select(["id", "token", "status", "tx_hash", "block_number", "block_hash"])
    .where("chain_id", "=", chainId)
    .where((eb) =>
      eb.or([
        eb("status", "=", "sent"),
        eb.and([eb("status", "=", "confirmed"), eb("block_number", ">=", recheckFrom.toString())]),
      ]),
    )
    .orderBy("id")
    .execute();
}
