import { Button, Callout, HTMLTable, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { AppAction } from "../../../contracts/schemas/apps.ts";
import type { AppRow, AppTableView } from "../../../machines/apps/app-list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { formatDateTimeParts } from "../../i18n/format.ts";
import { BreakableValue } from "../../ui/breakable-value.tsx";
import { ScrollRegion } from "../../ui/scroll-region.tsx";

interface AppTableProps {
  view: AppTableView;
  onRetry(): void;
  onOpen(action: AppAction, app: AppRow): void;
  onSwitch(row: AppRow): void;
}

/** The list's body: loading, failure with Retry, no applications, or the rows with their operations pinned. */
export function AppTable({ view, onRetry, onOpen, onSwitch }: AppTableProps) {
  const { t } = useTranslation();
  const nextStep = usePageAddition();
  if (view.kind === "loading") {
    return (
      <div className="app-table-status" role="status" aria-busy="true" data-testid="apps-loading">
        <Spinner size={24} aria-label={t("apps.loading")} />
        <span>{t("apps.loading")}</span>
      </div>
    );
  }
  if (view.kind === "failed") {
    return (
      <Callout intent="danger" role="alert" className="app-table-status" data-testid="apps-failed">
        {t("apps.loadFailed")} {nextStep(view.failure)}{" "}
        <Button size="small" intent="danger" text={t("apps.retry")} onClick={onRetry} />
      </Callout>
    );
  }
  if (view.kind === "empty") {
    return (
      <div aria-busy={view.refreshing || undefined} data-testid="apps-empty">
        <NonIdealState className="app-empty" title={view.filtered ? t("apps.emptyFiltered") : t("apps.empty")} />
      </div>
    );
  }
  return (
    <>
      {view.switchFailure ? (
        <Callout intent="danger" role="alert" compact className="form-failure">
          {nextStep(view.switchFailure)}
        </Callout>
      ) : null}
      <ScrollRegion labelledBy="apps-table-caption" busy={view.refreshing}>
        <HTMLTable compact striped className="app-table" data-testid="apps-table">
          <caption id="apps-table-caption" className="app-visually-hidden">
            {t("apps.tableLabel")}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("apps.columns.appCode")}</th>
              <th scope="col">{t("apps.columns.name")}</th>
              <th scope="col">{t("apps.columns.address")}</th>
              <th scope="col">{t("apps.columns.rechargeCallbackUrl")}</th>
              <th scope="col">{t("apps.columns.withdrawCallbackUrl")}</th>
              <th scope="col">{t("apps.columns.createdAt")}</th>
              <th scope="col">{t("apps.columns.status")}</th>
              <th scope="col">{t("apps.columns.remark")}</th>
              <th scope="col" className="app-operations">
                {t("apps.columns.operations")}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <AppTableRow key={row.appCode} row={row} onOpen={onOpen} onSwitch={onSwitch} />
            ))}
          </tbody>
        </HTMLTable>
      </ScrollRegion>
    </>
  );
}

function AppTableRow({ row, onOpen, onSwitch }: { row: AppRow } & Pick<AppTableProps, "onOpen" | "onSwitch">) {
  const { t, i18n } = useTranslation();
  const { date, time } = formatDateTimeParts(row.createdAt, i18n.language);
  return (
    <tr data-testid={`app-row-${row.appCode}`}>
      <th scope="row" className="app-code" data-value="">
        {row.appCode}
      </th>
      <td className="app-name">
        <BreakableValue text={row.name} />
      </td>
      <UrlCell url={row.address} />
      <UrlCell url={row.rechargeCallbackUrl} />
      <UrlCell url={row.withdrawCallbackUrl} />
      <td className="app-when">
        <span>{date}</span>
        <wbr />
        <span>{time}</span>
      </td>
      <td>
        <Tag intent={row.status === "normal" ? "success" : "none"} className="app-status" data-status={row.status}>
          {t(`apps.status.${row.status}`)}
        </Tag>
      </td>
      <td className="app-remark">{row.remark ? <BreakableValue text={row.remark} /> : t("orders.none")}</td>
      <td className="app-operations">
        <div className="app-operations-buttons">
          <Button
            size="small"
            variant="minimal"
            intent="primary"
            text={t("apps.actions.edit")}
            onClick={() => onOpen("edit", row)}
          />
          <Button
            size="small"
            variant="minimal"
            intent="primary"
            text={t("apps.actions.credentials")}
            onClick={() => onOpen("credentials", row)}
          />
          <Button
            size="small"
            variant="minimal"
            intent="warning"
            text={t("apps.actions.rotate")}
            onClick={() => onOpen("rotate", row)}
          />
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
      </td>
    </tr>
  );
}

/** A long address wraps only after its `/`, `.` and `-`, so a row stays readable without a control that could scroll away. */
function UrlCell({ url }: { url: string }) {
  return (
    <td className="app-url" data-value="">
      <BreakableValue text={url} />
    </td>
  );
}
