import type { Hash, PublicClient, TransactionReceipt } from "viem";

/** What the outgoing transactions ask a node about one recorded by its hash, a missing answer (not mined, not known) as null or false. */

/** The transaction's receipt when its block is on the node's chain now; null when not mined, or mined in a lost fork. */
export async function minedReceipt(client: PublicClient, hash: Hash): Promise<TransactionReceipt | null> {
  let receipt: TransactionReceipt;
  try {
    receipt = await client.getTransactionReceipt({ hash });
  } catch (error) {
    if ((error as Error).name === "TransactionReceiptNotFoundError") return null;
    throw error;
  }
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
