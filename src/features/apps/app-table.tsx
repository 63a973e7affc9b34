import { Button, Callout, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { formatUsdt } from "../../i18n/format.ts";
import type { AppAction } from "../../../contracts/schemas/apps.ts";
import type { AppRow, AppTableView } from "../../../machines/apps/app-list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { useListColumns } from "../../app/list-columns.ts";
import { BreakableValue } from "../../ui/breakable-value.tsx";
import { DateTimeParts } from "../../ui/date-time-parts.tsx";
import { ListGrid } from "../../ui/list-grid.tsx";
import { type ListColumn, ListTable } from "../../ui/list-table.tsx";

interface AppTableProps {
  view: AppTableView;
  onRetry(): void;
  onOpen(action: AppAction, app: AppRow): void;
  onSwitch(row: AppRow): void;
}

/** The row's buttons that open a dialog, in their order; rotating a secret is the one to think twice about. */
const openActions = ["edit", "credentials", "rotate"] as const satisfies readonly AppAction[];

/**
 * The list's body: loading, failure with Retry, no applications, or the rows — a data grid on wider screens, the
 * row's buttons beside its code.
 */
export function AppTable({ view, onRetry, onOpen, onSwitch }: AppTableProps) {
  const { t, i18n } = useTranslation();
  const nextStep = usePageAddition();
  const columnChoice = useListColumns("apps");
  // A long value wraps only after its `/`, `.` and `-` in a card; the grid cuts it short (apps.css), whole on hover.
  const long = (value: string) => (
    <span className="app-cut" title={value}>
      <BreakableValue text={value} />
    </span>
  );
  const columns: ListColumn<AppRow>[] = [
    { key: "appCode", rowHeader: true, card: true, className: "app-code", cell: (row) => row.appCode },
    { key: "name", card: true, className: "app-name", cell: (row) => long(row.name) },
    // Beside the name: in the grid the row's buttons come before the other columns, and the status must show at 1280 px.
    {
      key: "status",
      card: true,
      cell: (row) => (
        <Tag intent={row.status === "normal" ? "success" : "none"} className="app-status" data-status={row.status}>
          {t(`apps.status.${row.status}`)}
        </Tag>
      ),
    },
    { key: "address", optional: true, className: "app-url", cell: (row) => long(row.address) },
    { key: "rechargeCallbackUrl", optional: true, className: "app-url", cell: (row) => long(row.rechargeCallbackUrl) },
    { key: "withdrawCallbackUrl", optional: true, className: "app-url", cell: (row) => long(row.withdrawCallbackUrl) },
    {
      key: "withdrawAutoApproveLimit",
      optional: true,
      className: "list-wrap",
      cell: (row) =>
        row.withdrawAutoApproveLimit === null
          ? t("apps.noLimit")
          : formatUsdt(row.withdrawAutoApproveLimit, i18n.language),
    },
    // Shown by default: whether an API key alone may pay addresses outside the book is what a merchant must see at once.
    {
      key: "withdrawAnyAddressDailyLimit",
      className: "list-wrap",
      cell: (row) =>
        row.withdrawAnyAddressDailyLimit === null
          ? t("apps.anyAddressOff")
          : formatUsdt(row.withdrawAnyAddressDailyLimit, i18n.language),
    },
    {
      key: "createdAt",
      className: "app-when list-wrap",
      cell: (row) => <DateTimeParts iso={row.createdAt} language={i18n.language} />,
    },
    {
      key: "remark",
      className: "app-remark",
      cell: (row) => (row.remark ? long(row.remark) : t("orders.none")),
    },
  ];
  return (
    <>
      {view.kind === "rows" && view.switchFailure ? (
        <Callout intent="danger" role="alert" compact className="form-failure">
          {nextStep(view.switchFailure)}
        </Callout>
      ) : null}
      <ListTable
        area="apps"
        rowName="app"
        chosen={columnChoice.chosen}
        onChoose={columnChoice.choose}
        view={view}
        columns={columns}
        rowKey={(row) => row.appCode}
        grid={{ body: ListGrid, rowHeight: 48 }}
        operations={(row) => (
          <div className="app-operations-buttons">
            {openActions.map((action) => (
              <Button
                key={action}
                size="small"
                variant="minimal"
                intent={action === "rotate" ? "warning" : "primary"}
                text={t(`apps.actions.${action}`)}
                onClick={() => onOpen(action, row)}
              />
            ))}
            <Button
              size="small"
              variant="minimal"
              intent={row.nextStatus === "stopped" ? "danger" : "success"}
              text={t(row.nextStatus === "stopped" ? "apps.actions.stop" : "apps.actions.start")}
              loading={row.switching}
              disabled={!row.canSwitch}
              onClick={() => onSwitch(row)}
            />
          </div>
        )}
        describeFailure={nextStep}
        onRetry={onRetry}
      />
    </>
  );
}
