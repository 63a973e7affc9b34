import { assign, fromPromise, setup } from "xstate";
import type { UserWalletResult, WalletOverview, WithdrawalAddressList } from "../../contracts/schemas/wallet.ts";
import { type Failure, toFailure } from "../api-failure.ts";

/** What My wallet shows: its figures, the address book, and the payment address (null where no chain is watched). */
export interface WalletData {
  overview: WalletOverview;
  book: WithdrawalAddressList;
  payment: UserWalletResult | null;
}

export interface WalletPageContext {
  data: WalletData | null;
  failure: Failure | null;
  /** A change was heard while the wallet was being asked for: ask again once its answer has come. */
  changedMeanwhile: boolean;
}

export type WalletPageEvent =
  | { type: "wallet.retry" }
  /** Refresh on the balance. */
  | { type: "wallet.reload" }
  /** The wallet changed: its live stream heard money move (a recharge, a withdrawal's step), or a dialog changed it. */
  | { type: "wallet.changed" };

/** The longest delay setTimeout keeps (2^31−1 ms, about 24.8 days): a cool-down further off is waited for in steps. */
const longestDelayMs = 2 ** 31 - 1;
/**
 * How soon the wallet is asked again when a destination still waits though its time has passed by the merchant's
 * clock: the server's clock, which decides, is behind it. Not at once, or the page would ask without pause until then.
 */
export const destinationRecheckMs = 5_000;

/** The earliest time (ms since the epoch) a destination still in its cool-down becomes usable, or null when none waits. */
export function nextUsableAt(book: WithdrawalAddressList): number | null {
  const waiting = book.items.filter((item) => !item.usable).map((item) => Date.parse(item.usableAt));
  return waiting.length ? Math.min(...waiting) : null;
}

/** How long from `now` (ms) until the wallet is asked again, for a destination due `at`: within setTimeout's reach. */
export const untilUsable = (at: number, now: number): number =>
  Math.min(Math.max(at - now, destinationRecheckMs), longestDelayMs);

/**
 * My wallet: asked for when the page opens, again when it changes (its live stream, or a dialog that added
 * or removed a destination or asked a withdrawal) or on Refresh, with a retry when it could not be loaded. What is
 * shown stays while a reload runs; a change heard meanwhile is asked for once that answer has come, as the answer under
 * way may predate it. The server says which destinations are usable when asked: the wallet is asked again when the
 * earliest one still waiting is due, so Withdraw is offered without a reload.
 */
export const walletPageMachine = setup({
  types: {} as { context: WalletPageContext; events: WalletPageEvent },
  actors: {
    loadWallet: fromPromise<WalletData>(async () => {
      throw new Error("loadWallet is provided by the app");
    }),
  },
  guards: {
    changedMeanwhile: ({ context }) => context.changedMeanwhile,
  },
  delays: {
    destinationUsable: ({ context }) => {
      const at = context.data ? nextUsableAt(context.data.book) : null;
      return at === null ? longestDelayMs : untilUsable(at, Date.now());
    },
  },
}).createMachine({
  id: "walletPage",
  context: { data: null, failure: null, changedMeanwhile: false },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadWallet",
        src: "loadWallet",
        onDone: [
          {
            guard: "changedMeanwhile",
            target: "loading",
            reenter: true,
            actions: assign({ data: ({ event }) => event.output, failure: null, changedMeanwhile: false }),
          },
          {
            guard: ({ event }) => nextUsableAt(event.output.book) !== null,
            target: "ready.waiting",
            actions: assign({ data: ({ event }) => event.output, failure: null }),
          },
          { target: "ready.settled", actions: assign({ data: ({ event }) => event.output, failure: null }) },
        ],
        onError: {
          target: "failed",
          actions: assign({ failure: ({ event }) => toFailure(event.error), changedMeanwhile: false }),
        },
      },
      on: { "wallet.changed": { actions: assign({ changedMeanwhile: true }) } },
    },
    ready: {
      on: { "wallet.reload": "loading", "wallet.changed": "loading" },
      initial: "settled",
      states: {
        settled: {},
        /** A destination is still in its cool-down: asked again once the earliest one is due. */
        waiting: { after: { destinationUsable: "#walletPage.loading" } },
      },
    },
    failed: { on: { "wallet.retry": "loading" } },
  },
});
