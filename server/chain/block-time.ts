import { createPublicClient, http } from "viem";

/** How many recent blocks the seconds between blocks are averaged over, and how long a measure is kept. */
const sampleBlocks = 20n;
const keepMs = 60_000;

/**
 * The seconds between a chain's recent blocks, measured from its node: the newest block's timestamp against the one
 * `sampleBlocks` below it. Null when the node does not answer within `timeoutMs` or the chain has only its first block.
 */
export async function measureBlockSeconds(rpcUrl: string, timeoutMs = 2_000): Promise<number | null> {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }) });
  try {
    const head = await client.getBlock();
    const span = head.number < sampleBlocks ? head.number : sampleBlocks;
    if (span === 0n) return null;
    const earlier = await client.getBlock({ blockNumber: head.number - span });
    return Number(head.timestamp - earlier.timestamp) / Number(span);
  } catch {
    return null;
  }
}

/**
 * `measureBlockSeconds` per chain, each measure kept a minute (the Currency list asks on every load) and one measure
 * at a time per chain however many ask.
 */
export function blockClock(
  rpcUrlOf: (chainId: number) => string | undefined,
  measure: (rpcUrl: string) => Promise<number | null> = measureBlockSeconds,
  now: () => number = Date.now,
): (chainId: number) => Promise<number | null> {
  const kept = new Map<number, { at: number; seconds: Promise<number | null> }>();
  return (chainId) => {
    const rpcUrl = rpcUrlOf(chainId);
    if (!rpcUrl) return Promise.resolve(null);
    const last = kept.get(chainId);
    if (last && now() - last.at < keepMs) return last.seconds;
    const seconds = measure(rpcUrl);
    kept.set(chainId, { at: now(), seconds });
    return seconds;
  };
}
