import { type Kysely, sql } from "kysely";
import { getAddress } from "viem";
import type { DB } from "../../db/schema.ts";
import { fromAtto, toAtto, unitsToAtto } from "../../../contracts/money.ts";
import type { SweepNotBooked } from "./sweeps-in-flight.ts";

/** A deposit or receiving address whose balance on chain is not what the books place there. */
export interface HolderDifference {
  holder: string;
  kind: "deposit address" | "receiving address";
  /** In USDT, at the block read. */
  onChain: string;
  /** What the ledger's receipts lines place at the address: what was credited of its transfers, less what was swept. */
  booked: string;
  /**
   * On chain there and not in the books, visibly: transfers not credited (confirming, or quarantined: unattributed),
   * less what sweeps mined but not yet confirmed moved away (plus what a confirmed sweep since undone brought back).
   */
  notBooked: string;
  /** onChain − booked − notBooked. */
  difference: string;
}

export interface HolderQuery {
  chainId: number;
  token: { address: string; decimals: number };
  /** The block the chain is read at (the watcher's last scanned one). */
  blockNumber: bigint;
  sweeps: readonly SweepNotBooked[];
  balanceOf(holder: string): Promise<bigint>;
}

/**
 * Every holder of the chain's token the books know of — each deposit address of the chain and each merchant's
 * receiving address — read on chain and set against the books: a transfer to it the watcher never stored (a deposit
 * made before its address was issued, before migration 0026), a credit or a sweep the books lost or counted twice,
 * shows as a difference naming the address and the amount.
 */
export async function holderDifferences(db: Kysely<DB>, query: HolderQuery): Promise<HolderDifference[]> {
  const { chainId, token, blockNumber } = query;
  const { rows } = await sql<{ holder: string; kind: HolderDifference["kind"]; booked: string; unbooked: string }>`
    with holders as (
      select lower(address) as holder, 'deposit address' as kind from deposit_addresses where chain_id = ${chainId}
      union
      select lower(address), 'receiving address' from receiving_addresses where merchant_id is not null
    ),
    booked as (
      select lower(t.to_address) as holder, -sum(l.amount) as amount
        from ledger_lines l
        join ledger_accounts a on a.id = l.account_id
        join ledger_journals j on j.id = l.journal_id
        join chain_transfers t on t.id = j.transfer_id
       where a.kind = 'receipts' and a.chain_id = ${chainId} and lower(a.token) = lower(${token.address})
       group by 1
    ),
    unbooked as (
      select lower(t.to_address) as holder, sum(t.amount) as units
        from chain_transfers t
        left join ledger_transfers lt on lt.transfer_id = t.id
        left join application_bills b on b.transfer_id = t.id
        left join collections c on c.id = b.collection_id and c.status = 'confirmed'
       where t.chain_id = ${chainId} and lower(t.token) = lower(${token.address}) and t.status <> 'removed'
         and t.block_number <= ${blockNumber.toString()} and coalesce(lt.credited, 0) = 0 and c.id is null
       group by 1
    )
    select h.holder, h.kind, coalesce(bk.amount, 0)::text as booked, coalesce(u.units, 0)::text as unbooked
      from holders h left join booked bk on bk.holder = h.holder left join unbooked u on u.holder = h.holder
     order by h.kind, h.holder`.execute(db);
  const differences: HolderDifference[] = [];
  // A few balance reads at a time: thousands of addresses are a few seconds, not one round trip after another.
  for (let i = 0; i < rows.length; i += 16) {
    const batch = rows.slice(i, i + 16);
    const balances = await Promise.all(batch.map((row) => query.balanceOf(row.holder)));
    batch.forEach((row, j) => {
      const swept = query.sweeps.filter((s) => s.from === row.holder).reduce((sum, s) => sum + s.units, 0n);
      const onChain = unitsToAtto(balances[j]!, token.decimals);
      const booked = toAtto(row.booked);
      const notBooked = unitsToAtto(BigInt(row.unbooked) - swept, token.decimals);
      const difference = onChain - booked - notBooked;
      if (difference !== 0n)
        differences.push({
          holder: getAddress(row.holder),
          kind: row.kind,
          onChain: fromAtto(onChain),
          booked: fromAtto(booked),
          notBooked: fromAtto(notBooked),
          difference: fromAtto(difference),
        });
    });
  }
  return differences;
}
