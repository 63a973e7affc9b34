import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { TokenTransfer } from "./chain-adapter.ts";

interface StoredPlace {
  id: string;
  chain_id: string;
  tx_hash: string;
  log_index: number;
  token: string;
  from_address: string;
  to_address: string;
  amount: string;
  status: string;
}

const sameTransfer = (row: StoredPlace, t: TokenTransfer) =>
  row.token.toLowerCase() === t.token.toLowerCase() &&
  row.from_address.toLowerCase() === t.from.toLowerCase() &&
  row.to_address.toLowerCase() === t.to.toLowerCase() &&
  row.amount === t.amount.toString();

/**
 * A log's index is its place in its block, so a transaction mined again behind another one (a reorganisation) brings
 * its transfers back at other indexes. Before the found transfers are stored by (chain, tx hash, log index), each one
 * back is given the stored row of the same transaction that says the same (token, from, to, amount): a removed row
 * moves to the new index (storing revives it: the same transfer, what orders and the ledger link to, heard seen once
 * more); a row still seen or confirmed elsewhere in the transaction means it is already stored (its block's hash no
 * longer matches: confirmPending finds the fork), and the log is left out. A removed row whose transfer is not back
 * but holds an index a found log needs is moved above the transaction's indexes, out of the way. Answers the
 * transfers to store.
 */
export async function placeFoundTransfers(db: Kysely<DB>, found: readonly TokenTransfer[]): Promise<TokenTransfer[]> {
  if (found.length === 0) return [];
  const stored: StoredPlace[] = await db
    .selectFrom("chain_transfers")
    .select(["id", "chain_id", "tx_hash", "log_index", "token", "from_address", "to_address", "amount", "status"])
    // By the unique index (chain_id, tx_hash, log_index): a scan that finds nothing stored costs one indexed look.
    .where("chain_id", "in", [...new Set(found.map((t) => String(t.chainId)))])
    .where("tx_hash", "in", [...new Set(found.map((t) => t.txHash))])
    .orderBy("log_index")
    .execute();
  if (stored.length === 0) return [...found];
  const key = (chainId: number | string, txHash: string) => `${chainId}:${txHash}`;
  const keep: TokenTransfer[] = [];
  for (const tx of new Set(found.map((t) => key(t.chainId, t.txHash)))) {
    const logs = found.filter((t) => key(t.chainId, t.txHash) === tx).sort((a, b) => a.logIndex - b.logIndex);
    const rows = stored.filter((r) => key(r.chain_id, r.tx_hash) === tx);
    keep.push(...(await placeTransaction(db, logs, rows)));
  }
  return keep;
}

async function placeTransaction(
  db: Kysely<DB>,
  logs: readonly TokenTransfer[],
  rows: readonly StoredPlace[],
): Promise<TokenTransfer[]> {
  if (rows.length === 0) return [...logs];
  const taken = new Set<string>();
  const moves = new Map<string, number>();
  const kept: TokenTransfer[] = [];
  const elsewhere: TokenTransfer[] = [];
  for (const t of logs) {
    const here = rows.find((r) => r.log_index === t.logIndex && sameTransfer(r, t));
    if (here) {
      taken.add(here.id);
      kept.push(t);
    } else elsewhere.push(t);
  }
  for (const t of elsewhere) {
    const free = rows.filter((r) => !taken.has(r.id) && sameTransfer(r, t));
    const row = free.find((r) => r.status === "removed") ?? free[0];
    if (row) taken.add(row.id);
    if (row?.status === "removed") moves.set(row.id, t.logIndex);
    if (!row || row.status === "removed") kept.push(t);
  }
  // A row not taken that is still seen or confirmed keeps its index: a log found there waits for the fork to be found.
  const blocked = new Set(rows.filter((r) => !taken.has(r.id) && r.status !== "removed").map((r) => r.log_index));
  const stores = kept.filter((t) => !blocked.has(t.logIndex));
  for (const [id, index] of moves) if (blocked.has(index)) moves.delete(id);
  const needed = new Set(stores.map((t) => t.logIndex));
  const inTheWay = rows.filter((r) => !taken.has(r.id) && r.status === "removed" && needed.has(r.log_index));
  const parked = [...moves.keys(), ...inTheWay.map((r) => r.id)];
  if (parked.length === 0) return stores;
  // (chain, tx hash, log index) is unique at every row: first every row that moves goes above all the indexes in use.
  let free = Math.max(...rows.map((r) => r.log_index), ...logs.map((t) => t.logIndex)) + 1;
  for (const id of parked) await setLogIndex(db, id, free++);
  for (const [id, index] of moves) await setLogIndex(db, id, index);
  return stores;
}

async function setLogIndex(db: Kysely<DB>, id: string, logIndex: number): Promise<void> {
  await db.updateTable("chain_transfers").set({ log_index: logIndex }).where("id", "=", id).execute();
}
