import { Card, H1, Tag } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import {
  selectBillDetail,
  selectBillExportRequest,
  selectBillFeed,
  selectBillPaging,
  selectBillSearch,
  selectBillTable,
} from "../../../machines/bills/bill-list-selectors.ts";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { ExportControl } from "../../ui/export-control.tsx";
import { ListPaging } from "../../ui/list-paging.tsx";
import { pagingSummary } from "../../ui/paging-summary.ts";
import { BillDetailDialog } from "./bill-detail-dialog.tsx";
import { BillSearchForm } from "./bill-search-form.tsx";
import { BillTable } from "./bill-table.tsx";
import { provideBillExport, provideBillList } from "./bills-machines.ts";
import { selectExport } from "../../../machines/lists/list-export-selectors.ts";
import "../../ui/list-page.css";
import "./bills.css";

/** Application bills (spec section 2): every deposit to the applications' addresses, searched, paged and live. */
export default function BillListPage() {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const actor = useActorRef(provideBillList(services), { clock: actorClock(services) });
  const search = useSelector(actor, selectBillSearch);
  const table = useSelector(actor, selectBillTable);
  const paging = useSelector(actor, selectBillPaging);
  const detail = useSelector(actor, selectBillDetail);
  const feed = useSelector(actor, selectBillFeed);
  const exporter = useActorRef(provideBillExport(services));
  const exportView = useSelector(exporter, selectExport);
  const exportRequest = useSelector(actor, selectBillExportRequest);

  return (
    <section className="page bills-page" aria-labelledby="bills-title">
      <div className="bills-heading">
        <H1 id="bills-title" className="page-title">
          {t("bills.title")}
        </H1>
        <Tag minimal round intent={feed === "live" ? "success" : "warning"} data-testid="bills-feed">
          {t(`bills.feed.${feed}`)}
        </Tag>
      </div>
      <Card className="bills-card">
        <BillSearchForm
          key={search.revision}
          view={search}
          onSearch={(form) => actor.send({ type: "bills.search", ...form })}
          onReset={() => actor.send({ type: "bills.reset" })}
        />
        <ExportControl
          view={exportView}
          statusTestId="bills-export"
          describeFailure={services.describeFailure}
          onStart={() => exporter.send({ type: "export.start", request: exportRequest })}
          onCancel={() => exporter.send({ type: "export.cancel" })}
        />
        <BillTable
          view={table}
          onRetry={() => actor.send({ type: "bills.retry" })}
          onDetails={(billNo) => actor.send({ type: "bill.details", billNo })}
        />
        {table.kind === "rows" ? (
          <ListPaging
            view={paging}
            labels={{
              label: t("bills.pagination.label"),
              summary: pagingSummary(t, i18n.language, "bills", paging),
              previous: t("bills.pagination.previous"),
              next: t("bills.pagination.next"),
              pageSize: t("bills.pagination.pageSize"),
            }}
            summaryTestId="bills-summary"
            onPage={(page) => actor.send({ type: "bills.page", page })}
            onPageSize={(pageSize) => actor.send({ type: "bills.pageSize", pageSize })}
          />
        ) : null}
      </Card>
      <BillDetailDialog view={detail} onClose={() => actor.send({ type: "details.close" })} />
    </section>
  );
}
