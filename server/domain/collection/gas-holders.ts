import type { Kysely } from "kysely";
import type { Hex } from "viem";
import type { GasReader } from "../../chain/gas-reader.ts";
import { hashesOf } from "../../chain/outgoing-store.ts";
import type { DB } from "../../db/schema.ts";
import { bookGasFunding, nativeBooked } from "../payments/gas-books.ts";
import { fromAtto, toAtto } from "../../../contracts/money.ts";

/**
 * The gas a holder's transactions burnt by `atBlock` that the books do not have yet: its transactions with no outcome
 * yet (sweeps sent, withdrawals signed or broadcast) mined by then (their gas is booked when they are settled:
 * collection-store.ts, withdrawal-settle.ts), and what a reorganisation changed of a paid withdrawal's (negative when
 * it took one away). Read from their receipts.
 */
export async function unbookedGas(
  db: Kysely<DB>,
  gas: GasReader,
  chainId: number,
  holder: string,
  atBlock: bigint,
): Promise<bigint> {
  const address = holder.toLowerCase();
  // Every transaction of the holder still followed for its outcome: a sweep sent, a withdrawal signed or broadcast.
  const open = await db
    .selectFrom("outgoing_transactions")
    .select("tx_hash")
    .where("chain_id", "=", chainId)
    .where((eb) => eb.fn("lower", ["from_address"]), "=", address)
    .where("outcome", "is", null)
    .execute();
  let spent = 0n;
  for (const { tx_hash } of open) spent += await gas.gasBurntBy(tx_hash, atBlock);
  // Paid withdrawals a reorganisation may have moved or taken away since they were booked, until the sender's next
  // run books them as the chain now says (server/chain/outgoing-settle.ts, recheckMined): what the chain burnt less what is booked.
  const since = (atBlock > recheckBlocks ? atBlock - recheckBlocks : 0n).toString();
  const paid = await db
    .selectFrom("outgoing_transactions")
    .select("withdrawal_id as id")
    .distinct()
    .where("chain_id", "=", chainId)
    .where("subject_kind", "=", "withdrawal")
    .where((eb) => eb.fn("lower", ["from_address"]), "=", address)
    .where((eb) =>
      eb.or([
        eb.and([eb("outcome", "=", "mined"), eb("mined_block_number", ">=", since)]),
        eb("outcome", "=", "removed"),
      ]),
    )
    .execute();
  for (const { id } of paid) {
    if (!id) continue;
    let burnt = 0n;
    for (const hash of await hashesOf(db, "withdrawal", id)) burnt += await gas.gasBurntBy(hash, atBlock);
    spent += burnt - (await bookedGasOf(db, id));
  }
  return spent;
}

/** How far back paid withdrawals are compared with the chain (the sender's own recheck window, or more). */
const recheckBlocks = 256n;

/** The gas the books have for a withdrawal's transaction (its gas journals' expense lines), in wei. */
async function bookedGasOf(db: Kysely<DB>, withdrawalId: string): Promise<bigint> {
  const row = await db
    .selectFrom("ledger_journals as j")
    .innerJoin("ledger_lines as l", "l.journal_id", "j.id")
    .innerJoin("ledger_accounts as a", "a.id", "l.account_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("l.amount"), eb.val("0")).as("total"))
    .where("j.withdrawal_id", "=", withdrawalId)
    .where("j.kind", "in", ["gasSpent", "gasReturned"])
    .where("a.kind", "=", "gasExpense")
    .executeTakeFirstOrThrow();
  return toAtto(String(row.total));
}

/** A platform address's native coin on chain against its books, at one block. */
export interface GasHolderCheck {
  holder: string;
  /** In the native coin, at the block read. */
  onChain: string;
  booked: string;
  /** Gas of its transactions mined by then and not settled yet. */
  inFlight: string;
  /** onChain − (booked − inFlight): 0 when the books place every coin. */
  difference: string;
  ok: boolean;
}

/**
 * Each holder read at the chain's head: the operator's coin beyond the books (an opening balance, a top-up) is booked
 * as funding first when `fund` is set (the collector's run), then the holder is checked. A difference left is coin
 * that left without the books (a transfer out of the gas payer by hand, gas the books lost) and names the holder.
 */
export async function checkGasHolders(
  db: Kysely<DB>,
  gas: GasReader,
  chainId: number,
  holders: readonly string[],
  options: { fund: boolean; at: Date },
): Promise<GasHolderCheck[]> {
  const checks: GasHolderCheck[] = [];
  for (const holder of new Set(holders.map((h) => h.toLowerCase()))) {
    const measure = async (reader: Kysely<DB>) => {
      const head = await gas.head();
      const onChain = await gas.balanceAt(holder as Hex, head);
      return { onChain, unbookedSpent: await unbookedGas(reader, gas, chainId, holder, head) };
    };
    if (options.fund)
      await db.transaction().execute((trx) => bookGasFunding(trx, chainId, holder, () => measure(trx), options.at));
    const { onChain, unbookedSpent: inFlight } = await measure(db);
    const booked = await nativeBooked(db, chainId, holder);
    const difference = onChain - (booked - inFlight);
    checks.push({
      holder,
      onChain: fromAtto(onChain),
      booked: fromAtto(booked),
      inFlight: fromAtto(inFlight),
      difference: fromAtto(difference),
      ok: difference === 0n,
    });
  }
  return checks;
}
