import type { Kysely } from "kysely";
import { type Hex, TransactionReceiptNotFoundError } from "viem";
import type { DB } from "../../db/schema.ts";
import { bookGasFor } from "../payments/gas-books.ts";
import { accountBalance, accountId, post } from "../payments/ledger.ts";
import { toAtto } from "../../../contracts/money.ts";
import { confirmationsAt, recordCounting } from "./withdrawal-counting.ts";
import { notifyWithdrawalChanged, publishWithdrawalEvent } from "./withdrawal-events.ts";
import { releaseWithdrawal } from "./withdrawal-holds.ts";
import {
  broadcastOnce,
  type SenderReport,
  transferCall,
  transferGas,
  treasuryAccount,
  type WithdrawalSenderDeps,
} from "./withdrawal-transactions.ts";

/** How far back paid withdrawals are checked again: a reorganisation deeper than the confirmations can take one away. */
export const paidRecheckBlocks = (confirmations: number) => BigInt(Math.max(4 * confirmations, 64));

/**
 * Paid withdrawals a deep reorganisation may still take away, checked again: one whose transaction (or a replacement
 * of it: they share the nonce) is mined in another block is recorded there; one no longer on the chain has its stored
 * bytes broadcast again. Its nonce is unused again and only its own transactions carry it, so it is paid once more on
 * chain and never twice; the books keep it paid (their one `withdrawalSent` journal), and the treasury on chain holds
 * its amount again only until it is mined.
 */
export async function recheckPaid(deps: WithdrawalSenderDeps, report: SenderReport): Promise<void> {
  const { db, chain, client } = deps;
  const now = deps.now ?? (() => new Date());
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const since = head - paidRecheckBlocks(chain.confirmations);
  const paid = await db
    .selectFrom("withdrawals")
    .select(["id", "merchant_id", "tx_hash", "block_number"])
    .where("chain_id", "=", chain.chainId)
    .where("from_address", "=", deps.sender.from)
    .where("status", "=", "confirmed")
    .where("block_number", ">=", (since < 0n ? 0n : since).toString())
    .orderBy("id")
    .execute();
  for (const withdrawal of paid) {
    const transactions = await db
      .selectFrom("withdrawal_transactions")
      .select(["tx_hash", "raw_tx"])
      .where("withdrawal_id", "=", withdrawal.id)
      .orderBy("id")
      .execute();
    let mined = false;
    for (const tx of transactions) {
      const receipt = await receiptOf(deps, tx.tx_hash as Hex);
      if (!receipt) continue;
      mined = true;
      if (tx.tx_hash !== withdrawal.tx_hash || receipt.blockNumber.toString() !== withdrawal.block_number)
        await db.transaction().execute(async (trx) => {
          // The update locks the row: one run books the change.
          await trx
            .updateTable("withdrawals")
            .set({ tx_hash: tx.tx_hash, block_number: receipt.blockNumber.toString() })
            .where("id", "=", withdrawal.id)
            .execute();
          // Mined again at that block's price: its gas in the books follows.
          const gas = receipt.gasUsed * receipt.effectiveGasPrice;
          await bookGasFor(trx, chain.chainId, deps.sender.from, { withdrawalId: withdrawal.id }, gas, now());
          await notifyWithdrawalChanged(trx, withdrawal.merchant_id, withdrawal.id);
        });
      break;
    }
    if (mined) continue;
    // On no block any more: its gas was not burnt on the chain that stands (booked again once it is mined again).
    await db.transaction().execute(async (trx) => {
      await lockWithdrawal(trx, withdrawal.id);
      await bookGasFor(trx, chain.chainId, deps.sender.from, { withdrawalId: withdrawal.id }, 0n, now());
    });
    const paying = transactions.find((tx) => tx.tx_hash === withdrawal.tx_hash) ?? transactions.at(-1);
    if (!paying) continue;
    try {
      await deps.sender.broadcast(paying.raw_tx as Hex);
      report.broadcast++;
    } catch {
      // The node refused it for now: the next run tries again.
    }
  }
}

/** Gives the withdrawal's hold back (withdrawal-holds.ts) and tells its application, once. */
async function failWithdrawal(
  trx: Kysely<DB>,
  deps: WithdrawalSenderDeps,
  withdrawalId: string,
  failure: string,
  at: Date,
): Promise<boolean> {
  if (!(await releaseWithdrawal(trx, withdrawalId, failure, at))) return false;
  await publishWithdrawalEvent(trx, withdrawalId, [deps.chain], "withdrawal.failed", at);
  return true;
}

/** The withdrawal's row, locked for the rest of the transaction: its gas is booked by one run at a time. */
async function lockWithdrawal(trx: Kysely<DB>, withdrawalId: string): Promise<void> {
  await trx.selectFrom("withdrawals").select("id").where("id", "=", withdrawalId).forUpdate().execute();
}

const receiptOf = (deps: WithdrawalSenderDeps, hash: Hex) =>
  deps.client
    .getTransactionReceipt({ hash })
    .catch((error: unknown) => (error instanceof TransactionReceiptNotFoundError ? null : Promise.reject(error)));

export async function settleSent(deps: WithdrawalSenderDeps, report: SenderReport): Promise<void> {
  const { db, chain, client } = deps;
  const now = deps.now ?? (() => new Date());
  const from = deps.sender.from;
  const sent = await db
    .selectFrom("withdrawals")
    .select(["id", "nonce"])
    .where("chain_id", "=", chain.chainId)
    .where("from_address", "=", from)
    .where("status", "in", ["signed", "broadcast"])
    .orderBy("nonce")
    .execute();
  if (sent.length === 0) return;
  const head = await client.getBlockNumber({ cacheTime: 0 });
  // Nonces used in blocks with the chain's confirmations: a withdrawal's own transaction mined there has its receipt.
  const settledBlock = head - BigInt(chain.confirmations) + 1n;
  const minedNonce =
    settledBlock < 0n ? 0n : BigInt(await client.getTransactionCount({ address: from, blockNumber: settledBlock }));
  for (const withdrawal of sent) {
    const transactions = await db
      .selectFrom("withdrawal_transactions")
      .select(["tx_hash", "raw_tx", "signed_at", "max_fee_per_gas", "max_priority_fee_per_gas"])
      .where("withdrawal_id", "=", withdrawal.id)
      .orderBy("id")
      .execute();
    let settled = false;
    for (const tx of transactions) {
      const receipt = await client
        .getTransactionReceipt({ hash: tx.tx_hash as Hex })
        .catch((error: unknown) => (error instanceof TransactionReceiptNotFoundError ? null : Promise.reject(error)));
      if (!receipt) continue;
      settled = true;
      const confirmations = confirmationsAt(head, receipt.blockNumber);
      if (confirmations < chain.confirmations) {
        // Mined, counting: the merchant's records show it count.
        const counting = { txHash: tx.tx_hash, blockNumber: receipt.blockNumber, confirmations };
        await recordCounting(db, withdrawal.id, counting);
        break;
      }
      if (receipt.status === "success") {
        // Counted only by the run that paid it (another instance may settle it at the same moment).
        const paidHere = await db.transaction().execute(async (trx) => {
          const at = now();
          const paid = { txHash: tx.tx_hash, blockNumber: receipt.blockNumber, at };
          if (!(await recordPaid(trx, withdrawal.id, { ...paid, gasFee: receipt.gasUsed * receipt.effectiveGasPrice })))
            return false;
          await publishWithdrawalEvent(trx, withdrawal.id, [chain], "withdrawal.confirmed", at);
          return true;
        });
        if (paidHere) report.confirmed++;
      } else {
        // Reverted, it was mined: its gas was burnt and is booked with its failure, under the withdrawal's row.
        const gas = receipt.gasUsed * receipt.effectiveGasPrice;
        const failedHere = await db.transaction().execute(async (trx) => {
          const at = now();
          await lockWithdrawal(trx, withdrawal.id);
          await bookGasFor(trx, chain.chainId, deps.sender.from, { withdrawalId: withdrawal.id }, gas, at);
          return failWithdrawal(trx, deps, withdrawal.id, "reverted on chain", at);
        });
        if (failedHere) report.failed++;
      }
      break;
    }
    if (settled) continue;
    // None of its transactions is mined (any more: a reorganisation may have taken the one that was).
    await recordCounting(db, withdrawal.id, null);
    if (BigInt(withdrawal.nonce!) < minedNonce) {
      // Its nonce was used, by none of its transactions: it can never be mined.
      const failedHere = await db
        .transaction()
        .execute((trx) => failWithdrawal(trx, deps, withdrawal.id, "its nonce was used by another transaction", now()));
      if (failedHere) report.failed++;
      continue;
    }
    const latest = transactions.at(-1);
    if (!latest) continue;
    const stuck =
      deps.replaceAfterMs !== undefined && now().getTime() - latest.signed_at.getTime() >= deps.replaceAfterMs;
    const raw = stuck ? await signReplacement(deps, withdrawal.id, latest) : (latest.raw_tx as Hex);
    if (stuck && raw) report.replaced++;
    if (raw && (await broadcastOnce(deps, withdrawal.id, raw, now()))) report.broadcast++;
  }
}

/**
 * The withdrawal's transaction again with the same nonce and fees up by at least a tenth (what nodes ask of a
 * replacement), or today's when higher: stored before it is broadcast, like the first. Whichever of them is mined pays
 * it, once: they share the nonce.
 */
async function signReplacement(
  deps: WithdrawalSenderDeps,
  withdrawalId: string,
  latest: { max_fee_per_gas: string; max_priority_fee_per_gas: string },
): Promise<Hex | null> {
  const fees = await deps.client.estimateFeesPerGas();
  const bump = (old: string) => (BigInt(old) * 11n) / 10n + 1n;
  const priority = [fees.maxPriorityFeePerGas, bump(latest.max_priority_fee_per_gas)].reduce((a, b) => (a > b ? a : b));
  const maxFee = [fees.maxFeePerGas, bump(latest.max_fee_per_gas), priority].reduce((a, b) => (a > b ? a : b));
  return deps.db.transaction().execute(async (trx) => {
    const withdrawal = await trx
      .selectFrom("withdrawals")
      .selectAll()
      .where("id", "=", withdrawalId)
      .where("status", "in", ["signed", "broadcast"])
      .forUpdate()
      .executeTakeFirst();
    const token = deps.chain.tokens.find((t) => t.address.toLowerCase() === withdrawal?.token.toLowerCase());
    if (!withdrawal || !token) return null;
    const { raw, hash } = await deps.sender.sign({
      ...transferCall(withdrawal, token.decimals),
      nonce: Number(withdrawal.nonce),
      gas: transferGas,
      maxFeePerGas: maxFee,
      maxPriorityFeePerGas: priority,
    });
    await trx
      .insertInto("withdrawal_transactions")
      .values({
        withdrawal_id: withdrawalId,
        chain_id: withdrawal.chain_id,
        from_address: deps.sender.from,
        nonce: withdrawal.nonce!,
        raw_tx: raw,
        tx_hash: hash,
        max_fee_per_gas: maxFee.toString(),
        max_priority_fee_per_gas: priority.toString(),
        signed_at: (deps.now ?? (() => new Date()))(),
      })
      .execute();
    return raw;
  });
}

/** Paid: the withdrawal confirmed, its held money out of the books — the amount from the treasury, the fee to revenue. */
async function recordPaid(
  trx: Kysely<DB>,
  withdrawalId: string,
  paid: { txHash: string; blockNumber: bigint; gasFee: bigint; at: Date },
): Promise<boolean> {
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
      gas_fee: paid.gasFee.toString(),
      finished_at: paid.at,
      updated_at: paid.at,
    })
    .where("id", "=", withdrawalId)
    .execute();
  return true;
}
