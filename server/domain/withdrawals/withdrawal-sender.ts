import { type Kysely, sql } from "kysely";
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  type PublicClient,
  TransactionReceiptNotFoundError,
} from "viem";
import { erc20Abi } from "../../chain/token-abi.ts";
import type { SigningSender } from "../../chain/transaction-sender.ts";
import type { DB } from "../../db/schema.ts";
import { accountBalance, accountId, post } from "../payments/ledger.ts";
import { attoToUnits, toAtto } from "../payments/usdt.ts";
import { releaseWithdrawal } from "./withdrawal-holds.ts";

/**
 * Withdrawals leave the treasury (issue 41, migration 0029). One run, for one chain and its treasury's signer:
 *  1. settles what was sent: a transaction of the withdrawal mined with the chain's confirmations pays it (the
 *     `withdrawalSent` journal: its amount from the treasury account, its fee to revenue, once); one that reverted, or a
 *     nonce used by none of its transactions, fails it and gives its hold back, once; one not mined yet is broadcast
 *     again, the same bytes (a server killed between signing and broadcasting, a node that lost it);
 *  2. signs what was asked for, oldest first, while the treasury's books cover it beside what is on its way: in one
 *     transaction, the nonce taken from the account's one sequence (`sending_accounts`, shared by every instance), the
 *     signed transaction stored, the withdrawal `signed`; then broadcast, and `broadcast`.
 * A reorganisation that takes a paid withdrawal away, and a stuck one replaced with a higher fee, are not handled yet.
 */
export interface WithdrawalChain {
  chainId: number;
  confirmations: number;
  tokens: readonly { address: Address; decimals: number }[];
}

export interface WithdrawalSenderDeps {
  db: Kysely<DB>;
  chain: WithdrawalChain;
  client: PublicClient;
  /** The treasury's key, through the chain's port (transaction-sender.ts): it signs here, so what is sent is stored first. */
  sender: SigningSender;
  now?: () => Date;
}

export interface SenderReport {
  signed: number;
  broadcast: number;
  confirmed: number;
  failed: number;
}

/** Gas for an ERC-20 transfer, with room: USDT on Ethereum takes about 63,000 to a new holder. */
const transferGas = 100_000n;

export async function sendWithdrawals(deps: WithdrawalSenderDeps): Promise<SenderReport> {
  const report: SenderReport = { signed: 0, broadcast: 0, confirmed: 0, failed: 0 };
  await settleSent(deps, report);
  await signAsked(deps, report);
  return report;
}

async function settleSent(deps: WithdrawalSenderDeps, report: SenderReport): Promise<void> {
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
  const minedNonce = BigInt(await client.getTransactionCount({ address: from, blockTag: "latest" }));
  for (const withdrawal of sent) {
    const transactions = await db
      .selectFrom("withdrawal_transactions")
      .select(["tx_hash", "raw_tx"])
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
      if (head - receipt.blockNumber + 1n < BigInt(chain.confirmations)) break;
      if (receipt.status === "success") {
        await db.transaction().execute((trx) =>
          recordPaid(trx, withdrawal.id, {
            txHash: tx.tx_hash,
            blockNumber: receipt.blockNumber,
            gasFee: receipt.gasUsed * receipt.effectiveGasPrice,
            at: now(),
          }),
        );
        report.confirmed++;
      } else {
        await db.transaction().execute((trx) => releaseWithdrawal(trx, withdrawal.id, "reverted on chain", now()));
        report.failed++;
      }
      break;
    }
    if (settled) continue;
    if (BigInt(withdrawal.nonce!) < minedNonce) {
      // Its nonce was used, by none of its transactions: it can never be mined.
      await db
        .transaction()
        .execute((trx) => releaseWithdrawal(trx, withdrawal.id, "its nonce was used by another transaction", now()));
      report.failed++;
      continue;
    }
    const latest = transactions.at(-1);
    if (latest && (await broadcastOnce(deps, withdrawal.id, latest.raw_tx as Hex, now()))) report.broadcast++;
  }
}

/** Paid: the withdrawal confirmed, its held money out of the books — the amount from the treasury, the fee to revenue. */
async function recordPaid(
  trx: Kysely<DB>,
  withdrawalId: string,
  paid: { txHash: string; blockNumber: bigint; gasFee: bigint; at: Date },
): Promise<void> {
  const withdrawal = await trx
    .selectFrom("withdrawals")
    .selectAll()
    .where("id", "=", withdrawalId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (withdrawal.status === "confirmed" || withdrawal.status === "failed") return;
  const held = await accountId(trx, { kind: "withdrawal", withdrawalId });
  const treasury = await treasuryAccount(trx, withdrawal.chain_id, withdrawal.token);
  await post(trx, { kind: "withdrawalSent", withdrawalId, at: paid.at }, [
    [held, -(await accountBalance(trx, held))],
    [treasury, toAtto(withdrawal.amount)],
    [await accountId(trx, { kind: "revenue" }), toAtto(withdrawal.fee)],
  ]);
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
}

/** The treasury account of the chain and token (its decimals from the receipts account sweeps came from). */
async function treasuryAccount(trx: Kysely<DB>, chainId: number, token: string): Promise<string> {
  const row = await trx
    .selectFrom("ledger_accounts")
    .select("id")
    .where("kind", "=", "treasury")
    .where("chain_id", "=", String(chainId))
    .where(sql<boolean>`lower(token) = lower(${token})`)
    .executeTakeFirst();
  if (!row)
    throw new Error(`no treasury account for chain ${chainId} and token ${token}: nothing was ever swept there`);
  return row.id;
}

/** Broadcasts stored bytes; answers whether the node took them (a failure is tried again by the next run). */
async function broadcastOnce(deps: WithdrawalSenderDeps, withdrawalId: string, raw: Hex, at: Date): Promise<boolean> {
  try {
    await deps.sender.broadcast(raw);
  } catch {
    return false;
  }
  await deps.db
    .updateTable("withdrawal_transactions")
    .set({ broadcast_at: at })
    .where("tx_hash", "=", keccak256(raw))
    .where("broadcast_at", "is", null)
    .execute();
  await deps.db
    .updateTable("withdrawals")
    .set({ status: "broadcast", updated_at: at })
    .where("id", "=", withdrawalId)
    .where("status", "=", "signed")
    .execute();
  return true;
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
      // The treasury's books, locked, less what is on its way: a withdrawal they do not cover waits.
      const treasury = await treasuryAccount(trx, chain.chainId, withdrawal.token).catch(() => null);
      if (!treasury) return null;
      await trx.selectFrom("ledger_accounts").select("id").where("id", "=", treasury).forUpdate().execute();
      const onItsWay = await trx
        .selectFrom("withdrawals")
        .select(sql<string | null>`sum(amount)::text`.as("total"))
        .where("chain_id", "=", chain.chainId)
        .where("token", "=", withdrawal.token)
        .where("status", "in", ["signed", "broadcast"])
        .executeTakeFirst();
      const covered = -(await accountBalance(trx, treasury)) - toAtto(onItsWay?.total ?? "0");
      if (covered < toAtto(withdrawal.amount)) return null;
      const nonce = await takeNonce(trx, chain.chainId, sender.from, firstNonce);
      const { raw, hash } = await sender.sign({
        to: getAddress(withdrawal.token),
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [getAddress(withdrawal.to_address), attoToUnits(toAtto(withdrawal.amount), token.decimals)],
        }),
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
          signed_at: at,
        })
        .execute();
      await trx
        .updateTable("withdrawals")
        .set({ status: "signed", from_address: sender.from, nonce: nonce.toString(), updated_at: at })
        .where("id", "=", id)
        .execute();
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
async function takeNonce(trx: Kysely<DB>, chainId: number, address: string, chainNonce: bigint): Promise<bigint> {
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
