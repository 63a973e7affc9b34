import {
  type Account,
  type Address,
  type Hash,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  type WalletClient,
} from "viem";

/** A contract call to send: the contract, its encoded call data and the sender's nonce for it. */
export interface ContractCall {
  to: Address;
  data: Hex;
  nonce: number;
}

/**
 * How one account sends on a chain for the outgoing transactions recorded by hash (outgoing-recorded.ts: collection's
 * sweeps): a key this process holds, or an account the node holds and signs for.
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

/** A transaction signed here and not sent: its bytes and hash, to be stored before `broadcast` sends them. */
export interface SignedTransaction {
  raw: Hex;
  hash: Hash;
}

/** An EIP-1559 contract call with its gas and fees chosen by the caller, so the same bytes can be sent again. */
export interface PricedCall extends ContractCall {
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * The signer for transactions that must be stored before they leave and sent again as the same bytes after a crash
 * (outgoing.ts: the wallet's withdrawals): `sign` only signs, with a key this process holds; `broadcast` sends stored bytes, and takes a
 * node that has them already (or has mined them) as sent.
 */
export interface SigningSender {
  readonly from: Address;
  sign(call: PricedCall): Promise<SignedTransaction>;
  broadcast(raw: Hex): Promise<void>;
}

/** Bytes the node already has, or whose nonce it has seen used: sent before, not an error. */
const sentBefore = /already known|already imported|known transaction|nonce too low/i;

export function signingSender(client: PublicClient, account: LocalAccount, chainId: number): SigningSender {
  return {
    from: account.address,
    async sign({ to, data, nonce, gas, maxFeePerGas, maxPriorityFeePerGas }) {
      const raw = await account.signTransaction({
        chainId,
        type: "eip1559",
        to,
        data,
        nonce,
        gas,
        maxFeePerGas,
        maxPriorityFeePerGas,
        value: 0n,
      });
      return { raw, hash: keccak256(raw) };
    },
    async broadcast(raw) {
      try {
        await client.sendRawTransaction({ serializedTransaction: raw });
      } catch (error) {
        if (!sentBefore.test(error instanceof Error ? error.message : String(error))) throw error;
      }
    },
  };
}
