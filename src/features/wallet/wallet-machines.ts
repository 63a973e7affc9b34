import { fromPromise } from "xstate";
import { addressAddMachine } from "../../../machines/wallet/address-add.ts";
import { addressRemoveMachine } from "../../../machines/wallet/address-remove.ts";
import { walletPageMachine } from "../../../machines/wallet/wallet-page.ts";
import { withdrawMachine } from "../../../machines/wallet/withdraw.ts";
import { withdrawalApproveMachine, withdrawalRejectMachine } from "../../../machines/wallet/withdrawal-decision.ts";
import { withdrawalListArea } from "../../../machines/wallet/withdrawal-list.ts";
import { provideListExport } from "../../app/list-export-service.ts";
import { provideList } from "../../app/list-service.ts";
import type { Uses } from "../../app/services.ts";

/** What the page does when a dialog changed the wallet: load it again, as the server has it now. */
export interface WalletPage {
  changed(): void;
}

/**
 * My wallet's figures and address book, and the payment address on the first watched chain (none where no chain is
 * watched: the page says so).
 */
export const provideWalletPage = ({ api }: Uses<never, "wallet" | "currencies">) =>
  walletPageMachine.provide({
    actors: {
      loadWallet: fromPromise(async () => {
        const [overview, book, chains] = await Promise.all([
          api.wallet.walletOverview(),
          api.wallet.addresses(),
          api.currencies.list(),
        ]);
        const first = chains[0];
        const payment = first
          ? await api.wallet.userWallet({ product: first.product, currency: first.token.symbol })
          : null;
        return { overview, book, payment };
      }),
    },
  });

export const provideAddressAdd = ({ api, notify, i18n }: Uses<"notify" | "i18n", "wallet">, page: WalletPage) =>
  addressAddMachine.provide({
    actors: { submit: fromPromise(({ input }) => api.wallet.addAddress(input)) },
    actions: {
      succeeded: () => {
        notify.success(i18n.t("wallet.addressAdded"));
        page.changed();
      },
    },
  });

export const provideAddressRemove = ({ api, notify, i18n }: Uses<"notify" | "i18n", "wallet">, page: WalletPage) =>
  addressRemoveMachine.provide({
    actors: { submit: fromPromise(({ input }) => api.wallet.removeAddress(input)) },
    actions: {
      succeeded: () => {
        notify.success(i18n.t("wallet.addressRemoved"));
        page.changed();
      },
    },
  });

export const provideWithdraw = ({ api, notify, i18n }: Uses<"notify" | "i18n", "wallet">, page: WalletPage) =>
  withdrawMachine.provide({
    actors: { submit: fromPromise(({ input }) => api.wallet.withdraw(input)) },
    actions: {
      succeeded: () => {
        notify.success(i18n.t("wallet.withdrawalAsked"));
        page.changed();
      },
    },
  });

export const provideWithdrawalApprove = ({ api, notify, i18n }: Uses<"notify" | "i18n", "wallet">, page: WalletPage) =>
  withdrawalApproveMachine.provide({
    actors: { submit: fromPromise(({ input }) => api.wallet.approveWithdrawal(input)) },
    actions: {
      succeeded: () => {
        notify.success(i18n.t("withdrawals.outcome.approved"));
        page.changed();
      },
    },
  });

export const provideWithdrawalReject = ({ api, notify, i18n }: Uses<"notify" | "i18n", "wallet">, page: WalletPage) =>
  withdrawalRejectMachine.provide({
    actors: { submit: fromPromise(({ input }) => api.wallet.rejectWithdrawal(input)) },
    actions: {
      succeeded: () => {
        notify.success(i18n.t("withdrawals.outcome.rejected"));
        page.changed();
      },
    },
  });

/** What the page does when its live stream hears money move: load its figures again. */
export interface WalletFigures {
  moved(): void;
}

/**
 * My wallet's withdrawals, on the one list machine, live: the transaction records' stream carries every movement of
 * the balance (a recharge credited, a withdrawal held or given back) and every step of every withdrawal (`withdrawalId`:
 * signed, sent, a confirmation more, paid, failed). Each is a change of the wallet's figures; a withdrawal's asks for the
 * withdrawals shown again, as they are now.
 */
export const provideWithdrawalList = ({ api }: Uses<never, "wallet" | "transactions">, figures: WalletFigures) => {
  // Once the stream broke, the list polls; the figures are asked for again at each poll, so they keep following.
  let streamBroke = false;
  return provideList(withdrawalListArea, {
    loadPage: async (request) => {
      const page = await api.wallet.withdrawals(request);
      if (streamBroke) figures.moved();
      return page;
    },
    watchRows: (send) =>
      api.transactions.watch(
        {},
        {
          onEvent: (record) => {
            figures.moved();
            if (record.withdrawalId !== null) send({ type: "list.reload", why: "withdrawal changed" });
          },
          onError: () => {
            streamBroke = true;
            figures.moved();
            send({ type: "feed.failed" });
          },
        },
      ),
  });
};

export const provideWithdrawalExport = ({ api, saveFile }: Uses<"saveFile", "wallet">) =>
  provideListExport(withdrawalListArea, api.wallet.exportWithdrawals, saveFile);
