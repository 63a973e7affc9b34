import { type Kysely, sql } from "kysely";
import { type Address, getAddress } from "viem";
import type { DB } from "../../db/schema.ts";
import { treasuryAccountOf } from "../payments/sweep-books.ts";
import { treasuryFloatUnits } from "../payments/treasury-float.ts";
import { fromAtto, toAtto, unitsToAtto } from "../../../contracts/money.ts";
import type { CollectedChain } from "./collection-jobs.ts";
import { type HolderDifference, holderDifferences } from "./holder-reconcile.ts";
import { withdrawnByBlock } from "../withdrawals/withdrawals-out.ts";
import { sweepsNotBooked } from "./sweeps-in-flight.ts";

/**
 * Collection against the chain: per chain and token, the treasury's balance plus what still sits in the deposit
 * addresses, on chain, against what the watcher saw arrive at those addresses — credited (what the ledger's deposits
 * credited merchants: `reconcile` checks that side) and not yet credited (confirming, or quarantined). A sweep moves
 * tokens from one side of the first sum to the other, so the two agree before, during and after collection. The chain
 * is read at the last block the watcher scanned, so a deposit mined since is on neither side. The treasury is assumed
 * to receive nothing but sweeps, and to pay nothing but withdrawals: those paid by that block count on its side.
 *
 * And each holder: the treasury, what its ledger account says it holds (sweep journals, migration 0027) against its
 * balance on chain at that block, less what the books cannot show yet — deposits a confirmed sweep carried before they
 * were credited, and sweeps mined by that block but not yet confirmed; each deposit and receiving address likewise
 * (holder-reconcile.ts).
 */
export interface CollectionReconcileRow {
  chainId: string;
  token: string;
  treasury: string;
  /** The block read: the watcher's last scanned one. */
  block: string;
  /** On chain, in USDT. */
  treasuryBalance: string;
  uncollected: string;
  /** Transfers to deposit addresses the watcher holds, in USDT. */
  credited: string;
  notCredited: string;
  /** (treasury + withdrawn + uncollected) − (credited + not credited). */
  difference: string;
  /** The ledger's treasury account, in USDT. */
  treasuryBooked: string;
  /** On chain and not in the books yet: swept before credited, or in sweeps not yet confirmed. */
  treasuryInTransit: string;
  /** treasuryBalance − treasuryBooked − treasuryInTransit. */
  treasuryDifference: string;
  /** Each deposit or receiving address whose balance on chain is not what the books place there (holder-reconcile.ts). */
  holders: HolderDifference[];
  ok: boolean;
}

export async function reconcileCollection(
  db: Kysely<DB>,
  chains: readonly CollectedChain[],
): Promise<CollectionReconcileRow[]> {
  const rows: CollectionReconcileRow[] = [];
  for (const chain of chains) {
    const cursor = await db
      .selectFrom("chain_cursors")
      .select("next_block")
      .where("chain_id", "=", String(chain.chainId))
      .executeTakeFirst();
    if (!cursor) continue;
    const blockNumber = BigInt(cursor.next_block) - 1n;
    const addresses = await db
      .selectFrom("deposit_addresses")
      .select(["address", "factory"])
      .where("chain_id", "=", chain.chainId)
      .execute();
    if (addresses.length === 0) continue;
    const read = (address: Address, token: Address) => chain.node.reader.tokenBalance(token, address, blockNumber);
    const factories = [...new Set(addresses.map((a) => getAddress(a.factory)))];
    const treasuries = [
      ...new Set(await Promise.all(factories.map((factory) => chain.node.reader.treasuryOf(factory, blockNumber)))),
    ];
    for (const token of chain.tokens) {
      let treasuryUnits = 0n;
      for (const treasury of treasuries) treasuryUnits += await read(treasury, token.address);
      let uncollectedUnits = 0n;
      for (const a of addresses) uncollectedUnits += await read(getAddress(a.address), token.address);
      const { rows: seen } = await sql<{ credited: string | null; other: string | null }>`
          select sum(t.amount) filter (where t.status = 'confirmed' and t.quarantine is null)::text as credited,
            sum(t.amount) filter (where not (t.status = 'confirmed' and t.quarantine is null))::text as other
          from chain_transfers t
          join deposit_addresses d on d.chain_id = t.chain_id and lower(d.address) = lower(t.to_address)
          where t.chain_id = ${chain.chainId} and lower(t.token) = lower(${token.address}) and t.status <> 'removed'
            and t.block_number <= ${blockNumber.toString()}`.execute(db);
      const credited = BigInt(seen[0]?.credited ?? "0");
      const other = BigInt(seen[0]?.other ?? "0");
      const usdt = (units: bigint) => fromAtto(unitsToAtto(units, token.decimals));
      const withdrawn = await withdrawnByBlock(db, chain.node.receipts, {
        chainId: chain.chainId,
        token: token.address,
        decimals: token.decimals,
        blockNumber,
      });
      // The operator's own money in the treasury (a devnet's float) is no deposit seen.
      const float = await treasuryFloatUnits(db, chain.chainId, token.address, token.decimals);
      const difference =
        treasuryUnits + withdrawn.booked + withdrawn.inFlight + uncollectedUnits - credited - other - float;
      const booked = await treasuryBooked(db, chain.chainId, token.address);
      const sweeps = await sweepsNotBooked(db, chain, token.address, treasuries, blockNumber);
      const inTransit = unitsToAtto(
        (await sweptUncredited(db, chain.chainId, token.address)) +
          sweeps.reduce((sum, s) => sum + s.units, 0n) -
          withdrawn.inFlight,
        token.decimals,
      );
      const treasuryDifference = unitsToAtto(treasuryUnits, token.decimals) - booked - inTransit;
      const holders = await holderDifferences(db, {
        chainId: chain.chainId,
        token,
        blockNumber,
        sweeps,
        balanceOf: (holder) => read(getAddress(holder), token.address),
      });
      rows.push({
        chainId: String(chain.chainId),
        token: token.address.toLowerCase(),
        treasury: treasuries.join(" "),
        block: blockNumber.toString(),
        treasuryBalance: usdt(treasuryUnits),
        uncollected: usdt(uncollectedUnits),
        credited: usdt(credited),
        notCredited: usdt(other),
        difference: usdt(difference),
        treasuryBooked: fromAtto(booked),
        treasuryInTransit: fromAtto(inTransit),
        treasuryDifference: fromAtto(treasuryDifference),
        holders,
        ok: difference === 0n && treasuryDifference === 0n && holders.length === 0,
      });
    }
  }
  return rows;
}

/** What the ledger's treasury account of the chain and token holds, in atto USDT (its balance is negative: an asset). */
async function treasuryBooked(db: Kysely<DB>, chainId: number, token: string): Promise<bigint> {
  return -toAtto((await treasuryAccountOf(db, chainId, token))?.balance ?? "0");
}

/** Base units of deposits still on chain that a confirmed sweep carried while they were not credited (confirming). */
async function sweptUncredited(db: Kysely<DB>, chainId: number, token: string): Promise<bigint> {
  const { rows } = await sql<{ units: string | null }>`
      select sum(t.amount)::text as units from application_bills b
      join collections c on c.id = b.collection_id join chain_transfers t on t.id = b.transfer_id
      where c.status = 'confirmed' and b.status <> 'credited' and t.status <> 'removed' and t.chain_id = ${chainId}
        and lower(t.token) = lower(${token})`.execute(db);
  return BigInt(rows[0]?.units ?? "0");
}
