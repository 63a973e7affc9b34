import { type Address, type Hex, type Log, type PublicClient, parseEventLogs } from "viem";
import { forwarderFactoryAbi } from "./deposit-forwarder.ts";

/** A `Swept` event of the deposit factory: the transaction that carried it and what it moved, in base units. */
export interface SweptEvent {
  txHash: Hex;
  amount: bigint;
}

/** The deposit factory's sweeps as the chain has them (collection adopts one sent and never recorded). */
export interface SweepEventsReader {
  /** The factory's `Swept` events of a deposit address (its salt) and token, from `fromBlock` to the head. */
  sweptSince(query: { factory: Address; salt: Hex; token: Address; fromBlock: bigint }): Promise<SweptEvent[]>;
}

export function sweepEventsReader(client: PublicClient): SweepEventsReader {
  return {
    async sweptSince({ factory, salt, token, fromBlock }) {
      const events = await client.getContractEvents({
        address: factory,
        abi: forwarderFactoryAbi,
        eventName: "Swept",
        args: { salt, token },
        fromBlock,
        toBlock: "latest",
      });
      return events.map((e) => ({ txHash: e.transactionHash, amount: e.args.amount ?? 0n }));
    },
  };
}

/** What the `Swept` events among a mined transaction's logs moved, in base units. */
export const sweptAmount = (logs: readonly Log[]): bigint =>
  parseEventLogs({ abi: forwarderFactoryAbi, eventName: "Swept", logs: [...logs] }).reduce(
    (sum, log) => sum + log.args.amount,
    0n,
  );
