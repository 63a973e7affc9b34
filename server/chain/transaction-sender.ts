import { type Account, type Address, type Hash, type Hex, keccak256, type PublicClient, type WalletClient } from "viem";

/** A contract call to send: the contract, its encoded call data and the sender's nonce for it. */
export interface ContractCall {
  to: Address;
  data: Hex;
  nonce: number;
}

/**
 * The port through which the domain sends transactions on a chain (collection's sweeps today, the wallet's
 * withdrawals next), for one account: a key this process holds, or an account the node holds and signs for.
 */
export interface TransactionSender {
  readonly from: Address;
  /** The account's next nonce, pending transactions counted. */
  nextNonce(): Promise<number>;
  /**
   * Sends `call` and answers its hash. `record` gets the hash before the transaction leaves when this process signs
   * (a crash in between leaves a record of a transaction no node has, never a transaction on chain no record knows
   * of), and as soon as the node has taken it when the node signs. A `record` that throws sends nothing.
   */
  send(call: ContractCall, record: (hash: Hash) => Promise<void>): Promise<Hash>;
}

/**
 * The sender of `account` on chain `chainId` over a node's clients (viem): signed here for a local account, by the node
 * otherwise.
 */
export function transactionSender(
  clients: { public: PublicClient; wallet: WalletClient },
  account: Account,
  chainId: number,
): TransactionSender {
  return {
    from: account.address,
    nextNonce: () => clients.public.getTransactionCount({ address: account.address, blockTag: "pending" }),
    async send({ to, data, nonce }, record) {
      if (account.type === "local") {
        const request = await clients.public.prepareTransactionRequest({ account, to, data, nonce, chain: null });
        const raw = await account.signTransaction({ ...request, chainId } as Parameters<
          typeof account.signTransaction
        >[0]);
        const hash = keccak256(raw);
        await record(hash);
        await clients.public.sendRawTransaction({ serializedTransaction: raw });
        return hash;
      }
      const hash = await clients.wallet.sendTransaction({ account, to, data, nonce, chain: null });
      await record(hash);
      return hash;
    },
  };
}
