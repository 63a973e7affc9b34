import type { Hash, PublicClient, TransactionReceipt } from "viem";

/** What is asked of a node about a transaction sent from our accounts, a missing answer (not mined, not known) as null or false. */

/** The transaction's receipt as the node answers it (null when it has none): the block may be of a lost fork. */
export function receiptOf(client: PublicClient, hash: string): Promise<TransactionReceipt | null> {
  return client
    .getTransactionReceipt({ hash: hash as Hash })
    .catch((error: unknown) =>
      (error as Error).name === "TransactionReceiptNotFoundError" ? null : Promise.reject(error),
    );
}

/** The gas (wei) the transaction burnt in a block at or below `atBlock`; 0 when it is not mined by then. */
export async function gasBurntBy(client: PublicClient, hash: string | null, atBlock: bigint): Promise<bigint> {
  if (!hash) return 0n;
  const receipt = await receiptOf(client, hash);
  return receipt && receipt.blockNumber <= atBlock ? receipt.gasUsed * receipt.effectiveGasPrice : 0n;
}

/** The transaction's receipt when its block is on the node's chain now; null when not mined, or mined in a lost fork. */
export async function minedReceipt(client: PublicClient, hash: Hash): Promise<TransactionReceipt | null> {
  const receipt = await receiptOf(client, hash);
  if (!receipt) return null;
  return (await blockHashAt(client, receipt.blockNumber)) === receipt.blockHash ? receipt : null;
}

export async function pending(client: PublicClient, hash: Hash): Promise<boolean> {
  try {
    return Boolean(await client.getTransaction({ hash }));
  } catch (error) {
    if ((error as Error).name === "TransactionNotFoundError") return false;
    throw error;
  }
}

async function blockHashAt(client: PublicClient, number: bigint): Promise<string | null> {
  try {
    return (await client.getBlock({ blockNumber: number })).hash;
  } catch (error) {
    if ((error as Error).name === "BlockNotFoundError") return null;
    throw error;
  }
}
