import { type Hash, keccak256, type PublicClient } from "viem";
import type { Outgoing } from "./outgoing-port.ts";
import { recheckMined, settleOpen } from "./outgoing-settle.ts";
import { markBroadcast, type OutgoingSubjectKind, storeSigned, takeNonce } from "./outgoing-store.ts";
import type { SigningSender } from "./transaction-sender.ts";

/** The outgoing transactions of one account on one chain (outgoing-port.ts), over a node's client and a key held here. */
export interface OutgoingOptions {
  client: PublicClient;
  /** The account's key, held here: what it signs is stored before it is sent. */
  signer: SigningSender;
  chain: { chainId: number; confirmations: number };
  /** What its transactions pay: every subject the listener hears of is a row of this kind. */
  subjectKind: OutgoingSubjectKind;
  now?: () => Date;
}

export function outgoingTransactions(options: OutgoingOptions): Outgoing {
  const { client, signer, chain, subjectKind } = options;
  const now = options.now ?? (() => new Date());
  const outgoing: Outgoing = {
    from: signer.from,
    chainId: chain.chainId,
    async batch() {
      const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas();
      const chainNonce = BigInt(await client.getTransactionCount({ address: signer.from, blockTag: "pending" }));
      return {
        async sign(trx, subject, call) {
          const nonce = await takeNonce(trx, chain.chainId, signer.from, chainNonce);
          const { raw, hash } = await signer.sign({
            ...call,
            nonce: Number(nonce),
            maxFeePerGas,
            maxPriorityFeePerGas,
          });
          await storeSigned(trx, {
            kind: subjectKind,
            subject,
            chainId: chain.chainId,
            from: signer.from,
            nonce,
            raw,
            txHash: hash,
            maxFeePerGas,
            maxPriorityFeePerGas,
            at: now(),
          });
          return { raw, nonce };
        },
      };
    },
    async broadcast(db, subject, raw, listener) {
      try {
        await signer.broadcast(raw);
      } catch {
        return false;
      }
      const at = now();
      await markBroadcast(db, keccak256(raw) as Hash, at);
      await listener.broadcast(subject, at);
      return true;
    },
    settle: (db, listener, settleOptions) =>
      settleOpen({ db, client, signer, chain, subjectKind, now, outgoing }, listener, settleOptions?.replaceAfterMs),
    recheck: (db, listener) => recheckMined({ db, client, signer, chain, subjectKind, now, outgoing }, listener),
  };
  return outgoing;
}
