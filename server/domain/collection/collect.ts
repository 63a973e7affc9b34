import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type Address, getAddress, type Hex } from "viem";
import { sweepData } from "../../chain/call-data.ts";
import type { ChainNode } from "../../chain/chain-node.ts";
import type { RecordedListener, RecordedOutgoing } from "../../chain/outgoing-recorded.ts";
import { recordedUnsent } from "../../chain/outgoing-recorded-store.ts";
import { sweptAmount } from "../../chain/sweep-events.ts";
import type { DB } from "../../db/schema.ts";
import { attoToUnits } from "../../../contracts/money.ts";
import { releaseCollectionLease, takeCollectionLease } from "./collection-lease.ts";
import { thresholdUnits } from "./collection-settings.ts";
import { type DueAddress, dueAddresses, sweepHashes, uncollectedSince } from "./collection-queries.ts";
import {
  failSent,
  recordConfirmed,
  recordFailed,
  recordRemoved,
  recordSent,
  type SentSweep,
} from "./collection-store.ts";
import type { GasPayer } from "./gas-payer.ts";
import { checkGasHolders } from "./gas-holders.ts";

/**
 * Collection of one chain's deposit addresses into the treasury. A run, under the chain's collection lease
 * (one instance, so one nonce sequence for the gas payer across instances):
 *  1. settles the sweeps it sent before: mined with the chain's confirmations → recorded on the bills; reverted →
 *     failed; gone from the node (a reorganisation, or dropped) → removed, the bills' collection fields cleared;
 *  2. re-checks recently confirmed sweeps (a reorganisation deeper than the confirmations): gone from the chain, one
 *     is removed the same way; mined again in another block, it is recorded there once that block has them;
 *  3. sends the factory's `sweep` for every address whose credited, uncollected deposits pass the threshold and are
 *     exactly its balance on chain (anything else there — quarantined, not yet seen — holds it back: `held`). The factory deploys the forwarder when the address has no code yet, then moves its whole
 *     balance to the treasury fixed in the factory. The sweeps of a run are sent back to back with consecutive nonces
 *     (a batch: one block can hold them all) and settled by the next run.
 * Sending, receipts and reorganisations are the gas payer's recorded outgoing transactions' (server/chain/
 * outgoing-recorded.ts), which keep what was sent and what became of it; a sweep answers them (sweepListener).
 *
 * In the ledger a confirmed sweep moves its credited deposits' value from the chain's receipts account to its treasury
 * account (collection-store.ts, sweep-books.ts, migration 0027), and back when it is removed; no merchant's balance
 * moves.
 */
export interface CollectionChain {
  chainId: number;
  confirmations: number;
  tokens: readonly { address: Address; decimals: number }[];
  /** The factory deposit addresses of this chain were computed under; its `treasury()` is the delivery address. */
  depositFactory: Address;
}

export interface CollectChainDeps {
  db: Kysely<DB>;
  chain: CollectionChain;
  /** The chain's node: its reads, and the gas payer's outgoing transactions (server/chain/chain-node.ts). */
  node: ChainNode;
  gasPayer: GasPayer;
  /** COLLECTION_THRESHOLD as text (collection-settings.ts). */
  threshold: string;
  /** This instance's name in the lease. */
  holder?: string;
  leaseMs?: number;
  /** How far back confirmed sweeps are re-checked; default 4 × the confirmations, at least 64 blocks. */
  recheckBlocks?: bigint;
  now?: () => Date;
}

export interface CollectReport {
  chainId: number;
  /** Another instance holds the chain's collection lease: nothing was done. */
  busy: boolean;
  sent: number;
  confirmed: number;
  removed: number;
  /** Confirmed sweeps a reorganisation moved to another block, recorded there once it has the confirmations. */
  reorganised: number;
  failed: number;
  /** Sweeps found on chain that no row recorded (sent, then a crash before the record): recorded now. */
  adopted: number;
  /** Addresses past the threshold whose balance on chain is not what the books say is there to collect: not swept. */
  held: number;
}

type SweepKeys = Omit<SentSweep, "txHash" | "deployed">;

const instanceHolder = `collector-${randomUUID()}`;
const holder = (deps: CollectChainDeps) => deps.holder ?? instanceHolder;
/**
 * The watcher's lease time: an instance killed mid-run (never releasing) holds collection back no longer. A run renews
 * it before each sweep it settles or sends, so a long run keeps it.
 */
export const collectionLeaseMs = 15_000;
const leaseMs = (deps: CollectChainDeps) => deps.leaseMs ?? collectionLeaseMs;
const renewLease = (deps: CollectChainDeps) =>
  takeCollectionLease(deps.db, deps.chain.chainId, holder(deps), leaseMs(deps));

export async function collectChain(deps: CollectChainDeps): Promise<CollectReport> {
  const { db, chain } = deps;
  const report: CollectReport = {
    chainId: chain.chainId,
    busy: false,
    sent: 0,
    confirmed: 0,
    removed: 0,
    reorganised: 0,
    failed: 0,
    adopted: 0,
    held: 0,
  };
  if (!(await renewLease(deps))) return { ...report, busy: true };
  try {
    const treasury = await deps.node.reader.treasuryOf(chain.depositFactory);
    const outgoing = deps.node.recorded({
      account: deps.gasPayer.account,
      chain,
      subjectKind: "sweep",
      recheckBlocks: deps.recheckBlocks,
      now: deps.now,
    });
    if (!(await settle(deps, outgoing, report))) return report;
    // The operator's coin at the gas payer and the treasury (which pays withdrawals' gas) that the books do not have
    // yet — an opening balance, a top-up — booked as funding, once their transactions' gas is (gas-holders.ts).
    const holders = [deps.gasPayer.account.address, treasury];
    await checkGasHolders(db, deps.node.gas, chain.chainId, holders, {
      fund: true,
      at: deps.now?.() ?? new Date(),
    });
    await sendDue(deps, outgoing, treasury, report);
    return report;
  } finally {
    await releaseCollectionLease(db, chain.chainId, holder(deps));
  }
}

/** False when the run lost its lease on the way (it outlasted it): the instance holding it now carries on. */
async function settle(deps: CollectChainDeps, outgoing: RecordedOutgoing, report: CollectReport): Promise<boolean> {
  const followed = await outgoing.follow(deps.db, sweepListener(deps), () => renewLease(deps));
  if (!followed) return false;
  report.confirmed += followed.confirmed;
  report.reorganised += followed.reorganised;
  report.failed += followed.failed;
  report.removed += followed.removed;
  return true;
}

/** A sweep's row and bills as its transaction goes (collection-store.ts). */
function sweepListener(deps: CollectChainDeps): RecordedListener {
  return {
    removed: (trx, collectionId, at) => recordRemoved(trx, collectionId, at),
    reverted: (trx, collectionId, { blockNumber, gasFee, at }) =>
      failSent(trx, collectionId, `the sweep reverted in block ${blockNumber}`, at, gasFee),
    async mined(trx, collectionId, receipt) {
      const sweep = await trx
        .selectFrom("collections")
        .select("token")
        .where("id", "=", collectionId)
        .executeTakeFirst();
      const token = sweep?.token ?? "";
      const decimals = deps.chain.tokens.find((t) => t.address.toLowerCase() === token.toLowerCase())?.decimals ?? 6;
      await recordConfirmed(trx, {
        collectionId,
        amount: sweptAmount(receipt.logs),
        decimals,
        gasFee: receipt.gasFee,
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash,
        logIndex: receipt.logs[0]?.logIndex ?? 0,
        at: receipt.at,
      });
    },
  };
}

async function sendDue(
  deps: CollectChainDeps,
  outgoing: RecordedOutgoing,
  treasury: Address,
  report: CollectReport,
): Promise<void> {
  const { chain, node, gasPayer } = deps;
  const now = deps.now ?? (() => new Date());
  for (const token of chain.tokens) {
    const threshold = thresholdUnits(deps.threshold, token.decimals);
    for (const due of await dueAddresses(deps.db, chain.chainId, token.address)) {
      if (getAddress(due.factory) !== chain.depositFactory) continue;
      const address = getAddress(due.address);
      const onChain = await node.reader.tokenBalance(token.address, address);
      const credited = attoToUnits(due.uncollected, token.decimals);
      if (credited <= threshold) continue;
      const keys = {
        chainId: chain.chainId,
        token: token.address,
        depositAddressId: due.depositAddressId,
        deliveryAddress: treasury,
        gasPayer: gasPayer.account.address,
        at: now(),
      };
      // Less on chain than the books say: a sweep sent but never recorded (a crash between the two) took it. Found by
      // its Swept event, it is recorded now and settled like any other.
      if (onChain < credited && (await adoptUnrecorded(deps, due, token.address, keys))) {
        report.adopted++;
        continue;
      }
      // The factory sweeps the whole balance: only when it is exactly what the books credited and not yet collected.
      // More (a quarantined transfer, one the watcher has not seen yet) or less holds the address back, counted.
      if (onChain !== credited) {
        report.held++;
        continue;
      }
      // The lease renewed before each send: a run that outlasted it stops, and the instance holding it now carries on.
      if (!(await renewLease(deps))) return;
      let collectionId: string | undefined;
      try {
        const deployed = !(await node.reader.hasCode(address));
        const data = sweepData(due.salt as Hex, token.address);
        // With a key here: signed, recorded, then sent, so a crash in between leaves a row whose transaction no node has
        // (removed and sent again by the next run), never a sweep on chain that no row knows of.
        await outgoing.send({ to: chain.depositFactory, data }, async (txHash) => {
          collectionId = await recordSent(deps.db, { ...keys, txHash, deployed });
        });
        report.sent++;
      } catch (error) {
        // Not sent (no gas, the node refused it, the factory would revert): the nonce is unused, asked again next time.
        const failed = collectionId;
        if (failed)
          await deps.db.transaction().execute(async (trx) => {
            await recordedUnsent(trx, "sweep", failed);
            await failSent(trx, failed, (error as Error).message, now());
          });
        else await recordFailed(deps.db, { ...keys, error: (error as Error).message });
        report.failed++;
      }
    }
  }
}

/** A Swept event of the address since its oldest uncollected deposit that no row records; recorded as sent. */
async function adoptUnrecorded(deps: CollectChainDeps, due: DueAddress, token: Address, keys: SweepKeys) {
  const since = await uncollectedSince(deps.db, due.depositAddressId);
  if (since === null) return false;
  const events = await deps.node.sweepEvents.sweptSince({
    factory: deps.chain.depositFactory,
    salt: due.salt as Hex,
    token,
    fromBlock: since,
  });
  const known = await sweepHashes(deps.db, due.depositAddressId);
  const orphan = events.find((e) => e.amount > 0n && !known.has(e.txHash));
  if (!orphan) return false;
  await recordSent(deps.db, { ...keys, txHash: orphan.txHash, deployed: false });
  return true;
}
