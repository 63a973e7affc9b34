import { Button, Callout } from "@blueprintjs/core";
import { Link } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { invoiceListArea } from "../../../machines/invoices/invoice-list.ts";
import { selectInvoiceDetail, selectInvoiceTable } from "../../../machines/invoices/invoice-list-selectors.ts";
import { linkMadeReason } from "../../../machines/invoices/payment-link.ts";
import { selectCanCreateLink } from "../../../machines/invoices/payment-link-selectors.ts";
import { sameAppChoices, selectAppChoices } from "../../../machines/lists/list-selectors.ts";
import { ListPage } from "../../app/list-page.tsx";
import { ListInUrl } from "../../app/list-in-url.tsx";
import { type UrlSearch, useSearchInUrl } from "../../app/list-search-url.ts";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { InvoiceDetailDialog } from "./invoice-detail-dialog.tsx";
import { provideInvoiceExport, provideInvoiceList, providePaymentLink } from "./invoice-machines.ts";
import { InvoiceTable } from "./invoice-table.tsx";
import { PaymentLinkDialog } from "./payment-link-dialog.tsx";
import "./invoices.css";

/**
 * Invoices: every invoice of the merchant's applications, with the payment link each hands its customer. The address
 * bar holds the search (`?flag=underpaid&status=expired` …): a link opens the list so filtered, and every search is
 * written back; a payment link made here is one more invoice.
 */
export default function InvoiceListPage() {
  return <ListInUrl area={invoiceListArea} page={InvoiceList} />;
}

function InvoiceList({ url }: { url: UrlSearch }) {
  const { t } = useTranslation();
  const services = useServices();
  const list = useActorRef(provideInvoiceList(services), {
    input: { area: invoiceListArea, search: url.search, pageSize: url.pageSize },
    clock: actorClock(services),
  });
  useSearchInUrl(list, url);
  const exporter = useActorRef(provideInvoiceExport(services));
  const link = useActorRef(
    providePaymentLink(services, { linkMade: () => list.send({ type: "list.reload", why: linkMadeReason }) }),
  );
  const table = useSelector(list, selectInvoiceTable);
  const detail = useSelector(list, selectInvoiceDetail);
  const apps = useSelector(list, selectAppChoices, sameAppChoices);
  const canCreate = useSelector(link, selectCanCreateLink);
  return (
    <ListPage
      area={invoiceListArea}
      name="invoices"
      list={list}
      exported={{ exporter, describeFailure: services.describeFailure }}
      actions={
        <Button
          intent="primary"
          icon={<Link />}
          text={t("invoices.link.create")}
          disabled={!canCreate}
          onClick={() => link.send({ type: "dialog.open" })}
        />
      }
      lead={
        <Callout intent="primary" className="invoices-intro">
          {t("invoices.intro")}
        </Callout>
      }
      table={{
        rows: table.kind === "rows",
        node: (
          <InvoiceTable
            view={table}
            onRetry={() => list.send({ type: "list.retry" })}
            onDetails={(invoiceId) => list.send({ type: "row.details", key: invoiceId })}
          />
        ),
      }}
    >
      <InvoiceDetailDialog
        view={detail}
        onClose={() => list.send({ type: "details.close" })}
        onUpdated={(row) => list.send({ type: "row.updated", row })}
      />
      <PaymentLinkDialog actor={link} apps={apps} onRetryApps={() => list.send({ type: "list.reload" })} />
    </ListPage>
  );
}
