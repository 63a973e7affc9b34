import { Callout, Card, H1 } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { selectExport } from "../../../machines/lists/list-export-selectors.ts";
import { selectListExportRequest, selectListPaging, selectListSearch } from "../../../machines/lists/list-selectors.ts";
import { rechargeListArea } from "../../../machines/recharges/recharge-list.ts";
import { selectRechargeDetail, selectRechargeTable } from "../../../machines/recharges/recharge-list-selectors.ts";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { ExportControl } from "../../ui/export-control.tsx";
import { ListPaging } from "../../ui/list-paging.tsx";
import { ListSearchForm } from "../../ui/list-search-form.tsx";
import { provideRechargeExport, provideRechargeList } from "./recharge-machines.ts";
import { RechargeDetailDialog } from "./recharge-detail-dialog.tsx";
import { RechargeTable } from "./recharge-table.tsx";
import "../../ui/list-page.css";
import "./recharges.css";

/** Recharge bills (spec section 2): every credit of the balance by a transfer that is not an application deposit. */
export default function RechargeListPage() {
  const { t } = useTranslation();
  const services = useServices();
  const actor = useActorRef(provideRechargeList(services), {
    input: { area: rechargeListArea },
    clock: actorClock(services),
  });
  const search = useSelector(actor, selectListSearch);
  const table = useSelector(actor, selectRechargeTable);
  const paging = useSelector(actor, selectListPaging);
  const detail = useSelector(actor, selectRechargeDetail);
  const exporter = useActorRef(provideRechargeExport(services));
  const exportView = useSelector(exporter, selectExport);
  const exportRequest = useSelector(actor, selectListExportRequest);

  return (
    <section className="page recharges-page" aria-labelledby="recharges-title">
      <H1 id="recharges-title" className="page-title">
        {t("recharges.title")}
      </H1>
      <Callout intent="primary" className="recharges-intro">
        {t("recharges.intro")}
      </Callout>
      <Card className="recharges-card">
        <ListSearchForm
          key={search.revision}
          area={rechargeListArea}
          view={search}
          onSearch={(form) => actor.send({ type: "list.search", search: form })}
          onReset={() => actor.send({ type: "list.reset" })}
        />
        <ExportControl
          view={exportView}
          statusTestId="recharges-export"
          describeFailure={services.describeFailure}
          onStart={() => exporter.send({ type: "export.start", request: exportRequest })}
          onCancel={() => exporter.send({ type: "export.cancel" })}
        />
        <RechargeTable
          view={table}
          onRetry={() => actor.send({ type: "list.retry" })}
          onDetails={(billNo) => actor.send({ type: "row.details", key: billNo })}
        />
        {table.kind === "rows" ? (
          <ListPaging
            area="recharges"
            view={paging}
            onPage={(page) => actor.send({ type: "list.page", page })}
            onPageSize={(pageSize) => actor.send({ type: "list.pageSize", pageSize })}
          />
        ) : null}
      </Card>
      <RechargeDetailDialog view={detail} onClose={() => actor.send({ type: "details.close" })} />
    </section>
  );
}
