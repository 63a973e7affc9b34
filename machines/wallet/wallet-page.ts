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

/**
 * My wallet: asked for when the page opens, again when it changes (its live stream, or a dialog that added
 * or removed a destination or asked a withdrawal) or on Refresh, with a retry when it could not be loaded. What is
 * shown stays while a reload runs; a change heard meanwhile is asked for once that answer has come, as the answer under
 * way may predate it.
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
          { target: "ready", actions: assign({ data: ({ event }) => event.output, failure: null }) },
        ],
        onError: {
          target: "failed",
          actions: assign({ failure: ({ event }) => toFailure(event.error), changedMeanwhile: false }),
        },
      },
      on: { "wallet.changed": { actions: assign({ changedMeanwhile: true }) } },
    },
    ready: { on: { "wallet.reload": "loading", "wallet.changed": "loading" } },
    failed: { on: { "wallet.retry": "loading" } },
  },
});
