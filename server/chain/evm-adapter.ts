import {
  type Address,
  BlockNotFoundError,
  createPublicClient,
  getAddress,
  type GetLogsReturnType,
  type Hash,
  http,
  type PublicClient,
  zeroAddress,
} from "viem";
import type {
  BlockHeader,
  BlockRef,
  BlockTransferQuery,
  ChainAdapter,
  TokenTransfer,
  TransferQuery,
  WatchedAddresses,
} from "./chain-adapter.ts";
import { erc20Abi, transferEvent } from "./token-abi.ts";

export interface EvmAdapterOptions {
  chainId: number;
  rpcUrl: string;
  /** Most blocks in one eth_getLogs call; viem halves a range the node refuses (too many results). */
  logsBlockRange?: number;
  /**
   * Up to this many watched addresses are sent to the node as a topic filter (fewer logs over the wire); above it,
   * every Transfer of the token contracts is fetched and matched here, so a request never grows with the address book.
   */
  topicFilterMax?: number;
  timeoutMs?: number;
  /** Tries after a failed call (2); a probe that answers within its own timeout takes 0 (chain-probe.ts). */
  retryCount?: number;
}

type TransferLog = GetLogsReturnType<typeof transferEvent, [typeof transferEvent], true>[number];

/**
 * The genesis block's hash, read as block 1's parent: anvil, after loading a saved state, sometimes answers a freshly
 * made block 0 for eth_getBlockByNumber(0) while block 1 still names the original one. Block 0 while there is no block 1.
 */
export async function genesisHash(client: PublicClient): Promise<string> {
  try {
    return (await client.getBlock({ blockNumber: 1n })).parentHash;
  } catch (error) {
    if (!(error instanceof BlockNotFoundError)) throw error;
    return (await client.getBlock({ blockNumber: 0n })).hash;
  }
}

/**
 * The EVM adapter on viem: heads and hashes by eth_getBlockByNumber, ERC-20 Transfer logs by eth_getLogs over a range
 * or (EIP-234) for one block by its hash.
 */
export function createEvmAdapter(options: EvmAdapterOptions): ChainAdapter {
  const timeout = options.timeoutMs ?? 20_000;
  const client: PublicClient = createPublicClient({
    transport: http(options.rpcUrl, { timeout, retryCount: options.retryCount ?? 2 }),
  });
  /**
   * Calls made together go out as one JSON-RPC batch. Not retried: what a batch did not answer is asked again one by
   * one (a provider that refuses batches, or one failed answer).
   */
  const batched: PublicClient = createPublicClient({
    transport: http(options.rpcUrl, { timeout, retryCount: 0, batch: { batchSize: 1000 } }),
  });
  const logsBlockRange = BigInt(options.logsBlockRange ?? 500);
  const topicFilterMax = options.topicFilterMax ?? 100;
  const { chainId } = options;

  /** The token contracts, and the watched addresses as a topic filter when there are few enough of them. */
  const logFilter = (tokens: readonly string[], watched: WatchedAddresses) => {
    const to = watched.size > 0 && watched.size <= topicFilterMax ? [...watched].map((a) => getAddress(a)) : undefined;
    return { address: tokens.map((t) => getAddress(t)), event: transferEvent, args: to ? { to } : undefined };
  };

  function toTransfers(logs: readonly TransferLog[], watched: WatchedAddresses): TokenTransfer[] {
    const found: TokenTransfer[] = [];
    for (const log of logs) {
      if (log.removed || !watched.has(log.args.to.toLowerCase())) continue;
      found.push({
        chainId,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        token: getAddress(log.address),
        from: log.args.from,
        to: log.args.to,
        amount: log.args.value,
      });
    }
    return found.sort((a, b) =>
      a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
    );
  }

  return {
    chainId,
    async head(): Promise<BlockRef> {
      const block = await client.getBlock({ blockTag: "latest" });
      return { number: block.number, hash: block.hash };
    },
    genesisHash: () => genesisHash(client),
    async blockHash(number: bigint): Promise<string | null> {
      try {
        return (await client.getBlock({ blockNumber: number })).hash;
      } catch (error) {
        if (error instanceof BlockNotFoundError) return null;
        throw error;
      }
    },
    async header(number: bigint): Promise<BlockHeader | null> {
      try {
        const block = await client.getBlock({ blockNumber: number });
        return { number: block.number, hash: block.hash, parentHash: block.parentHash };
      } catch (error) {
        if (error instanceof BlockNotFoundError) return null;
        throw error;
      }
    },
    async transfers({ fromBlock, toBlock, tokens, watched }: TransferQuery): Promise<TokenTransfer[]> {
      if (watched.size === 0 || tokens.length === 0 || toBlock < fromBlock) return [];
      const logs = await client.getLogs({
        ...logFilter(tokens, watched),
        strict: true,
        fromBlock,
        toBlock,
        blockRange: logsBlockRange,
      });
      return toTransfers(logs, watched);
    },
    async blockTransfers({ block, tokens, watched }: BlockTransferQuery): Promise<TokenTransfer[]> {
      // Asked even with nothing to match: a node that does not have the block must say so.
      const logs = await client.getLogs({
        ...logFilter(tokens.length > 0 ? tokens : [zeroAddress], watched),
        strict: true,
        blockHash: block.hash as Hash,
      });
      if (logs.some((log) => log.blockHash !== block.hash || log.blockNumber !== block.number))
        throw new Error(`logs asked of block ${block.hash} came from another block`);
      return toTransfers(logs, watched);
    },
    async tokenBalances(token, holders, block): Promise<bigint[]> {
      // Lower case: checked all the same, without a checksum (JavaScript Keccak-256) for every new holder.
      const balanceOf = (on: PublicClient, holder: string) =>
        on.readContract({
          address: token.toLowerCase() as Address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [holder.toLowerCase() as Address],
          blockNumber: block,
        });
      const answers = await Promise.allSettled(holders.map((holder) => balanceOf(batched, holder)));
      // One after another, as before batches: a provider that refuses them may well limit a burst of single calls.
      const balances: bigint[] = [];
      for (const [i, answer] of answers.entries())
        balances.push(answer.status === "fulfilled" ? answer.value : await balanceOf(client, holders[i] as string));
      return balances;
    },
  };
}
