import { BlockNotFoundError, createPublicClient, getAddress, http, type PublicClient } from "viem";
import type { BlockRef, ChainAdapter, TokenTransfer, TransferQuery } from "./chain-adapter.ts";
import { transferEvent } from "./token-abi.ts";

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
}

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

/** The EVM adapter on viem: heads and hashes by eth_getBlockByNumber, ERC-20 Transfer logs by eth_getLogs. */
export function createEvmAdapter(options: EvmAdapterOptions): ChainAdapter {
  const client: PublicClient = createPublicClient({
    transport: http(options.rpcUrl, { timeout: options.timeoutMs ?? 20_000, retryCount: 2 }),
  });
  const logsBlockRange = BigInt(options.logsBlockRange ?? 500);
  const topicFilterMax = options.topicFilterMax ?? 100;
  const { chainId } = options;

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
    async transfers({ fromBlock, toBlock, tokens, watched }: TransferQuery): Promise<TokenTransfer[]> {
      if (watched.size === 0 || tokens.length === 0 || toBlock < fromBlock) return [];
      const to = watched.size <= topicFilterMax ? [...watched].map((a) => getAddress(a)) : undefined;
      const logs = await client.getLogs({
        address: tokens.map((t) => getAddress(t)),
        event: transferEvent,
        args: to ? { to } : undefined,
        strict: true,
        fromBlock,
        toBlock,
        blockRange: logsBlockRange,
      });
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
    },
  };
}
