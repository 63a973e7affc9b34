// The collection side of `npm run chain`: `collect` (one run of server/domain/collection/) and the on-chain half of
// `reconcile` (treasury + uncollected deposit addresses against the deposits the watcher saw).
import { join } from "node:path";
import type { Kysely } from "kysely";
import { chainConfigFromEnv, defaultConfirmations } from "../server/chain/config.ts";
import { devnetChainId, readDevnetFacts } from "../server/chain/devnet.ts";
import type { DB } from "../server/db/schema.ts";
import { type CollectedChain, collectOnce } from "../server/domain/collection/collection-jobs.ts";
import { checkGasHolders } from "../server/domain/collection/gas-holders.ts";
import { reconcileCollection } from "../server/domain/collection/collection-reconcile.ts";
import { collectionThresholdFromEnv } from "../server/domain/collection/collection-settings.ts";
import {
  type CollectableChain,
  checkGasPayer,
  collectedChains,
  collectionGasPayer,
} from "../server/domain/collection/collection-setup.ts";
import { withChainNodes } from "../server/wiring/chain-nodes.ts";

/** A chain to collect as its settings name it: where its node is, which the wiring builds (server/wiring/chain-nodes.ts). */
type CollectionTarget = Omit<CollectableChain, "node"> & { rpcUrl: string };

/** CHAINS when set (as the server reads it), else the running devnet (DATA_DIR/devnet/devnet.json). */
function collectionTargets(env: NodeJS.ProcessEnv) {
  const devnet = readDevnetFacts(join(env.DATA_DIR || "./data", "devnet"));
  if (env.CHAINS?.trim()) return { chains: chainConfigFromEnv(env).chains as CollectionTarget[], devnet: null };
  if (!devnet?.depositFactory) return { chains: [], devnet };
  const chain: CollectionTarget = {
    chainId: devnet.chainId,
    rpcUrl: env.CHAIN_RPC_URL || devnet.rpcUrl,
    confirmations: Number(env.DEVNET_CONFIRMATIONS || defaultConfirmations[devnetChainId]),
    tokens: [{ address: devnet.token.address, decimals: devnet.token.decimals }],
    depositFactory: devnet.depositFactory,
  };
  return { chains: [chain], devnet };
}

/** `npm run chain -- collect`: settles earlier sweeps and sends the due ones, then lists the failed tries. */
export async function runCollect(db: Kysely<DB>, env: NodeJS.ProcessEnv, write: (text: string) => void) {
  const targets = collectionTargets(env);
  const chains = collectedChains(withChainNodes(targets.chains));
  if (chains.length === 0)
    throw new Error("no chain with a deposit factory: start the devnet (npm start) or set CHAINS");
  const gasPayer = collectionGasPayer(env, targets.devnet?.devAccount);
  if (!gasPayer) throw new Error("no gas payer: set GAS_PAYER_PRIVATE_KEY");
  await checkGasPayer(chains, gasPayer);
  const threshold = collectionThresholdFromEnv(
    env,
    chains.flatMap((c) => c.tokens.map((t) => t.decimals)),
  );
  for (const r of await collectOnce({ db, chains, gasPayer, threshold }))
    write(
      r.busy
        ? `chain ${r.chainId}: another instance is collecting\n`
        : `chain ${r.chainId}: sent ${r.sent}, confirmed ${r.confirmed}, removed ${r.removed}, reorganised ${r.reorganised}, failed ${r.failed}, adopted ${r.adopted}, held ${r.held} (threshold ${threshold})\n`,
    );
  const failed = await db
    .selectFrom("collections as c")
    .innerJoin("deposit_addresses as d", "d.id", "c.deposit_address_id")
    .select(["c.chain_id", "d.address", "c.error", "c.created_at"])
    .where("c.status", "=", "failed")
    .orderBy("c.id", "desc")
    .limit(20)
    .execute();
  for (const f of failed)
    write(`failed   chain ${f.chain_id} ${f.address} at ${f.created_at.toISOString()}: ${f.error}\n`);
}

/**
 * The on-chain half of reconcile; answers the number of differing rows (0 when no chain is reachable: the ledger half
 * still ran).
 */
export async function runCollectionReconcile(db: Kysely<DB>, env: NodeJS.ProcessEnv, write: (text: string) => void) {
  const targets = collectionTargets(env);
  const chains = collectedChains(withChainNodes(targets.chains));
  if (chains.length === 0) {
    write("collection: no chain with a deposit factory to read\n");
    return 0;
  }
  let rows: Awaited<ReturnType<typeof reconcileCollection>>;
  try {
    rows = await reconcileCollection(db, chains);
  } catch (error) {
    // Not checked is not clean: a node that cannot be read fails the reconcile.
    write(`collection: cannot read the chain: ${(error as Error).message.split("\n")[0]}\n`);
    return 1;
  }
  for (const r of rows)
    write(
      `collection chain ${r.chainId} ${r.token} at block ${r.block}: treasury ${r.treasuryBalance} + uncollected ${r.uncollected}` +
        ` = credited ${r.credited} + not credited ${r.notCredited}? difference ${r.difference}; treasury ${r.treasuryBalance}` +
        ` = booked ${r.treasuryBooked} + in transit ${r.treasuryInTransit}? difference ${r.treasuryDifference}` +
        ` ${r.ok ? "ok" : "DIFFERS"}\n` +
        r.holders
          .map(
            (h) =>
              `  ${h.kind} ${h.holder}: on chain ${h.onChain} = booked ${h.booked} + not booked ${h.notBooked}? difference ${h.difference} DIFFERS\n`,
          )
          .join(""),
    );
  let gasDiffering = 0;
  try {
    gasDiffering = await reconcileGasHolders(db, chains, env, targets.devnet?.devAccount, write);
  } catch (error) {
    write(`gas: cannot read the chain: ${(error as Error).message.split("\n")[0]}\n`);
    return 1;
  }
  return rows.filter((r) => !r.ok).length + gasDiffering;
}

/**
 * The native coin of the gas payer and the treasury on chain against their books (migration 0037): one line each,
 * DIFFERS when coin left without the books. The devnet's gas payer is also its dev wallet (Chain/DevPay, `chain pay`),
 * whose own payments burn its coin outside the platform: said, and not counted.
 */
async function reconcileGasHolders(
  db: Kysely<DB>,
  chains: readonly CollectedChain[],
  env: NodeJS.ProcessEnv,
  devWallet: string | undefined,
  write: (text: string) => void,
): Promise<number> {
  const gasPayer = collectionGasPayer(env, devWallet as `0x${string}` | undefined);
  let differing = 0;
  for (const chain of chains) {
    const treasury = await chain.node.reader.treasuryOf(chain.depositFactory);
    const holders = [...(gasPayer ? [gasPayer.account.address] : []), treasury];
    const checks = await checkGasHolders(db, chain.node.gas, chain.chainId, holders, {
      fund: false,
      at: new Date(),
    });
    for (const check of checks) {
      const devWalletToo = devWallet !== undefined && check.holder === devWallet.toLowerCase();
      const counted = !check.ok && !devWalletToo;
      if (counted) differing++;
      write(
        `gas chain ${chain.chainId} ${check.holder}: on chain ${check.onChain} = booked ${check.booked} − in flight ${check.inFlight}? difference ${check.difference}` +
          (check.ok
            ? " ok"
            : devWalletToo
              ? " (also the devnet's dev wallet: its own payments' gas is not the platform's)"
              : " DIFFERS") +
          "\n",
      );
    }
  }
  return differing;
}
