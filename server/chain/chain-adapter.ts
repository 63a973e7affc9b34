/**
 * What the watcher needs from a chain. The EVM adapter (evm-adapter.ts) implements it with viem; TRON will be a
 * second adapter later. Amounts are integer base units (bigint), never JavaScript numbers.
 */

export interface BlockRef {
  number: bigint;
  hash: string;
}

/** A block as the node has it, linked to the one before. */
export interface BlockHeader extends BlockRef {
  parentHash: string;
}

/** One ERC-20 (or TRC-20) `Transfer` log to one of our addresses. Addresses are checksummed. */
export interface TokenTransfer {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  /** The token contract that emitted the log. */
  token: string;
  from: string;
  to: string;
  /** Base units of the token (USDT: 6 decimals, so 1 USDT = 1_000_000n). */
  amount: bigint;
}

/** The addresses we receive on, lower-cased for matching. */
export type WatchedAddresses = ReadonlySet<string>;

export interface TransferQuery {
  fromBlock: bigint;
  toBlock: bigint;
  /** Token contracts whose logs count; a transfer of any other token is not ours. */
  tokens: readonly string[];
  watched: WatchedAddresses;
}

/** One block's transfers, asked for by its hash (`number` only says which backends may have it). */
export interface BlockTransferQuery {
  block: BlockRef;
  tokens: readonly string[];
  watched: WatchedAddresses;
}

export interface ChainAdapter {
  readonly chainId: number;
  /** The newest block the node knows. */
  head(): Promise<BlockRef>;
  /** Identifies the chain: another value means another chain behind the same id (a devnet started afresh). */
  genesisHash(): Promise<string>;
  /** The hash of the block at this height on the node's canonical chain, or null when there is none (yet). */
  blockHash(number: bigint): Promise<string | null>;
  /** The block at this height on the node's canonical chain, with its parent's hash, or null when there is none (yet). */
  header(number: bigint): Promise<BlockHeader | null>;
  /**
   * Transfers of `tokens` to `watched` addresses in [fromBlock, toBlock], ordered by block and log index. A node behind
   * `toBlock` may answer only up to its head, silently: the watcher asks this only of blocks well below the head.
   */
  transfers(query: TransferQuery): Promise<TokenTransfer[]>;
  /**
   * Transfers of `tokens` to `watched` addresses in the block with this hash (EIP-234: eth_getLogs by blockHash),
   * ordered by log index; each carries that hash. A node that does not have the block fails: never an empty answer.
   */
  blockTransfers(query: BlockTransferQuery): Promise<TokenTransfer[]>;
  /**
   * What each of `holders` held of `token` (base units) at the end of the block at this height, in their order. Asked
   * together, in one request where the node takes it; one answer the node could not give fails the whole question.
   */
  tokenBalances(token: string, holders: readonly string[], block: bigint): Promise<bigint[]>;
}
