import { Card } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { billListArea } from "../../../machines/bills/bill-list.ts";
import { selectBillDetail, selectBillTable } from "../../../machines/bills/bill-list-selectors.ts";
import { selectExport } from "../../../machines/lists/list-export-selectors.ts";
import { selectListExportRequest, selectListPaging, selectListSearch } from "../../../machines/lists/list-selectors.ts";
import { ListHeading } from "../../app/list-heading.tsx";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { ExportControl } from "../../ui/export-control.tsx";
import { ListPaging } from "../../ui/list-paging.tsx";
import { ListSearchForm } from "../../ui/list-search-form.tsx";
import { BillDetailDialog } from "./bill-detail-dialog.tsx";
import { BillTable } from "./bill-table.tsx";
import { provideBillExport, provideBillList } from "./bills-machines.ts";
import "../../ui/list-page.css";
import "./bills.css";

/** Application bills (spec section 2): every deposit to the applications' addresses, searched, paged and live. */
export default function BillListPage() {
  const services = useServices();
  const actor = useActorRef(provideBillList(services), { input: { area: billListArea }, clock: actorClock(services) });
  const search = useSelector(actor, selectListSearch);
  const table = useSelector(actor, selectBillTable);
  const paging = useSelector(actor, selectListPaging);
  const detail = useSelector(actor, selectBillDetail);
  const exporter = useActorRef(provideBillExport(services));
  const exportView = useSelector(exporter, selectExport);
  const exportRequest = useSelector(actor, selectListExportRequest);

  return (
    <section className="page bills-page" aria-labelledby="bills-title">
      <ListHeading area="bills" list={actor} />
      <Card className="bills-card">
        <ListSearchForm
          key={search.revision}
          area={billListArea}
          view={search}
          onSearch={(form) => actor.send({ type: "list.search", search: form })}
          onReset={() => actor.send({ type: "list.reset" })}
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
          onRetry={() => actor.send({ type: "list.retry" })}
          onDetails={(billNo) => actor.send({ type: "row.details", key: billNo })}
        />
        {table.kind === "rows" ? (
          <ListPaging
            area="bills"
            view={paging}
            onPage={(page) => actor.send({ type: "list.page", page })}
            onPageSize={(pageSize) => actor.send({ type: "list.pageSize", pageSize })}
          />
        ) : null}
      </Card>
      <BillDetailDialog view={detail} onClose={() => actor.send({ type: "details.close" })} />
    </section>
  );
}
