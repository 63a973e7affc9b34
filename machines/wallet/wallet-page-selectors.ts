import type { SnapshotFrom } from "xstate";
import type { WalletOverview, WithdrawalAddress } from "../../contracts/schemas/wallet.ts";
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
      /** Why Withdraw is disabled (an i18n key), or null when it is not. */
      withdrawHint: "wallet.notOffered" | "wallet.needDestination" | "wallet.destinationWaiting" | null;
    };

export function selectWalletPage(snapshot: SnapshotFrom<typeof walletPageMachine>): WalletPageView {
  if (snapshot.value === "failed") return { kind: "failed" };
  const { data } = snapshot.context;
  if (!data) return { kind: "loading" };
  const usable = data.book.items.filter((item) => item.usable);
  const { withdrawalsOffered } = data.overview;
  return {
    kind: "ready",
    data,
    reloading: snapshot.value === "loading",
    usable,
    canWithdraw: withdrawalsOffered && usable.length > 0,
    withdrawHint: !withdrawalsOffered
      ? "wallet.notOffered"
      : usable.length > 0
        ? null
        : data.book.items.length > 0
          ? "wallet.destinationWaiting"
          : "wallet.needDestination",
  };
}

/** The withdrawal dialog's destination (the one chosen, else the first usable) and the fee on its chain. */
export function withdrawalChoice(
  overview: WalletOverview,
  destinations: readonly WithdrawalAddress[],
  addressId: string,
): { destination: WithdrawalAddress | undefined; fee: string } {
  const destination = destinations.find((d) => d.id === addressId) ?? destinations[0];
  return { destination, fee: overview.chains.find((c) => c.chain === destination?.chain)?.fee ?? "0" };
}
