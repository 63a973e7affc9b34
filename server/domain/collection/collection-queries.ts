import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { toAtto } from "../../../contracts/money.ts";

/** What collection reads of the database: the addresses due, and the sweeps and deposits of an address or chain. */

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

/** The hashes of the address's sweep transactions followed as open or mined (a removed one may come back). */
export async function sweepHashes(db: Kysely<DB>, depositAddressId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("outgoing_transactions as o")
    .innerJoin("collections as c", "c.id", "o.collection_id")
    .select("o.tx_hash")
    .where("c.deposit_address_id", "=", depositAddressId)
    .where((eb) => eb.or([eb("o.outcome", "is", null), eb("o.outcome", "=", "mined")]))
    .execute();
  return new Set(rows.map((r) => r.tx_hash));
}
