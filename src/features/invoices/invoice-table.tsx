import { Button } from "@blueprintjs/core";
import { Shop } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { invoiceChainsText } from "../../../contracts/exports/invoices.ts";
import type { ConsoleInvoice } from "../../../contracts/schemas/invoices.ts";
import type { InvoiceTableView } from "../../../machines/invoices/invoice-list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { useListColumns } from "../../app/list-columns.ts";
import { routePaths } from "../../app/route-names.ts";
import { formatUsdt } from "../../i18n/format.ts";
import { BreakableValue } from "../../ui/breakable-value.tsx";
import { DateTimeParts } from "../../ui/date-time-parts.tsx";
import { ListGrid } from "../../ui/list-grid.tsx";
import { type ListColumn, ListTable } from "../../ui/list-table.tsx";
import { InvoiceStatusTags } from "./invoice-text.tsx";

interface InvoiceTableProps {
  view: InvoiceTableView;
  onRetry(): void;
  onDetails(invoiceId: string): void;
}

/** Invoices' rows: its order, application, amount and what arrived, its status with its flags, its chains and times. */
export function InvoiceTable({ view, onRetry, onDetails }: InvoiceTableProps) {
  const { t, i18n } = useTranslation();
  const nextStep = usePageAddition();
  const columnChoice = useListColumns("invoices");
  const when = (iso: string | null) =>
    iso ? <DateTimeParts iso={iso} language={i18n.language} /> : t("invoices.none");
  const columns: ListColumn<ConsoleInvoice>[] = [
    {
      key: "orderId",
      rowHeader: true,
      card: true,
      className: "list-wrap list-code",
      cell: (i) => <BreakableValue text={i.orderId} />,
      text: (i) => i.orderId,
    },
    {
      key: "application",
      className: "list-wrap",
      cell: (i) => (
        <>
          <span className="invoice-app-name">
            <BreakableValue text={i.appName} />
          </span>
          <span className="list-code invoice-muted">{i.appCode}</span>
        </>
      ),
      text: (i) => i.appName,
    },
    { key: "amount", card: true, cell: (i) => formatUsdt(i.amount, i18n.language) },
    { key: "received", cell: (i) => formatUsdt(i.amountReceived, i18n.language) },
    {
      key: "status",
      card: true,
      className: "list-wrap",
      cell: (i) => <InvoiceStatusTags status={i.status} flags={i.flags} />,
    },
    { key: "chains", className: "list-wrap", cell: invoiceChainsText },
    { key: "createdAt", card: true, className: "list-wrap", cell: (i) => when(i.createdAt) },
    { key: "expiresAt", className: "list-wrap", cell: (i) => when(i.expiresAt) },
    { key: "paidAt", className: "list-wrap", cell: (i) => when(i.paidAt) },
    { key: "invoiceId", optional: true, className: "list-code", cell: (i) => i.invoiceId },
  ];
  return (
    <ListTable
      area="invoices"
      rowName="invoice"
      chosen={columnChoice.chosen}
      onChoose={columnChoice.choose}
      view={view}
      columns={columns}
      rowKey={(i) => i.invoiceId}
      grid={{ body: ListGrid, rowHeight: 56 }}
      operations={(i) => (
        <Button
          size="small"
          variant="minimal"
          intent="primary"
          text={t("invoices.actions.details")}
          onClick={() => onDetails(i.invoiceId)}
        />
      )}
      emptyHint={{
        icon: <Shop size={48} />,
        text: t("invoices.emptyHint"),
        action: (
          <Link to={routePaths.app} className="bp6-button">
            <span className="bp6-button-text">{t("invoices.toApps")}</span>
          </Link>
        ),
      }}
      describeFailure={nextStep}
      onRetry={onRetry}
    />
  );
}
