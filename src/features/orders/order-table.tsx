import { Button } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { OrderRow, OrderTableView } from "../../../machines/orders/order-list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { useListColumns } from "../../app/list-columns.ts";
import { DateTimeParts } from "../../ui/date-time-parts.tsx";
import { ListGrid } from "../../ui/list-grid.tsx";
import { type ListColumn, ListTable } from "../../ui/list-table.tsx";
import { OrderStatusTag, useOrderText } from "./order-text.tsx";

interface OrderTableProps {
  view: OrderTableView;
  onRetry(): void;
  onDetails(orderCode: string): void;
  onPay(orderCode: string): void;
  onCancel(orderCode: string): void;
}

/**
 * The list's body: loading, failure with Retry, no orders, or the rows — a data grid on wider screens (eight columns
 * a merchant scans), Details, Pay and Cancel beside the order's code.
 */
export function OrderTable({ view, onRetry, onDetails, onPay, onCancel }: OrderTableProps) {
  const { t, i18n } = useTranslation();
  const nextStep = usePageAddition();
  const columnChoice = useListColumns("orders");
  const text = useOrderText();
  const when = (iso: string | null) => (iso ? <DateTimeParts iso={iso} language={i18n.language} /> : text.time(null));
  const columns: ListColumn<OrderRow>[] = [
    { key: "orderCode", rowHeader: true, card: true, className: "order-code", cell: (row) => row.orderCode },
    { key: "package", card: true, cell: (row) => text.packageName(row.packageCode, row.packageName) },
    { key: "term", cell: (row) => text.term(row.term) },
    { key: "amount", card: true, className: "order-amount", cell: (row) => text.money(row.amount) },
    { key: "createdAt", card: true, className: "order-when list-wrap", cell: (row) => when(row.createdAt) },
    { key: "status", card: true, cell: (row) => <OrderStatusTag status={row.shownStatus} /> },
    { key: "paidAt", className: "order-when list-wrap", cell: (row) => when(row.paidAt) },
    { key: "payType", cell: (row) => text.payType(row.payType) },
  ];
  return (
    <ListTable
      area="orders"
      rowName="order"
      chosen={columnChoice.chosen}
      onChoose={columnChoice.choose}
      view={view}
      columns={columns}
      rowKey={(row) => row.orderCode}
      grid={{ body: ListGrid, rowHeight: 48 }}
      operations={(row) => (
        <div className="order-operations-buttons">
          <Button
            size="small"
            variant="minimal"
            intent="primary"
            text={t("orders.actions.details")}
            onClick={() => onDetails(row.orderCode)}
          />
          {row.canPay ? (
            <Button
              size="small"
              variant="minimal"
              intent="success"
              text={t("orders.actions.pay")}
              onClick={() => onPay(row.orderCode)}
            />
          ) : null}
          {row.canCancel ? (
            <Button
              size="small"
              variant="minimal"
              intent="danger"
              text={t("orders.actions.cancel")}
              onClick={() => onCancel(row.orderCode)}
            />
          ) : null}
        </div>
      )}
      describeFailure={nextStep}
      onRetry={onRetry}
    />
  );
}
