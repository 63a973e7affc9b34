import { Button, Dialog, DialogBody, DialogFooter, H3, HTMLTable } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ConsoleInvoice } from "../../../contracts/schemas/invoices.ts";
import type { InvoiceDetailView } from "../../../machines/invoices/invoice-list-selectors.ts";
import { CopyButton } from "../../app/copy-button.tsx";
import { routePaths } from "../../app/route-names.ts";
import { formatDateTime, formatUsdt } from "../../i18n/format.ts";
import { BreakableToken, BreakableValue } from "../../ui/breakable-value.tsx";
import { FactList } from "../../ui/fact-list.tsx";
import { ScrollRegion } from "../../ui/scroll-region.tsx";
import { CheckoutLink } from "./checkout-link.tsx";
import { InvoiceRefunds } from "./invoice-refunds.tsx";
import { InvoiceStatusTags } from "./invoice-text.tsx";
import { InvoiceTimeline } from "./invoice-timeline.tsx";
import { TransferHash } from "./transfer-hash.tsx";

interface InvoiceDetailDialogProps {
  view: InvoiceDetailView;
  onClose(): void;
  /** The invoice as the server has it now (after a refund). */
  onUpdated(invoice: ConsoleInvoice): void;
}

/** An invoice's every field, its payment link to hand the customer, its addresses and the transfers it counted. */
export function InvoiceDetailDialog({ view, onClose, onUpdated }: InvoiceDetailDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={view.open}
      onClose={onClose}
      title={t("invoices.details.title", { orderId: view.open ? view.invoice.orderId : "" })}
      className="invoice-detail-dialog"
    >
      <DialogBody>
        {view.open ? <InvoiceDetails invoice={view.invoice} /> : null}
        {view.open ? <InvoiceRefunds invoice={view.invoice} onUpdated={onUpdated} /> : null}
      </DialogBody>
      <DialogFooter actions={<Button text={t("invoices.details.close")} onClick={onClose} />}>
        {view.open ? (
          // The invoice's callbacks on Transaction callbacks, filtered to it; the dialog closes as the page changes.
          <Link
            to={`${routePaths.callback}?${new URLSearchParams({ invoiceId: view.invoice.invoiceId })}`}
            onClick={onClose}
            className="bp6-button bp6-minimal bp6-intent-primary"
            data-testid="invoice-callbacks-link"
          >
            <span className="bp6-button-text">{t("invoices.details.callbacks")}</span>
          </Link>
        ) : null}
      </DialogFooter>
    </Dialog>
  );
}

function InvoiceDetails({ invoice }: { invoice: ConsoleInvoice }) {
  const { t, i18n } = useTranslation();
  const label = (column: string) => t(`invoices.columns.${column}` as never);
  const copyable = (value: string, copyLabel: string): ReactNode => (
    <span className="list-code">
      <code>
        <BreakableToken text={value} />
      </code>
      <CopyButton value={value} label={copyLabel} />
    </span>
  );
  const optional = (value: string | null) => (value ? <BreakableValue text={value} /> : t("invoices.none"));
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t("invoices.none"));
  const metadata = Object.entries(invoice.metadata);
  const facts: Array<[string, ReactNode]> = [
    [label("invoiceId"), copyable(invoice.invoiceId, t("invoices.details.copyInvoiceId"))],
    // A payment link's order id is one long token ("link-" and 32 hex digits): it breaks between groups of eight.
    [label("orderId"), <BreakableToken key="order" text={invoice.orderId} />],
    [label("application"), `${invoice.appName} (${invoice.appCode})`],
    [label("status"), <InvoiceStatusTags key="status" status={invoice.status} flags={invoice.flags} />],
    [label("amount"), formatUsdt(invoice.amount, i18n.language)],
    [label("received"), formatUsdt(invoice.amountReceived, i18n.language)],
    [t("invoices.details.description"), optional(invoice.description)],
    [t("invoices.details.customerEmail"), optional(invoice.customerEmail)],
    [t("invoices.details.redirectUrl"), optional(invoice.redirectUrl)],
    [
      t("invoices.details.metadata"),
      metadata.length === 0
        ? t("invoices.none")
        : metadata.map(([key, value]) => (
            <span key={key} className="invoice-metadata">
              <code>{key}</code>: <BreakableValue text={value} />
            </span>
          )),
    ],
    [label("createdAt"), when(invoice.createdAt)],
    [t("invoices.details.expiresAt"), when(invoice.expiresAt)],
    [t("invoices.details.paidAt"), when(invoice.paidAt)],
  ];
  return (
    <>
      <section className="invoice-link" data-testid="invoice-link">
        <H3>{t("invoices.details.paymentLink")}</H3>
        <p>{t("invoices.details.paymentLinkHint")}</p>
        <CheckoutLink url={invoice.checkoutUrl} />
      </section>
      <FactList facts={facts} testId="invoice-facts" />
      <InvoiceAddresses invoice={invoice} />
      <InvoiceTransfers invoice={invoice} />
      <InvoiceTimeline invoice={invoice} />
    </>
  );
}

function InvoiceAddresses({ invoice }: { invoice: ConsoleInvoice }) {
  const { t } = useTranslation();
  return (
    <section data-testid="invoice-addresses">
      <H3>{t("invoices.details.addresses")}</H3>
      {invoice.addresses.length === 0 ? (
        <p>{t("invoices.none")}</p>
      ) : (
        <ul className="invoice-addresses">
          {invoice.addresses.map((a) => (
            <li key={a.chainId}>
              <span className="invoice-chain">{`${a.chain} (${a.chainId})`}</span>
              <span className="list-code">
                <code>
                  <BreakableToken text={a.address} />
                </code>
                <CopyButton value={a.address} label={t("invoices.details.copyAddress", { chain: a.chain })} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InvoiceTransfers({ invoice }: { invoice: ConsoleInvoice }) {
  const { t, i18n } = useTranslation();
  return (
    <section data-testid="invoice-transfers">
      <H3 id="invoice-transfers-title">{t("invoices.details.transfers")}</H3>
      {invoice.transfers.length === 0 ? (
        <p>{t("invoices.details.noTransfers")}</p>
      ) : (
        <ScrollRegion labelledBy="invoice-transfers-title">
          <HTMLTable compact className="invoice-transfers">
            <thead>
              <tr>
                <th scope="col">{t("invoices.details.transferChain")}</th>
                <th scope="col">{t("invoices.details.transferAmount")}</th>
                <th scope="col">{t("invoices.details.confirmations")}</th>
                <th scope="col">{t("invoices.details.transferState")}</th>
                <th scope="col">{t("invoices.details.transferHash")}</th>
              </tr>
            </thead>
            <tbody>
              {invoice.transfers.map((transfer, index) => (
                // A transfer has no id of its own on the wire; the life keeps them in the order they were seen.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows, in order.
                <tr key={index}>
                  <td data-label={t("invoices.details.transferChain")}>{transfer.chain}</td>
                  <td data-label={t("invoices.details.transferAmount")}>
                    {formatUsdt(transfer.amount, i18n.language)}
                  </td>
                  <td data-label={t("invoices.details.confirmations")}>
                    {t("invoices.details.confirmationsOf", {
                      confirmations: Math.min(transfer.confirmations, transfer.required),
                      required: transfer.required,
                    })}
                  </td>
                  <td data-label={t("invoices.details.transferState")}>
                    {transfer.removed
                      ? t("invoices.details.removed")
                      : transfer.late
                        ? t("invoices.details.late")
                        : t("invoices.details.counted")}
                  </td>
                  <td data-label={t("invoices.details.transferHash")}>
                    <TransferHash txHash={transfer.txHash} explorerUrl={transfer.explorerUrl} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </ScrollRegion>
      )}
    </section>
  );
}
