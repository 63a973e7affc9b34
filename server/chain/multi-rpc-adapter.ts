import type {
  BlockHeader,
  BlockRef,
  BlockTransferQuery,
  ChainAdapter,
  TokenTransfer,
  TransferQuery,
} from "./chain-adapter.ts";

/**
 * Several RPC backends of one chain as one adapter (CHAINS' `rpcUrls`): the head is the highest any backend answers,
 * and every other question goes to a backend that has reached the block it asks about, highest head first, the next
 * one when it fails. A backend behind (a load balancer's lagging node) is never the one that says a block is missing
 * while another has it; when none has it, the answer is "none yet", which the watcher waits on (never a fork).
 */
export function createMultiRpcAdapter(backends: readonly ChainAdapter[]): ChainAdapter {
  const [first] = backends;
  if (!first) throw new Error("a chain needs at least one RPC backend");
  if (backends.length === 1) return first;
  /** The head each backend last answered (-1 before it has, or after it failed). */
  const heads = backends.map(() => -1n);

  /** Backends that have reached `block`, highest head first; then the rest, in case a head moved on since. */
  const byReach = (block: bigint) =>
    backends
      .map((backend, i) => ({ backend, head: heads[i] ?? -1n }))
      .sort((a, b) => (a.head === b.head ? 0 : a.head > b.head ? -1 : 1))
      .filter(({ head }) => head >= block)
      .map(({ backend }) => backend);

  async function firstAnswer<T>(candidates: readonly ChainAdapter[], ask: (b: ChainAdapter) => Promise<T>): Promise<T> {
    let lastError: unknown = new Error("no RPC backend has reached that block yet");
    for (const backend of candidates) {
      try {
        return await ask(backend);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  return {
    chainId: first.chainId,
    async head(): Promise<BlockRef> {
      const answers = await Promise.allSettled(backends.map((b) => b.head()));
      let best: BlockRef | null = null;
      answers.forEach((answer, i) => {
        heads[i] = answer.status === "fulfilled" ? answer.value.number : -1n;
        if (answer.status === "fulfilled" && (!best || answer.value.number > best.number)) best = answer.value;
      });
      if (!best) throw (answers[0] as PromiseRejectedResult).reason;
      return best;
    },
    genesisHash: () => firstAnswer(backends, (b) => b.genesisHash()),
    async blockHash(number: bigint): Promise<string | null> {
      const candidates = byReach(number);
      if (candidates.length === 0) return null;
      for (const backend of candidates) {
        const hash = await backend.blockHash(number).catch(() => undefined);
        if (hash) return hash;
      }
      return null;
    },
    async header(number: bigint): Promise<BlockHeader | null> {
      for (const backend of byReach(number)) {
        const header = await backend.header(number).catch(() => null);
        if (header) return header;
      }
      return null;
    },
    transfers: (query: TransferQuery): Promise<TokenTransfer[]> =>
      firstAnswer(byReach(query.toBlock), (b) => b.transfers(query)),
    // A backend without the block fails (EIP-234), so the next one is asked: never an empty answer for a missing block.
    blockTransfers: (query: BlockTransferQuery): Promise<TokenTransfer[]> =>
      firstAnswer(byReach(query.block.number), (b) => b.blockTransfers(query)),
    tokenBalances: (token, holders, block) =>
      firstAnswer(byReach(block), (b) => b.tokenBalances(token, holders, block)),
  };
}
