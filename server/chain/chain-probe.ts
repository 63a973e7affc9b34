import type { ChainAdapter } from "./chain-adapter.ts";
import type { ConfiguredChain } from "./chain-layer.ts";
import { createEvmAdapter } from "./evm-adapter.ts";

/** One chain's backends, each with the head it answered in time, or null when it failed or was late. */
export interface ChainProbeResult {
  product: string;
  chainId: number;
  heads: (bigint | null)[];
}

export interface ChainProbe {
  /** Asks every backend of every chain for its head, side by side, each within the timeout. */
  probe(): Promise<ChainProbeResult[]>;
}

/**
 * The nodes' heads for GET /readyz and the metrics: adapters of their own, one try each within the probe's timeout, so
 * a hung node costs a probe its timeout, not the watcher's longer, retried calls.
 */
export function createChainProbe(chains: readonly ConfiguredChain[], timeoutMs: number): ChainProbe {
  const clients = chains.map((chain) => ({
    chain,
    backends: [chain.rpcUrl, ...(chain.moreRpcUrls ?? [])].map((rpcUrl) =>
      createEvmAdapter({ chainId: chain.chainId, rpcUrl, timeoutMs, retryCount: 0 }),
    ),
  }));
  return {
    probe: () =>
      Promise.all(
        clients.map(async ({ chain, backends }) => ({
          product: chain.product,
          chainId: chain.chainId,
          heads: await Promise.all(
            backends.map((backend) => headWithin(backend, timeoutMs).catch((): bigint | null => null)),
          ),
        })),
      ),
  };
}

async function headWithin(backend: ChainAdapter, timeoutMs: number): Promise<bigint> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      backend.head().then((head) => head.number),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("late")), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
