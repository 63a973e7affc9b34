import type { Kysely } from "kysely";
import type { ConfiguredChain } from "../chain/chain-layer.ts";
import { createChainProbe } from "../chain/chain-probe.ts";
import type { DB } from "../db/schema.ts";
import { chainChecks, createReadiness, databaseChecks, type Readiness, sharedFor } from "./readiness.ts";
import { createServerMetrics, type ServerMetrics } from "./server-metrics.ts";

/**
 * What an operator watches (server/main.ts): GET /readyz's checks — the database and its migrations, each chain's RPC
 * backends; the job queue is added once it runs — and the metrics. One probe of the nodes' heads a second serves both,
 * each backend with 2 s to answer.
 */
export function serverOperations(options: {
  db: Kysely<DB>;
  splitRoles: boolean;
  chains: readonly ConfiguredChain[];
  timeoutMs?: number;
}): { readiness: Readiness; metrics: ServerMetrics } {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const probe = createChainProbe(options.chains, timeoutMs);
  const chainHeads = sharedFor(1_000, async () => {
    const results = await probe.probe();
    metrics.chainProbed(results);
    return results;
  });
  const readiness = createReadiness(
    {
      ...databaseChecks(options.db, { splitRoles: options.splitRoles }),
      ...chainChecks(
        options.chains.map((c) => c.product),
        chainHeads,
      ),
    },
    { timeoutMs },
  );
  const metrics = createServerMetrics({ db: options.db, chains: options.chains, chainHeads, readiness });
  return { readiness, metrics };
}
