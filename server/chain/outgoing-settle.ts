import type { Kysely } from "kysely";
import { type Hex, parseTransaction, type PublicClient } from "viem";
import type { DB } from "../db/schema.ts";
import {
  type Outgoing,
  type OutgoingListener,
  type RecheckReport,
  type SettleReport,
  settledRecheckBlocks,
} from "./outgoing-port.ts";
import { receiptOf } from "./outgoing-reads.ts";
import { openSigned, paidSigned, resettleSigned, type SignedScope, settleSigned } from "./outgoing-signed-store.ts";
import { type OutgoingSubjectKind, type StoredOutgoing, storeSigned, transactionsOf } from "./outgoing-store.ts";
import type { SigningSender } from "./transaction-sender.ts";

/** The outgoing component's reading of the chain for what it sent (outgoing.ts): settling and the reorganisation check. */

export interface SettleContext {
  db: Kysely<DB>;
  client: PublicClient;
  signer: SigningSender;
  chain: { chainId: number; confirmations: number };
  subjectKind: OutgoingSubjectKind;
  now: () => Date;
  outgoing: Outgoing;
}

/**
 * How many confirmations a transaction mined in `minedIn` has when the chain's head is `head`: the head read before the
 * receipt may be older than the block that mined it (another sender's transaction mines a block in between), and a
 * mined transaction has at least its own block.
 */
export const minedConfirmations = (head: bigint, minedIn: bigint): number =>
  minedIn > head ? 1 : Number(head - minedIn + 1n);

const scopeOf = (ctx: SettleContext): SignedScope => ({
  kind: ctx.subjectKind,
  chainId: ctx.chain.chainId,
  from: ctx.signer.from,
});

export async function settleOpen(
  ctx: SettleContext,
  listener: OutgoingListener,
  replaceAfterMs: number | undefined,
): Promise<SettleReport> {
  const { db, client, chain, now } = ctx;
  const report: SettleReport = { broadcast: 0, replaced: 0, confirmed: 0, failed: 0 };
  const open = await openSigned(db, scopeOf(ctx));
  if (open.length === 0) return report;
  /**
   * The subject settled in one transaction, by this run alone: locked first (as a replacement locks it before it
   * signs), its transactions' outcome recorded from the state read, then the subject told.
   */
  const settle = (subject: string, tell: (trx: Kysely<DB>) => Promise<boolean>) =>
    db.transaction().execute(async (trx) => (await listener.stillOpen(trx, subject)) && (await tell(trx)));
  const head = await client.getBlockNumber({ cacheTime: 0 });
  // Nonces used in blocks with the chain's confirmations: a subject's own transaction mined there has its receipt.
  const settledBlock = head - BigInt(chain.confirmations) + 1n;
  const minedNonce =
    settledBlock < 0n
      ? 0n
      : BigInt(await client.getTransactionCount({ address: ctx.signer.from, blockNumber: settledBlock }));
  for (const { subject, nonce } of open) {
    const transactions = await transactionsOf(db, ctx.subjectKind, subject);
    let settled = false;
    for (const tx of transactions) {
      const receipt = await receiptOf(client, tx.txHash);
      if (!receipt) continue;
      settled = true;
      const confirmations = minedConfirmations(head, receipt.blockNumber);
      if (confirmations < chain.confirmations) {
        await listener.counting(subject, { txHash: tx.txHash, blockNumber: receipt.blockNumber, confirmations });
        break;
      }
      const gasFee = receipt.gasUsed * receipt.effectiveGasPrice;
      if (receipt.status === "success") {
        // Counted only by the run that settled it (another instance may settle it at the same moment).
        const { blockNumber, blockHash } = receipt;
        const mined = { txHash: tx.txHash, blockNumber, gasFee, at: now() };
        const told = await settle(
          subject,
          async (trx) =>
            (await settleSigned(trx, ctx.subjectKind, subject, {
              id: tx.id,
              outcome: "mined",
              blockNumber,
              blockHash,
            })) && (await listener.mined(trx, subject, mined)),
        );
        if (told) report.confirmed++;
      } else {
        // Reverted, it was mined: its gas was burnt, and the subject is told with its failure.
        const failure = { why: "reverted on chain", gasFee, at: now() };
        const told = await settle(
          subject,
          async (trx) =>
            (await settleSigned(trx, ctx.subjectKind, subject, { id: tx.id, outcome: "reverted" })) &&
            (await listener.failed(trx, subject, failure)),
        );
        if (told) report.failed++;
      }
      break;
    }
    if (settled) continue;
    // None of its transactions is mined (any more: a reorganisation may have taken the one that was).
    await listener.counting(subject, null);
    if (nonce < minedNonce) {
      // Its nonce was used, by none of its transactions: it can never be mined.
      const failure = { why: "its nonce was used by another transaction", gasFee: null, at: now() };
      const told = await settle(
        subject,
        async (trx) =>
          (await settleSigned(trx, ctx.subjectKind, subject, null)) && (await listener.failed(trx, subject, failure)),
      );
      if (told) report.failed++;
      continue;
    }
    const latest = transactions.at(-1);
    if (!latest) continue;
    const stuck = replaceAfterMs !== undefined && now().getTime() - latest.signedAt.getTime() >= replaceAfterMs;
    const raw = stuck ? await signReplacement(ctx, subject, latest, listener) : (latest.raw as Hex);
    if (stuck && raw) report.replaced++;
    if (raw && (await ctx.outgoing.broadcast(db, subject, raw, listener))) report.broadcast++;
  }
  return report;
}

/**
 * The same call again with the same nonce and fees up by at least a tenth (what nodes ask of a replacement), or
 * today's when higher: stored before it is broadcast, like the first. Whichever of them is mined pays, once: they
 * share the nonce.
 */
async function signReplacement(
  ctx: SettleContext,
  subject: string,
  latest: StoredOutgoing,
  listener: OutgoingListener,
): Promise<Hex | null> {
  const fees = await ctx.client.estimateFeesPerGas();
  const bump = (old: bigint) => (old * 11n) / 10n + 1n;
  const max = (...values: bigint[]) => values.reduce((a, b) => (a > b ? a : b));
  const priority = max(fees.maxPriorityFeePerGas, bump(latest.maxPriorityFeePerGas));
  const maxFee = max(fees.maxFeePerGas, bump(latest.maxFeePerGas), priority);
  const first = parseTransaction(latest.raw as Hex);
  if (!first.to || first.nonce === undefined || first.gas === undefined) return null;
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await listener.stillOpen(trx, subject))) return null;
    const { raw, hash } = await ctx.signer.sign({
      to: first.to!,
      data: first.data ?? "0x",
      nonce: first.nonce!,
      gas: first.gas!,
      maxFeePerGas: maxFee,
      maxPriorityFeePerGas: priority,
    });
    await storeSigned(trx, {
      kind: ctx.subjectKind,
      subject,
      replaces: latest.id,
      chainId: ctx.chain.chainId,
      from: ctx.signer.from,
      nonce: BigInt(first.nonce!),
      raw,
      txHash: hash,
      maxFeePerGas: maxFee,
      maxPriorityFeePerGas: priority,
      at: ctx.now(),
    });
    return raw;
  });
}

export async function recheckMined(ctx: SettleContext, listener: OutgoingListener): Promise<RecheckReport> {
  const { db, client, chain, now } = ctx;
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const since = head - settledRecheckBlocks(chain.confirmations);
  const report: RecheckReport = { broadcast: 0, failed: 0 };
  for (const settled of await paidSigned(db, scopeOf(ctx), since < 0n ? 0n : since)) {
    const transactions = await transactionsOf(db, ctx.subjectKind, settled.subject);
    let mined = false;
    for (const tx of transactions) {
      const receipt = await receiptOf(client, tx.txHash);
      if (!receipt) continue;
      mined = true;
      const gasFee = receipt.gasUsed * receipt.effectiveGasPrice;
      if (receipt.status !== "success") {
        // Sent again after a reorganisation took it away, it reverted (the same one took what funded it): it never
        // paid, and fails as a first send that reverts does, once the revert has the chain's confirmations.
        if (minedConfirmations(head, receipt.blockNumber) < chain.confirmations) break;
        const failure = { why: "reverted on chain", gasFee, at: now() };
        const told = await db
          .transaction()
          .execute(
            async (trx) =>
              (await resettleSigned(trx, settled, { id: tx.id, outcome: "reverted" })) &&
              (await listener.failed(trx, settled.subject, failure)),
          );
        if (told) report.failed++;
      } else if (
        settled.outcome === "removed" ||
        tx.txHash !== settled.txHash ||
        receipt.blockNumber.toString() !== settled.blockNumber
      ) {
        // Mined again at that block's price: the gas the subject books follows.
        const { blockNumber, blockHash } = receipt;
        const moved = { txHash: tx.txHash, blockNumber, gasFee, at: now() };
        await db.transaction().execute(async (trx) => {
          if (await resettleSigned(trx, settled, { id: tx.id, outcome: "mined", blockNumber, blockHash }))
            await listener.moved(trx, settled.subject, moved);
        });
      }
      break;
    }
    if (mined) continue;
    if (settled.outcome === "mined") {
      const at = now();
      await db.transaction().execute(async (trx) => {
        if (await resettleSigned(trx, settled, { id: settled.id, outcome: "removed" }))
          await listener.removed(trx, settled.subject, at);
      });
    }
    // Its nonce is unused again and only its own transactions carry it: paid once more on chain, never twice. Sent
    // again by each run while it is on no block (a node may drop it).
    const paying = transactions.find((tx) => tx.txHash === settled.txHash) ?? transactions.at(-1);
    if (!paying) continue;
    try {
      await ctx.signer.broadcast(paying.raw as Hex);
      report.broadcast++;
    } catch {
      // The node refused it for now: the next run tries again.
    }
  }
  return report;
}
