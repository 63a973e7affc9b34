import { type Kysely, sql } from "kysely";
import type { Address } from "viem";
import type { DB } from "../../db/schema.ts";
import type { CollectedChain } from "./collection-jobs.ts";

/** A sweep the chain and the books see differently at a block: `units` left `from` for the treasury on chain only. */
export interface SweepNotBooked {
  from: string;
  /** Base units on chain in the treasury that the books still place at `from`; negative: the other way round. */
  units: bigint;
}

/**
 * The sweeps on which the chain at `blockNumber` and the books disagree, for now: sweeps recorded as sent and mined by
 * that block moved tokens the books have not moved yet; confirmed sweeps recent enough for a reorganisation to have
 * taken them (the collector's own recheck window) moved, in the books, tokens that are back at their address when the
 * transaction is no longer mined by that block — those of its deposits the same reorganisation did not take away too —
 * until the next collection run records them removed, or confirmed where they are now.
 */
export async function sweepsNotBooked(
  db: Kysely<DB>,
  chain: CollectedChain,
  token: string,
  treasuries: readonly Address[],
  blockNumber: bigint,
): Promise<SweepNotBooked[]> {
  const recheckFrom = blockNumber - BigInt(Math.max(64, chain.confirmations * 4));
  // What became of each sweep's transaction is the outgoing component's (outgoing-recorded-store.ts): open is sent,
  // mined is confirmed.
  const open = await db
    .selectFrom("collections as c")
    .innerJoin("deposit_addresses as d", "d.id", "c.deposit_address_id")
    .innerJoin("outgoing_transactions as o", "o.collection_id", "c.id")
    .select(["c.id", "o.tx_hash", "o.outcome", "d.address"])
    .where("c.chain_id", "=", chain.chainId)
    .where(sql<boolean>`lower(c.token) = lower(${token})`)
    .where((eb) =>
      eb.or([
        eb("o.outcome", "is", null),
        eb.and([eb("o.outcome", "=", "mined"), eb("o.mined_block_number", ">=", recheckFrom.toString())]),
      ]),
    )
    .execute();
  const to = new Set(treasuries.map((t) => t.toLowerCase()));
  const found: SweepNotBooked[] = [];
  for (const sweep of open) {
    const receipt = await chain.node.receipts.receiptOf(sweep.tx_hash);
    const from = sweep.address.toLowerCase();
    const mined = receipt?.succeeded === true && receipt.blockNumber <= blockNumber;
    if (sweep.outcome === "mined") {
      if (!mined) found.push({ from, units: -(await stillThere(db, sweep.id)) });
      continue;
    }
    if (!mined) continue;
    let units = 0n;
    for (const transfer of receipt.transfers)
      if (transfer.token.toLowerCase() === token.toLowerCase() && to.has(transfer.to.toLowerCase()))
        units += transfer.value;
    if (units !== 0n) found.push({ from, units });
  }
  return found;
}

/** Base units of a sweep's deposits that are still on chain (a reorganisation that undid the sweep may undo them too). */
async function stillThere(db: Kysely<DB>, collectionId: string): Promise<bigint> {
  const row = await db
    .selectFrom("application_bills as b")
    .innerJoin("chain_transfers as t", "t.id", "b.transfer_id")
    .select(sql<string | null>`sum(t.amount)::text`.as("units"))
    .where("b.collection_id", "=", collectionId)
    .where("t.status", "<>", "removed")
    .executeTakeFirst();
  return BigInt(row?.units ?? "0");
}
