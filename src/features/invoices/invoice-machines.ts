import { fromPromise } from "xstate";
import { maxAppPageSize } from "../../../contracts/schemas/apps.ts";
import type { ConsoleInvoice } from "../../../contracts/schemas/invoices.ts";
import { invoiceListArea } from "../../../machines/invoices/invoice-list.ts";
import { invoiceRefundMachine } from "../../../machines/invoices/invoice-refund.ts";
import { paymentLinkMachine } from "../../../machines/invoices/payment-link.ts";
import { appOptionsOf } from "../../../machines/lists/app-choices.ts";
import { type WalletData, walletPageMachine } from "../../../machines/wallet/wallet-page.ts";
import { provideListExport } from "../../app/list-export-service.ts";
import { provideList } from "../../app/list-service.ts";
import type { Uses } from "../../app/services.ts";

/** Invoices' list with its effects bound to the API and the invoices' live stream. */
export const provideInvoiceList = ({ api }: Uses<never, "invoices" | "apps">) =>
  provideList(invoiceListArea, {
    // The filter's applications come with the first page; without them the filter takes a code.
    loadPage: async (request, withChoices) => {
      const [list, choices] = await Promise.all([
        api.invoices.list(request),
        withChoices ? api.apps.list({ pageSize: maxAppPageSize }).then(appOptionsOf, () => undefined) : undefined,
      ]);
      return choices ? { ...list, choices } : list;
    },
    watchRows: (send) =>
      api.invoices.watch(
        {},
        {
          onEvent: (invoice) => send({ type: "row.updated", row: invoice }),
          onError: () => send({ type: "feed.failed" }),
        },
      ),
  });

/** Invoices' CSV export: the file of the list's filters, its progress, then handed to the browser to save. */
export const provideInvoiceExport = ({ api, saveFile }: Uses<"saveFile", "invoices">) =>
  provideListExport(invoiceListArea, api.invoices.export, saveFile);

/** What the page does when a payment link was made: ask for the list again, the new invoice first. */
export interface InvoicesPage {
  linkMade(): void;
}

/** "Create a payment link": Invoice/Create, then the list asked for again. */
export const providePaymentLink = ({ api }: Uses<never, "invoices">, page: InvoicesPage) =>
  paymentLinkMachine.provide({
    actors: { submit: fromPromise(({ input }) => api.invoices.create(input)) },
    actions: { made: () => page.linkMade() },
  });

/** The invoice the details show, and what they do with it as the server has it once a refund was asked. */
export interface InvoiceRefunded {
  invoice: Pick<ConsoleInvoice, "invoiceId" | "appCode" | "orderId">;
  updated(invoice: ConsoleInvoice): void;
}

/**
 * "Refund" of an invoice's details: one call, a withdrawal linked to the invoice; then the invoice is asked for again
 * (by its application and order id, which name one), so its row and details show the refund.
 */
export const provideInvoiceRefund = (
  { api, notify, i18n }: Uses<"notify" | "i18n", "invoices">,
  page: InvoiceRefunded,
) =>
  invoiceRefundMachine.provide({
    actors: { submit: fromPromise(({ input }) => api.invoices.refund(input)) },
    actions: {
      succeeded: () => {
        notify.success(i18n.t("invoices.refund.asked"));
        const { invoiceId, appCode, orderId } = page.invoice;
        // The list keeps its rows when this fails: the refund is made, and the next page load shows it.
        api.invoices.list({ appCode, orderId, pageSize: 10 }).then(
          (found) => {
            const row = found.items.find((i) => i.invoiceId === invoiceId);
            if (row) page.updated(row);
          },
          () => {},
        );
      },
    },
  });

/**
 * What a refund's dialog needs of the wallet, as My wallet asks for it: whether two-factor is on (then the
 * authenticator's code is asked), each chain's withdrawal fee, the balance and the day's limit; and the address book
 * the destination must be in. No payment address: the dialog shows none.
 */
export const provideRefundWallet = ({ api }: Uses<never, "wallet">) =>
  walletPageMachine.provide({
    actors: {
      loadWallet: fromPromise(async (): Promise<WalletData> => {
        const [overview, book] = await Promise.all([api.wallet.walletOverview(), api.wallet.addresses()]);
        return { overview, book, payment: null };
      }),
    },
  });
