import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { StoredTransfer } from "./store.ts";

/**
 * What the orders domain implements to hear about transfers to our addresses. Each call runs inside the watcher's
 * transaction (`trx`), after the transfer row is written and before the cursor's move commits: a credit written
 * with `trx` commits with the transfer, or neither does and the watcher tries again. So a listener must write only
 * with `trx` and must not swallow its own errors (a thrown error rolls the step back and it is retried), except that
 * a transfer it can never take is refused (`TransferRefused`) and quarantined, so it never holds up the others.
 */
export interface ChainListener {
  /** A transfer appeared in a block (confirmations 1, or more after a downtime), or came back after a reorganisation. */
  onTransferSeen?(trx: Kysely<DB>, transfer: StoredTransfer): Promise<void>;
  /** Its confirmations went up, still below the chain's requirement. */
  onConfirmations?(trx: Kysely<DB>, transfer: StoredTransfer): Promise<void>;
  /** It reached the chain's confirmations: called once, unless a reorganisation removes it and it comes back. */
  onTransferConfirmed?(trx: Kysely<DB>, transfer: StoredTransfer): Promise<void>;
  /** A reorganisation took its block away; it may come back in another block (onTransferSeen again). */
  onTransferRemoved?(trx: Kysely<DB>, transfer: StoredTransfer): Promise<void>;
}

export interface WatcherLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

export const silentLog: WatcherLog = { info() {}, warn() {}, error() {} };

/**
 * A transfer a listener can never take (an amount past any real one, data it cannot read): the watcher quarantines it
 * with this message and goes on. Any other error is taken as passing (a lost connection, a lock) and retried.
 */
export class TransferRefused extends Error {
  override name = "TransferRefused";
}

/**
 * Whether an error of a listener call is the transfer's own, for good: a refusal, or the database refusing its data
 * (SQLSTATE class 22, data exception: a numeric overflow, a value out of range; 23514, a check it breaks).
 */
export function isTransfersOwnFault(error: unknown): boolean {
  if (error instanceof TransferRefused) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("22") || code === "23514");
}

/**
 * One listener that runs each of `listeners` in turn for every call, in the watcher's one transaction (the orders' and
 * the application bills'): a failure of any rolls back all of them, so each hears a transfer once or not at all.
 */
export function combineListeners(...listeners: readonly ChainListener[]): ChainListener {
  const each =
    (hook: keyof ChainListener) =>
    async (trx: Kysely<DB>, transfer: StoredTransfer): Promise<void> => {
      for (const listener of listeners) await listener[hook]?.call(listener, trx, transfer);
    };
  return {
    onTransferSeen: each("onTransferSeen"),
    onConfirmations: each("onConfirmations"),
    onTransferConfirmed: each("onTransferConfirmed"),
    onTransferRemoved: each("onTransferRemoved"),
  };
}
