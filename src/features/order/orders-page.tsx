import { Card, H1 } from "@blueprintjs/core";
import { Plus } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { selectListExportRequest, selectListPaging, selectListSearch } from "../../../machines/lists/list-selectors.ts";
import { orderListArea } from "../../../machines/orders/order-list.ts";
import {
  selectDetailDialog,
  selectOrderTable,
  selectPayTarget,
} from "../../../machines/orders/order-list-selectors.ts";
import { routePaths } from "../../app/route-names.ts";
import { useServices } from "../../app/services-context.tsx";
import { ListPaging } from "../../ui/list-paging.tsx";
import { ListSearchForm } from "../../ui/list-search-form.tsx";
import { OrderDetailDialog } from "./order-detail-dialog.tsx";
import { OrderPayDialog } from "./order-pay-dialog.tsx";
import { OrderTable } from "./order-table.tsx";
import { provideOrderExport, provideOrderList } from "./order-machines.ts";
import { selectExport } from "../../../machines/lists/list-export-selectors.ts";
import { ExportControl } from "../../ui/export-control.tsx";
import "../../ui/list-page.css";
import "./orders.css";

/** My orders (spec section 2): search, the server's pages, details, and Pay / Cancel through the pay dialog. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const services = useServices();
  const actor = useActorRef(provideOrderList(services), { input: { area: orderListArea } });
  // Each view says what may be sent (`can`), so each is selected anew on every snapshot.
  const search = useSelector(actor, selectListSearch);
  const table = useSelector(actor, selectOrderTable);
  const pagination = useSelector(actor, selectListPaging);
  const detailDialog = useSelector(actor, selectDetailDialog);
  const payTarget = useSelector(actor, selectPayTarget);
  const exporter = useActorRef(provideOrderExport(services));
  const exportView = useSelector(exporter, selectExport);
  const exportRequest = useSelector(actor, selectListExportRequest);

  return (
    <section className="page orders-page" aria-labelledby="orders-title">
      <div className="orders-heading">
        <H1 id="orders-title" className="page-title">
          {t("orders.title")}
        </H1>
        <Link to={routePaths.orderBuy} className="bp6-button bp6-intent-primary">
          <Plus />
          <span className="bp6-button-text">{t("orders.buy")}</span>
        </Link>
      </div>
      <Card className="orders-card">
        <ListSearchForm
          key={search.revision}
          area={orderListArea}
          view={search}
          onSearch={(form) => actor.send({ type: "list.search", search: form })}
          onReset={() => actor.send({ type: "list.reset" })}
        />
        <ExportControl
          view={exportView}
          statusTestId="orders-export"
          describeFailure={services.describeFailure}
          onStart={() => exporter.send({ type: "export.start", request: exportRequest })}
          onCancel={() => exporter.send({ type: "export.cancel" })}
        />
        <OrderTable
          view={table}
          onRetry={() => actor.send({ type: "list.retry" })}
          onDetails={(orderCode) => actor.send({ type: "row.details", key: orderCode })}
          onPay={(orderCode) => actor.send({ type: "row.act", action: "pay", key: orderCode })}
          onCancel={(orderCode) => actor.send({ type: "row.act", action: "cancel", key: orderCode })}
        />
        {table.kind === "rows" ? (
          <ListPaging
            area="orders"
            view={pagination}
            onPage={(page) => actor.send({ type: "list.page", page })}
            onPageSize={(pageSize) => actor.send({ type: "list.pageSize", pageSize })}
          />
        ) : null}
      </Card>
      <OrderDetailDialog
        view={detailDialog}
        onRetry={() => actor.send({ type: "details.retry" })}
        onClose={() => actor.send({ type: "details.close" })}
      />
      {payTarget ? (
        <OrderPayDialog
          order={payTarget.order}
          intent={payTarget.intent}
          onClose={() => actor.send({ type: "action.done" })}
          onOrderChanged={(order) => actor.send({ type: "row.updated", row: order })}
        />
      ) : null}
    </section>
  );
}
