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
}

export type WalletPageEvent = { type: "wallet.retry" } | { type: "wallet.reload" };

/**
 * My wallet (issue 41): asked for when the page opens, again after a dialog changed something (a destination added or
 * removed, a withdrawal asked) or on Refresh, with a retry when it could not be loaded. What is shown stays while a
 * reload runs.
 */
export const walletPageMachine = setup({
  types: {} as { context: WalletPageContext; events: WalletPageEvent },
  actors: {
    loadWallet: fromPromise<WalletData>(async () => {
      throw new Error("loadWallet is provided by the app");
    }),
  },
}).createMachine({
  id: "walletPage",
  context: { data: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadWallet",
        src: "loadWallet",
        onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    ready: { on: { "wallet.reload": "loading" } },
    failed: { on: { "wallet.retry": "loading" } },
  },
});
