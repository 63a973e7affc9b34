import { chainNode } from "../server/chain/chain-node.ts";
import { collectOnce } from "../server/domain/collection/collection-jobs.ts";
import { reconcileCollection } from "../server/domain/collection/collection-reconcile.ts";
import { checkGasHolders } from "../server/domain/collection/gas-holders.ts";
import { nodeGasPayer } from "../server/domain/collection/gas-payer.ts";
import { type ChaosWorld, chaosChainId, chaosConfirmations } from "./world.ts";

const decimals = 6;

/**
 * The collection chain as the harness collects it: straight to anvil (the servers' RPC proxy is theirs to suffer), each
 * send answered once mined.
 */
const collectionChain = (world: ChaosWorld) => ({
  chainId: chaosChainId,
  confirmations: chaosConfirmations,
  tokens: [{ address: world.chain.token, decimals }],
  depositFactory: world.depositFactory,
  node: chainNode(world.senders),
});

/**
 * A collection run after every step, the harness acting as one more instance: sweeps sent, recorded once
 * confirmed, removed by the reorganisations and sent again; the invariants then check the bills against the sweeps.
 */
export async function collect(world: ChaosWorld, notes: string[], step: number): Promise<void> {
  const [report] = await collectOnce({
    db: world.db,
    chains: [collectionChain(world)],
    gasPayer: nodeGasPayer(world.chain.dev),
    threshold: "0",
  });
  const { chainId: _, busy: __, ...counts } = report!;
  const moved = Object.entries(counts).filter(([, n]) => n > 0);
  if (moved.length > 0) notes.push(`${step}. collection: ${moved.map(([k, n]) => `${k} ${n}`).join(", ")}`);
}

/**
 * The treasury plus the deposit addresses, on chain, hold exactly the deposits the watcher saw there; and the treasury
 * holds what its ledger account says, sweeps on their way aside.
 */
export async function collectionReconciles(world: ChaosWorld): Promise<string[]> {
  const rows = await reconcileCollection(world.db, [collectionChain(world)]);
  return rows
    .filter((r) => !r.ok)
    .map(
      (r) =>
        `collection: treasury ${r.treasuryBalance} + uncollected ${r.uncollected} on chain, deposits credited ${r.credited} + not credited ${r.notCredited}; treasury booked ${r.treasuryBooked} + in transit ${r.treasuryInTransit} (difference ${r.treasuryDifference})`,
    );
}

/**
 * The native coin of the gas payer and the treasury on chain against their books (migration 0037), once the run is
 * quiet: every sweep's and withdrawal's gas booked once, a removed sweep's given back, nothing else spent.
 */
export async function gasReconciles(world: ChaosWorld): Promise<string[]> {
  const chain = collectionChain(world);
  const holders = [world.chain.dev, world.treasury.address];
  const checks = await checkGasHolders(world.db, chain.node.gas, chain.chainId, holders, {
    fund: false,
    at: new Date(),
  });
  return checks
    .filter((c) => !c.ok)
    .map(
      (c) =>
        `gas: ${c.holder} holds ${c.onChain} on chain, booked ${c.booked} less ${c.inFlight} in flight (difference ${c.difference})`,
    );
}
