import { Button, Callout, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { OrderRow, OrderTableView } from "../../../machines/orders/order-list-selectors.ts";
import { formatDateTimeParts } from "../../i18n/format.ts";
import { ScrollRegion } from "../../ui/scroll-region.tsx";
import { OrderStatusTag, useOrderText } from "./order-text.tsx";
import { usePageAddition } from "../../app/failure-callout.tsx";

interface OrderTableProps {
  view: OrderTableView;
  onRetry(): void;
  onDetails(orderCode: string): void;
  onPay(orderCode: string): void;
  onCancel(orderCode: string): void;
}

/** The list's body: loading, failure with Retry, no orders, or the rows with their operations. */
export function OrderTable({ view, onRetry, onDetails, onPay, onCancel }: OrderTableProps) {
  const { t } = useTranslation();
  const nextStep = usePageAddition();
  if (view.kind === "loading") {
    return (
      <div className="order-table-status" role="status" aria-busy="true" data-testid="orders-loading">
        <Spinner size={24} aria-label={t("orders.loading")} />
        <span>{t("orders.loading")}</span>
      </div>
    );
  }
  if (view.kind === "failed") {
    return (
      <Callout intent="danger" role="alert" className="order-table-status" data-testid="orders-failed">
        {t("orders.loadFailed")} {nextStep(view.failure)}{" "}
        <Button size="small" intent="danger" text={t("orders.retry")} onClick={onRetry} />
      </Callout>
    );
  }
  if (view.kind === "empty") {
    return (
      <div aria-busy={view.refreshing || undefined} data-testid="orders-empty">
        <NonIdealState className="order-empty" title={view.filtered ? t("orders.emptyFiltered") : t("orders.empty")} />
      </div>
    );
  }
  return (
    <ScrollRegion labelledBy="orders-table-caption" busy={view.refreshing}>
      <HTMLTable compact striped className="order-table" data-testid="orders-table">
        <caption id="orders-table-caption" className="visually-hidden">
          {t("orders.tableLabel")}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t("orders.columns.orderCode")}</th>
            <th scope="col">{t("orders.columns.package")}</th>
            <th scope="col">{t("orders.columns.term")}</th>
            <th scope="col">{t("orders.columns.amount")}</th>
            <th scope="col">{t("orders.columns.createdAt")}</th>
            <th scope="col">{t("orders.columns.status")}</th>
            <th scope="col">{t("orders.columns.paidAt")}</th>
            <th scope="col">{t("orders.columns.payType")}</th>
            <th scope="col" className="order-operations">
              {t("orders.columns.operations")}
            </th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <OrderTableRow key={row.orderCode} row={row} onDetails={onDetails} onPay={onPay} onCancel={onCancel} />
          ))}
        </tbody>
      </HTMLTable>
    </ScrollRegion>
  );
}

function OrderTableRow({
  row,
  onDetails,
  onPay,
  onCancel,
}: { row: OrderRow } & Pick<OrderTableProps, "onDetails" | "onPay" | "onCancel">) {
  const { t } = useTranslation();
  const text = useOrderText();
  return (
    <tr data-testid={`order-row-${row.orderCode}`}>
      <th scope="row" className="order-code">
        {row.orderCode}
      </th>
      <td>{text.packageName(row.packageCode, row.packageName)}</td>
      <td>{text.term(row.term)}</td>
      <td className="order-amount">{text.amount(row.amount)}</td>
      <DateTimeCell iso={row.createdAt} />
      <td>
        <OrderStatusTag status={row.status} />
      </td>
      <DateTimeCell iso={row.paidAt} />
      <td>{text.payType(row.payType)}</td>
      <td className="order-operations">
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
      </td>
    </tr>
  );
}

/** A date and time that may put the time under the date when the table is short of width, never break elsewhere. */
function DateTimeCell({ iso }: { iso: string | null }) {
  const { i18n } = useTranslation();
  const text = useOrderText();
  if (!iso) return <td>{text.time(null)}</td>;
  const { date, time } = formatDateTimeParts(iso, i18n.language);
  return (
    <td className="order-when">
      <span>{date}</span>
      <wbr />
      <span>{time}</span>
    </td>
  );
}
