import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountId, post } from "./ledger.ts";
import { toAtto } from "../../../contracts/money.ts";

/**
 * Collection in the books (migration 0027): a transfer's swept share — what of it the ledger shows in the treasury
 * rather than at its deposit address — is its credited value while a confirmed sweep covers its bill, else nothing.
 * `settleSweptShares` posts the difference between that and what its `sweep` journals moved so far, so each caller
 * that changes one side (a sweep confirmed, removed or failed; a deposit credited, restored or reversed) settles the
 * transfers it touched in the same transaction, with their bills' rows locked by its own writes: every state the
 * database commits has the books and the bills agree (`ledgerViolations`, "sweptShareDiffers").
 *
 * `removing`: the transfers are being taken back by a reorganisation this very transaction: their shares go back to
 * receipts first, so the reversal that follows finds its value there (receipts are never above zero).
 */
export async function settleSweptShares(
  trx: Kysely<DB>,
  transferIds: readonly string[],
  at: Date,
  options: { removing?: boolean } = {},
): Promise<void> {
  if (transferIds.length === 0) return;
  const { rows } = await sql<{
    transfer_id: string;
    receipts: string;
    chain_id: string;
    token: string;
    decimals: number;
    wanted: string;
    swept: string;
  }>`
    select lt.transfer_id::text, lt.account_id::text as receipts, a.chain_id::text, a.token, a.decimals,
      (case when c.status = 'confirmed' then lt.credited else 0 end)::text as wanted,
      coalesce((select sum(l.amount) from ledger_journals j join ledger_lines l on l.journal_id = j.id
                 where j.kind = 'sweep' and j.transfer_id = lt.transfer_id and l.account_id = lt.account_id), 0)::text
        as swept
    from ledger_transfers lt
    join ledger_accounts a on a.id = lt.account_id
    join application_bills b on b.transfer_id = lt.transfer_id
    left join collections c on c.id = b.collection_id
    where lt.transfer_id in (${sql.join(transferIds.map((id) => sql`${id}`))})
    order by lt.transfer_id`.execute(trx);
  for (const row of rows) {
    const wanted = options.removing ? 0n : toAtto(row.wanted);
    const move = wanted - toAtto(row.swept);
    if (move === 0n) continue;
    const token = { chainId: Number(row.chain_id), address: row.token, decimals: row.decimals };
    const treasury = await accountId(trx, { kind: "treasury", token });
    await post(trx, { kind: "sweep", transferId: row.transfer_id, at }, [
      [row.receipts, move],
      [treasury, -move],
    ]);
  }
}

/** The transfers of the bills a sweep covers (or covered, until this transaction released them). */
export async function sweptTransfers(trx: Kysely<DB>, collectionId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom("application_bills")
    .select("transfer_id")
    .where("collection_id", "=", collectionId)
    .execute();
  return rows.map((r) => r.transfer_id);
}

/** The treasury account of a chain and token (migration 0027), if a sweep ever made it: its id and balance. */
export function treasuryAccountOf(db: Kysely<DB>, chainId: number, token: string) {
  return db
    .selectFrom("ledger_accounts")
    .select(["id", "balance"])
    .where("kind", "=", "treasury")
    .where("chain_id", "=", String(chainId))
    .where(sql<boolean>`lower(token) = lower(${token})`)
    .executeTakeFirst();
}
