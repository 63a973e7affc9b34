import type { Kysely } from "kysely";
import type { MinedOutgoing, OutgoingListener } from "../../chain/outgoing-port.ts";
import type { DB } from "../../db/schema.ts";
import { bookGasFor } from "../payments/gas-books.ts";
import { accountBalance, accountId, merchantAccount, post } from "../payments/ledger.ts";
import { toAtto } from "../../../contracts/money.ts";
import { recordCounting } from "./withdrawal-counting.ts";
import { notifyWithdrawalChanged, publishWithdrawalEvent } from "./withdrawal-events.ts";
import { releaseWithdrawal } from "./withdrawal-holds.ts";
import { treasuryAccount, type WithdrawalSenderDeps } from "./withdrawal-transactions.ts";

/**
 * What a withdrawal does when the treasury's outgoing transactions (server/chain/outgoing.ts) tell it of its own: the
 * node took it → `broadcast`; mined with the confirmations → paid (the `withdrawalSent` journal, once); reverted or its
 * nonce used by another → failed, its hold given back, once; a reorganisation moved or took a paid one → its gas in
 * the books follows the chain that stands (the books keep it paid: its bytes are sent again and paid once on chain);
 * a paid one whose bytes, sent again, reverted → failed, what it paid given back (returnPaid), once.
 */
export function withdrawalListener(deps: Pick<WithdrawalSenderDeps, "db" | "chain" | "currencies">): OutgoingListener {
  const { db, chain, currencies } = deps;
  const gasOf = (trx: Kysely<DB>, withdrawalId: string, from: string, gas: bigint, at: Date) =>
    bookGasFor(trx, chain.chainId, from, { withdrawalId }, gas, at);
  return {
    async broadcast(withdrawalId, at) {
      await db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable("withdrawals")
          .set({ status: "broadcast", updated_at: at })
          .where("id", "=", withdrawalId)
          .where("status", "=", "signed")
          .executeTakeFirst();
        if (moved.numUpdatedRows > 0n)
          await publishWithdrawalEvent(trx, withdrawalId, currencies, "withdrawal.broadcast", at);
      });
    },
    counting: (withdrawalId, seen) => recordCounting(db, withdrawalId, seen),
    async stillOpen(trx, withdrawalId) {
      const open = await trx
        .selectFrom("withdrawals")
        .select("id")
        .where("id", "=", withdrawalId)
        .where("status", "in", ["signed", "broadcast"])
        .forUpdate()
        .executeTakeFirst();
      return open !== undefined;
    },
    async mined(trx, withdrawalId, mined) {
      if (!(await recordPaid(trx, withdrawalId, mined))) return false;
      await publishWithdrawalEvent(trx, withdrawalId, currencies, "withdrawal.confirmed", mined.at);
      return true;
    },
    async failed(trx, withdrawalId, { why, gasFee, at }) {
      // Reverted, it was mined: its gas was burnt and is booked with its failure, under the withdrawal's row.
      const from = await lockWithdrawal(trx, withdrawalId);
      if (gasFee !== null && from) await gasOf(trx, withdrawalId, from, gasFee, at);
      const givenBack =
        (await releaseWithdrawal(trx, withdrawalId, why, at)) || (await returnPaid(trx, withdrawalId, why, at));
      if (!givenBack) return false;
      await publishWithdrawalEvent(trx, withdrawalId, currencies, "withdrawal.failed", at);
      return true;
    },
    async moved(trx, withdrawalId, mined) {
      // The update locks the row: one run books the change.
      const row = await trx
        .updateTable("withdrawals")
        .set({ tx_hash: mined.txHash, block_number: mined.blockNumber.toString() })
        .where("id", "=", withdrawalId)
        .returning(["merchant_id", "from_address"])
        .executeTakeFirstOrThrow();
      if (row.from_address) await gasOf(trx, withdrawalId, row.from_address, mined.gasFee, mined.at);
      await notifyWithdrawalChanged(trx, row.merchant_id, withdrawalId);
    },
    async removed(trx, withdrawalId, at) {
      // On no block any more: its gas was not burnt on the chain that stands (booked again once it is mined again).
      const from = await lockWithdrawal(trx, withdrawalId);
      if (from) await gasOf(trx, withdrawalId, from, 0n, at);
    },
  };
}

/** The withdrawal's row, locked for the rest of the transaction (its gas is booked by one run at a time); its sender. */
async function lockWithdrawal(trx: Kysely<DB>, withdrawalId: string): Promise<string | null> {
  const row = await trx
    .selectFrom("withdrawals")
    .select("from_address")
    .where("id", "=", withdrawalId)
    .forUpdate()
    .executeTakeFirst();
  return row?.from_address ?? null;
}

/**
 * A paid withdrawal that never paid after all (a reorganisation took its transaction and the sweep that funded the
 * treasury, and its bytes sent again reverted): failed as a first send that reverts, the merchant given back its amount
 * and fee — from the treasury, which still holds the amount, and from revenue, which took the fee — in its one
 * `withdrawalRelease` journal.
 */
async function returnPaid(trx: Kysely<DB>, withdrawalId: string, why: string, at: Date): Promise<boolean> {
  const withdrawal = await trx
    .selectFrom("withdrawals")
    .selectAll()
    .where("id", "=", withdrawalId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (withdrawal.status !== "confirmed") return false;
  const amount = toAtto(withdrawal.amount);
  const fee = toAtto(withdrawal.fee);
  await post(trx, { kind: "withdrawalRelease", withdrawalId, at }, [
    [await treasuryAccount(trx, withdrawal.chain_id, withdrawal.token), -amount],
    [await accountId(trx, { kind: "revenue" }), -fee],
    [await merchantAccount(trx, withdrawal.merchant_id), amount + fee],
  ]);
  await trx
    .updateTable("withdrawals")
    .set({ status: "failed", failure: why.slice(0, 500), updated_at: at })
    .where("id", "=", withdrawalId)
    .execute();
  return true;
}

/** Paid: the withdrawal confirmed, its held money out of the books — the amount from the treasury, the fee to revenue. */
async function recordPaid(trx: Kysely<DB>, withdrawalId: string, paid: MinedOutgoing): Promise<boolean> {
  const withdrawal = await trx
    .selectFrom("withdrawals")
    .selectAll()
    .where("id", "=", withdrawalId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (withdrawal.status === "confirmed" || withdrawal.status === "failed") return false;
  const held = await accountId(trx, { kind: "withdrawal", withdrawalId });
  const treasury = await treasuryAccount(trx, withdrawal.chain_id, withdrawal.token);
  await post(trx, { kind: "withdrawalSent", withdrawalId, at: paid.at }, [
    [held, -(await accountBalance(trx, held))],
    [treasury, toAtto(withdrawal.amount)],
    [await accountId(trx, { kind: "revenue" }), toAtto(withdrawal.fee)],
  ]);
  // The transaction's gas, in the chain's native coin, from its sender to the gas expense.
  if (withdrawal.from_address)
    await bookGasFor(trx, withdrawal.chain_id, withdrawal.from_address, { withdrawalId }, paid.gasFee, paid.at);
  await trx
    .updateTable("withdrawals")
    .set({
      status: "confirmed",
      tx_hash: paid.txHash,
      block_number: paid.blockNumber.toString(),
      finished_at: paid.at,
      updated_at: paid.at,
    })
    .where("id", "=", withdrawalId)
    .execute();
  return true;
}
