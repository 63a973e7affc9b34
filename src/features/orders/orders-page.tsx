import { Plus } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { orderListArea } from "../../../machines/orders/order-list.ts";
import {
  selectDetailDialog,
  selectOrderTable,
  selectPayTarget,
} from "../../../machines/orders/order-list-selectors.ts";
import { ListInUrl } from "../../app/list-in-url.tsx";
import { ListPage } from "../../app/list-page.tsx";
import { type UrlSearch, useSearchInUrl } from "../../app/list-search-url.ts";
import { routePaths } from "../../app/route-names.ts";
import { useServices } from "../../app/services-context.tsx";
import { OrderDetailDialog } from "./order-detail-dialog.tsx";
import { provideOrderExport, provideOrderList } from "./order-machines.ts";
import { OrderPayDialog } from "./order-pay-dialog.tsx";
import { OrderTable } from "./order-table.tsx";
import "./orders.css";

/**
 * My orders (spec section 2): search (in the address bar), the server's pages, details, and Pay / Cancel through the
 * pay dialog.
 */
export default function OrdersPage() {
  return <ListInUrl area={orderListArea} page={OrderList} />;
}

function OrderList({ url }: { url: UrlSearch }) {
  const { t } = useTranslation();
  const services = useServices();
  const list = useActorRef(provideOrderList(services), {
    input: { area: orderListArea, search: url.search, pageSize: url.pageSize },
  });
  useSearchInUrl(list, url);
  const exporter = useActorRef(provideOrderExport(services));
  // Each view says what may be sent (`can`), so each is selected anew on every snapshot.
  const table = useSelector(list, selectOrderTable);
  const detailDialog = useSelector(list, selectDetailDialog);
  const payTarget = useSelector(list, selectPayTarget);
  return (
    <ListPage
      area={orderListArea}
      name="orders"
      list={list}
      exported={{ exporter, describeFailure: services.describeFailure }}
      actions={
        <Link to={routePaths.orderBuy} className="bp6-button bp6-intent-primary">
          <Plus />
          <span className="bp6-button-text">{t("orders.buy")}</span>
        </Link>
      }
      table={{
        rows: table.kind === "rows",
        node: (
          <OrderTable
            view={table}
            onRetry={() => list.send({ type: "list.retry" })}
            onDetails={(orderCode) => list.send({ type: "row.details", key: orderCode })}
            onPay={(orderCode) => list.send({ type: "row.act", action: "pay", key: orderCode })}
            onCancel={(orderCode) => list.send({ type: "row.act", action: "cancel", key: orderCode })}
          />
        ),
      }}
    >
      <OrderDetailDialog
        view={detailDialog}
        onRetry={() => list.send({ type: "details.retry" })}
        onClose={() => list.send({ type: "details.close" })}
      />
      {payTarget ? (
        <OrderPayDialog
          order={payTarget.order}
          intent={payTarget.intent}
          onClose={() => list.send({ type: "action.done" })}
          onOrderChanged={(order) => list.send({ type: "row.updated", row: order })}
        />
      ) : null}
    </ListPage>
  );
}
