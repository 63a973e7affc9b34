import { type Address, type PublicClient, parseEventLogs } from "viem";
import { receiptOf } from "./outgoing-reads.ts";
import { erc20Abi } from "./token-abi.ts";

/** A token transfer a transaction made: the token contract, the receiver and the amount in base units. */
export interface MinedTransfer {
  token: Address;
  to: Address;
  value: bigint;
}

/** A transaction's receipt as the node answers it now (its block may be of a lost fork). */
export interface MinedReceipt {
  succeeded: boolean;
  blockNumber: bigint;
  transfers: MinedTransfer[];
}

/** What the reconciles read of the platform's own transactions (sweeps, withdrawals) to see them on their way. */
export interface ReceiptReader {
  /** Null when the node has no receipt (not mined, or unknown). */
  receiptOf(hash: string): Promise<MinedReceipt | null>;
}

export function receiptReader(client: PublicClient): ReceiptReader {
  return {
    async receiptOf(hash) {
      const receipt = await receiptOf(client, hash);
      if (!receipt) return null;
      const transfers = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs, strict: true });
      return {
        succeeded: receipt.status === "success",
        blockNumber: receipt.blockNumber,
        transfers: transfers.map((log) => ({ token: log.address, to: log.args.to, value: log.args.value })),
      };
    },
  };
}
