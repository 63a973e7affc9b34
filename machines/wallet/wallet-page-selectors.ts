import type { SnapshotFrom } from "xstate";
import type { WithdrawalAddress } from "../../contracts/schemas/wallet.ts";
import type { WalletData, walletPageMachine } from "./wallet-page.ts";

/** What the page shows: loading (the first time), could not be loaded, or the wallet (kept while it reloads). */
export type WalletPageView =
  | { kind: "loading" }
  | { kind: "failed" }
  | {
      kind: "ready";
      data: WalletData;
      reloading: boolean;
      /** Destinations whose cool-down is over: the withdrawal dialog offers these. */
      usable: WithdrawalAddress[];
      /** Withdrawals are offered here, and a destination can receive one. */
      canWithdraw: boolean;
    };

export function selectWalletPage(snapshot: SnapshotFrom<typeof walletPageMachine>): WalletPageView {
  if (snapshot.value === "failed") return { kind: "failed" };
  const { data } = snapshot.context;
  if (!data) return { kind: "loading" };
  const usable = data.book.items.filter((item) => item.usable);
  return {
    kind: "ready",
    data,
    reloading: snapshot.value === "loading",
    usable,
    canWithdraw: data.overview.withdrawalsOffered && usable.length > 0,
  };
}
