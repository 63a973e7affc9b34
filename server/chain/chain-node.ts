import type { PublicClient, WalletClient } from "viem";
import { devClients } from "./deploy.ts";
import { type GasReader, gasReader } from "./gas-reader.ts";
import { outgoingTransactions } from "./outgoing.ts";
import type { Outgoing } from "./outgoing-port.ts";
import { type RecordedOutgoing, recordedOutgoing } from "./outgoing-recorded.ts";
import type { OutgoingSubjectKind } from "./outgoing-store.ts";
import { type ReceiptReader, receiptReader } from "./receipt-reader.ts";
import type { HeldKey, SigningAccount } from "./signing-key.ts";
import { type SweepEventsReader, sweepEventsReader } from "./sweep-events.ts";
import { signingSender, transactionSender } from "./transaction-sender.ts";
import { type TreasuryReader, treasuryReader } from "./treasury-reader.ts";

/** The chain's facts an outgoing component needs: its id and how many confirmations settle a transaction. */
export interface OutgoingChain {
  chainId: number;
  confirmations: number;
}

/**
 * One chain's node as the domain sees it: its reads, and the outgoing transactions of an account on it. The domain
 * holds this, never a node's client: which node, and how it is asked, is the chain layer's.
 */
export interface ChainNode {
  readonly reader: TreasuryReader;
  readonly sweepEvents: SweepEventsReader;
  readonly gas: GasReader;
  readonly receipts: ReceiptReader;
  /** The outgoing transactions of a key held here (the treasury's withdrawals): signed, stored, then sent. */
  outgoing(options: {
    key: HeldKey;
    chain: OutgoingChain;
    subjectKind: OutgoingSubjectKind;
    now?: () => Date;
  }): Outgoing;
  /** The outgoing transactions of an account recorded by hash (the gas payer's sweeps): the node may sign for it. */
  recorded(options: {
    account: SigningAccount;
    chain: OutgoingChain;
    subjectKind: OutgoingSubjectKind;
    recheckBlocks?: bigint;
    now?: () => Date;
  }): RecordedOutgoing;
}

/** A chain's node over viem's clients: the configured node's, or a test's and the chaos harness's own. */
export function chainNode(clients: { public: PublicClient; wallet: WalletClient }): ChainNode {
  const client = clients.public;
  return {
    reader: treasuryReader(client),
    sweepEvents: sweepEventsReader(client),
    gas: gasReader(client),
    receipts: receiptReader(client),
    outgoing: ({ key, chain, subjectKind, now }) =>
      outgoingTransactions({
        client,
        signer: signingSender(client, key, chain.chainId),
        chain,
        subjectKind,
        now,
      }),
    recorded: ({ account, chain, subjectKind, recheckBlocks, now }) =>
      recordedOutgoing({
        client,
        sender: transactionSender(clients, account, chain.chainId),
        chain,
        subjectKind,
        recheckBlocks,
        now,
      }),
  };
}

/** The node at a configured RPC URL (outbound connections are made in server/chain only). */
export const configuredNode = (rpcUrl: string): ChainNode => chainNode(devClients(rpcUrl));
