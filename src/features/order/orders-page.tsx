import { Card, H1 } from "@blueprintjs/core";
import { Plus } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  selectDetailDialog,
  selectOrderExportRequest,
  selectOrderTable,
  selectPagination,
  selectPayTarget,
  selectSearchForm,
} from "../../../machines/orders/order-list-selectors.ts";
import { routePaths } from "../../app/route-names.ts";
import { useServices } from "../../app/services-context.tsx";
import { ListPaging } from "../../ui/list-paging.tsx";
import { pagingSummary } from "../../ui/paging-summary.ts";
import { OrderDetailDialog } from "./order-detail-dialog.tsx";
import { OrderPayDialog } from "./order-pay-dialog.tsx";
import { OrderSearchForm } from "./order-search-form.tsx";
import { OrderTable } from "./order-table.tsx";
import { provideOrderExport, provideOrderList } from "./order-machines.ts";
import { selectExport } from "../../../machines/lists/list-export-selectors.ts";
import { ExportControl } from "../../ui/export-control.tsx";
import "./orders.css";

/** My orders (spec section 2): search, the server's pages, details, and Pay / Cancel through the pay dialog. */
export default function OrdersPage() {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const actor = useActorRef(provideOrderList(services));
  // Each view says what may be sent (`can`), so each is selected anew on every snapshot.
  const search = useSelector(actor, selectSearchForm);
  const table = useSelector(actor, selectOrderTable);
  const pagination = useSelector(actor, selectPagination);
  const detailDialog = useSelector(actor, selectDetailDialog);
  const payTarget = useSelector(actor, selectPayTarget);
  const exporter = useActorRef(provideOrderExport(services));
  const exportView = useSelector(exporter, selectExport);
  const exportRequest = useSelector(actor, selectOrderExportRequest);

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
        <OrderSearchForm
          key={search.revision}
          view={search}
          onSearch={(form) => actor.send({ type: "orders.search", ...form })}
          onReset={() => actor.send({ type: "orders.reset" })}
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
          onRetry={() => actor.send({ type: "orders.retry" })}
          onDetails={(orderCode) => actor.send({ type: "order.details", orderCode })}
          onPay={(orderCode) => actor.send({ type: "order.pay", orderCode })}
          onCancel={(orderCode) => actor.send({ type: "order.cancel", orderCode })}
        />
        {table.kind === "rows" ? (
          <ListPaging
            view={pagination}
            labels={{
              label: t("orders.pagination.label"),
              summary: pagingSummary(t, i18n.language, "orders", pagination),
              previous: t("orders.pagination.previous"),
              next: t("orders.pagination.next"),
              pageSize: t("orders.pagination.pageSize"),
            }}
            summaryTestId="orders-summary"
            onPage={(page) => actor.send({ type: "orders.page", page })}
            onPageSize={(pageSize) => actor.send({ type: "orders.pageSize", pageSize })}
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
          onClose={() => actor.send({ type: "payDialog.close" })}
        />
      ) : null}
    </section>
  );
}
