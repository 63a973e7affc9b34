import type { Address, PublicClient } from "viem";
import { gasBurntBy } from "./outgoing-reads.ts";

/** What the gas reconcile reads of a chain: a holder's native coin and the gas its transactions burnt, at a block. */
export interface GasReader {
  /** The chain's head, read afresh. */
  head(): Promise<bigint>;
  /** The holder's native coin at the block, in wei. */
  balanceAt(holder: Address, blockNumber: bigint): Promise<bigint>;
  /** The gas (wei) the transaction burnt in a block at or below `atBlock`; 0 when it is not mined by then. */
  gasBurntBy(hash: string | null, atBlock: bigint): Promise<bigint>;
}

export function gasReader(client: PublicClient): GasReader {
  return {
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    balanceAt: (holder, blockNumber) => client.getBalance({ address: holder, blockNumber }),
    gasBurntBy: (hash, atBlock) => gasBurntBy(client, hash, atBlock),
  };
}
