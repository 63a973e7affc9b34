import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountBalance } from "../payments/ledger.ts";
import { toAtto } from "../../../contracts/money.ts";
import { notifyWithdrawalChanged, publishWithdrawalEvent } from "./withdrawal-events.ts";
import { recheckPaid, settleSent } from "./withdrawal-settle.ts";
import {
  broadcastOnce,
  type SenderReport,
  transferCall,
  transferGas,
  treasuryAccount,
  type WithdrawalSenderDeps,
} from "./withdrawal-transactions.ts";

export type { SenderReport, WithdrawalChain, WithdrawalSenderDeps } from "./withdrawal-transactions.ts";

/**
 * Withdrawals leave the treasury (issue 41, migration 0029). One run, for one chain and its treasury's signer:
 *  1. settles what was sent: a transaction of the withdrawal mined with the chain's confirmations pays it (the
 *     `withdrawalSent` journal: its amount from the treasury account, its fee to revenue, once); one that reverted, or a
 *     nonce used by none of its transactions, fails it and gives its hold back, once; one not mined yet is broadcast
 *     again, the same bytes (a server killed between signing and broadcasting, a node that lost it);
 *  2. signs what was asked for, oldest first, while the treasury's books cover it beside what is on its way: in one
 *     transaction, the nonce taken from the account's one sequence (`sending_accounts`, shared by every instance), the
 *     signed transaction stored, the withdrawal `signed`; then broadcast, and `broadcast`.
 * A transaction not mined `replaceAfterMs` after it was signed is replaced with the same nonce and higher fees
 * (withdrawal-settle.ts). Before all, paid withdrawals recent enough for a reorganisation to take them away are
 * checked again, and one it took is broadcast again, the same bytes (withdrawal-settle.ts, recheckPaid).
 */
export async function sendWithdrawals(deps: WithdrawalSenderDeps): Promise<SenderReport> {
  const report: SenderReport = { signed: 0, broadcast: 0, replaced: 0, confirmed: 0, failed: 0 };
  await recheckPaid(deps, report);
  await settleSent(deps, report);
  await signAsked(deps, report);
  return report;
}

async function signAsked(deps: WithdrawalSenderDeps, report: SenderReport): Promise<void> {
  const { db, chain, client, sender } = deps;
  const now = deps.now ?? (() => new Date());
  const asked = await db
    .selectFrom("withdrawals")
    .select("id")
    .where("chain_id", "=", chain.chainId)
    .where("status", "=", "requested")
    .orderBy("id")
    .limit(50)
    .execute();
  if (asked.length === 0) return;
  const fees = await client.estimateFeesPerGas();
  const firstNonce = BigInt(await client.getTransactionCount({ address: sender.from, blockTag: "pending" }));
  for (const { id } of asked) {
    const signed = await db.transaction().execute(async (trx) => {
      const withdrawal = await trx
        .selectFrom("withdrawals")
        .selectAll()
        .where("id", "=", id)
        .where("status", "=", "requested")
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!withdrawal) return null;
      const token = chain.tokens.find((t) => t.address.toLowerCase() === withdrawal.token.toLowerCase());
      if (!token) return null;
      // The treasury's books, locked, less what is on its way: a withdrawal they do not cover waits, and says so.
      const waits = async () => {
        if (withdrawal.waiting === "treasury") return null;
        await trx.updateTable("withdrawals").set({ waiting: "treasury" }).where("id", "=", id).execute();
        await notifyWithdrawalChanged(trx, withdrawal.merchant_id, id);
        return null;
      };
      const treasury = await treasuryAccount(trx, chain.chainId, withdrawal.token).catch(() => null);
      if (!treasury) return waits();
      await trx.selectFrom("ledger_accounts").select("id").where("id", "=", treasury).forUpdate().execute();
      const onItsWay = await trx
        .selectFrom("withdrawals")
        .select(sql<string | null>`sum(amount)::text`.as("total"))
        .where("chain_id", "=", chain.chainId)
        .where("token", "=", withdrawal.token)
        .where("status", "in", ["signed", "broadcast"])
        .executeTakeFirst();
      const covered = -(await accountBalance(trx, treasury)) - toAtto(onItsWay?.total ?? "0");
      if (covered < toAtto(withdrawal.amount)) return waits();
      const nonce = await takeNonce(trx, chain.chainId, sender.from, firstNonce);
      const { raw, hash } = await sender.sign({
        ...transferCall(withdrawal, token.decimals),
        nonce: Number(nonce),
        gas: transferGas,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      const at = now();
      await trx
        .insertInto("withdrawal_transactions")
        .values({
          withdrawal_id: id,
          chain_id: chain.chainId,
          from_address: sender.from,
          nonce: nonce.toString(),
          raw_tx: raw,
          tx_hash: hash,
          max_fee_per_gas: fees.maxFeePerGas.toString(),
          max_priority_fee_per_gas: fees.maxPriorityFeePerGas.toString(),
          signed_at: at,
        })
        .execute();
      await trx
        .updateTable("withdrawals")
        .set({ status: "signed", from_address: sender.from, nonce: nonce.toString(), waiting: null, updated_at: at })
        .where("id", "=", id)
        .execute();
      await publishWithdrawalEvent(trx, id, [chain], "withdrawal.signed", at);
      return raw;
    });
    if (!signed) continue;
    report.signed++;
    if (await broadcastOnce(deps, id, signed, now())) report.broadcast++;
  }
}

/**
 * The account's next nonce from its one sequence, taken by the update that moves it (a second instance waits on the
 * row, then takes the next). Started at what the chain counts for the account, pending transactions included.
 */
export async function takeNonce(
  trx: Kysely<DB>,
  chainId: number,
  address: string,
  chainNonce: bigint,
): Promise<bigint> {
  await trx
    .insertInto("sending_accounts")
    .values({ chain_id: chainId, address, next_nonce: chainNonce.toString() })
    .onConflict((oc) => oc.columns(["chain_id", "address"]).doNothing())
    .execute();
  const row = await trx
    .updateTable("sending_accounts")
    .set({ next_nonce: sql`next_nonce + 1` })
    .where("chain_id", "=", chainId)
    .where("address", "=", address)
    .returning(sql<string>`next_nonce - 1`.as("nonce"))
    .executeTakeFirstOrThrow();
  return BigInt(row.nonce);
}
