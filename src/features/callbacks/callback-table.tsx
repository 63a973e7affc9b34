import { Button } from "@blueprintjs/core";
import { Exchange } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CallbackAttempt } from "../../../contracts/schemas/callbacks.ts";
import type { CallbackTableView } from "../../../machines/callbacks/callback-list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { useListColumns } from "../../app/list-columns.ts";
import { routePaths } from "../../app/route-names.ts";
import { BreakableValue } from "../../ui/breakable-value.tsx";
import { DateTimeParts } from "../../ui/date-time-parts.tsx";
import { ListGrid } from "../../ui/list-grid.tsx";
import { type ListColumn, ListTable } from "../../ui/list-table.tsx";
import { BodyPreview, DeliveryTag, ResultTag, useCallbackText } from "./callback-text.tsx";

interface CallbackTableProps {
  view: CallbackTableView;
  /** Redeliver may be pressed (no other redelivery is open). */
  canRedeliver: boolean;
  onRetry(): void;
  onDetails(attemptId: string): void;
  onRedeliver(attemptId: string): void;
}

/**
 * The list's body: loading, failure with Retry, no attempts (with how they come), or the rows — a data grid on wider
 * screens (the widest list: a merchant scrolls it), Details and Redeliver beside the row's time.
 */
export function CallbackTable({ view, canRedeliver, onRetry, onDetails, onRedeliver }: CallbackTableProps) {
  const { t, i18n } = useTranslation();
  const nextStep = usePageAddition();
  const columnChoice = useListColumns("callbacks");
  const text = useCallbackText();
  const columns: ListColumn<CallbackAttempt>[] = [
    {
      key: "sentAt",
      rowHeader: true,
      card: true,
      className: "callback-when list-wrap",
      cell: (attempt) => <DateTimeParts iso={attempt.sentAt} language={i18n.language} />,
    },
    {
      key: "event",
      card: true,
      className: "callback-stack",
      cell: (attempt) => (
        <>
          <span>{t(`callbacks.eventType.${attempt.eventType}`)}</span>
          <span className="list-muted list-code callback-event-id" title={attempt.eventId}>
            {text.subject(attempt)}
          </span>
        </>
      ),
    },
    {
      key: "application",
      className: "callback-stack callback-app list-wrap",
      cell: (attempt) => (
        <>
          <span className="callback-app-name" title={attempt.appName}>
            <BreakableValue text={attempt.appName} />
          </span>
          <span className="list-muted list-code">{attempt.appCode}</span>
        </>
      ),
    },
    {
      key: "url",
      optional: true,
      className: "callback-stack callback-url-cell",
      cell: (attempt) => (
        <>
          <span>{t(`callbacks.target.${attempt.target}`)}</span>
          <span className="list-muted callback-url" title={attempt.url}>
            {attempt.url}
          </span>
        </>
      ),
    },
    {
      key: "attempt",
      className: "callback-stack",
      cell: (attempt) => (
        <>
          <span>#{attempt.attemptNo}</span>
          <span className="list-muted">{t(`callbacks.trigger.${attempt.trigger}`)}</span>
        </>
      ),
    },
    {
      key: "status",
      card: true,
      className: "callback-stack",
      cell: (attempt) => (
        <>
          <span className="list-code">{text.status(attempt)}</span>
          {attempt.error === null ? null : (
            <span className="list-muted callback-error" title={attempt.error}>
              {attempt.error}
            </span>
          )}
        </>
      ),
    },
    { key: "latency", className: "callback-number", cell: (attempt) => text.latency(attempt.latencyMs) },
    {
      key: "requestBody",
      optional: true,
      className: "callback-body-cell",
      cell: (attempt) => <BodyPreview text={attempt.requestBody} />,
    },
    {
      key: "responseBody",
      optional: true,
      className: "callback-body-cell",
      cell: (attempt) => <BodyPreview text={attempt.responseBody} />,
    },
    {
      key: "result",
      card: true,
      cell: (attempt) => (
        <span className="callback-tags">
          <ResultTag result={attempt.result} />
          <DeliveryTag status={attempt.deliveryStatus} />
        </span>
      ),
    },
    { key: "nextRetry", optional: true, className: "callback-when", cell: (attempt) => text.time(attempt.nextRetryAt) },
  ];
  return (
    <ListTable
      area="callbacks"
      rowName="callback"
      chosen={columnChoice.chosen}
      onChoose={columnChoice.choose}
      view={view}
      columns={columns}
      rowKey={(attempt) => attempt.attemptId}
      grid={{ body: ListGrid, rowHeight: 48, follows: canRedeliver }}
      operations={(attempt) => (
        <span className="callback-operation-buttons">
          <Button
            size="small"
            variant="minimal"
            intent="primary"
            text={t("callbacks.actions.details")}
            onClick={() => onDetails(attempt.attemptId)}
          />
          <Button
            size="small"
            variant="minimal"
            intent="primary"
            text={t("callbacks.actions.redeliver")}
            disabled={!canRedeliver}
            onClick={() => onRedeliver(attempt.attemptId)}
          />
        </span>
      )}
      emptyHint={{
        icon: <Exchange size={48} />,
        text: t("callbacks.emptyHint"),
        action: (
          <Link to={routePaths.app} className="bp6-button">
            <span className="bp6-button-text">{t("callbacks.toApps")}</span>
          </Link>
        ),
      }}
      describeFailure={nextStep}
      onRetry={onRetry}
    />
  );
}
