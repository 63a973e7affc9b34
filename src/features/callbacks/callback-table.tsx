import { Button, Callout, H2, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { Exchange } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CallbackAttempt } from "../../../contracts/schemas/callbacks.ts";
import type { CallbackTableView } from "../../../machines/callbacks/callback-list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { routePaths } from "../../app/route-names.ts";
import { formatDateTimeParts } from "../../i18n/format.ts";
import { BreakableValue } from "../../ui/breakable-value.tsx";
import { ScrollRegion } from "../../ui/scroll-region.tsx";
import { BodyPreview, DeliveryTag, ResultTag, useCallbackText } from "./callback-text.tsx";

interface CallbackTableProps {
  view: CallbackTableView;
  /** Redeliver may be pressed (no other redelivery is open). */
  canRedeliver: boolean;
  onRetry(): void;
  onDetails(attemptId: string): void;
  onRedeliver(attemptId: string): void;
}

const columns = [
  "event",
  "application",
  "url",
  "attempt",
  "status",
  "latency",
  "requestBody",
  "responseBody",
  "result",
  "nextRetry",
] as const;

/** The list's body: loading, failure with Retry, no attempts (with how they come), or the rows with their actions pinned. */
export function CallbackTable({ view, canRedeliver, onRetry, onDetails, onRedeliver }: CallbackTableProps) {
  const { t } = useTranslation();
  const nextStep = usePageAddition();
  if (view.kind === "loading") {
    return (
      <div className="list-table-status" role="status" aria-busy="true" data-testid="callbacks-loading">
        <Spinner size={24} aria-label={t("callbacks.loading")} />
        <span>{t("callbacks.loading")}</span>
      </div>
    );
  }
  if (view.kind === "failed") {
    return (
      <Callout intent="danger" role="alert" className="list-table-status" data-testid="callbacks-failed">
        {t("callbacks.loadFailed")} {nextStep(view.failure)}{" "}
        <Button size="small" intent="danger" text={t("callbacks.retry")} onClick={onRetry} />
      </Callout>
    );
  }
  if (view.kind === "empty") {
    // The title is a heading under the page's h1 (NonIdealState's own title would be an h4).
    const title = (
      <H2 className="list-empty-title">{t(view.filtered ? "callbacks.emptyFiltered" : "callbacks.empty")}</H2>
    );
    return (
      <div aria-busy={view.refreshing || undefined} data-testid="callbacks-empty">
        {view.filtered ? (
          <NonIdealState className="list-empty" description={title} />
        ) : (
          <NonIdealState
            className="list-empty"
            icon={<Exchange size={48} />}
            description={
              <>
                {title}
                <p>{t("callbacks.emptyHint")}</p>
              </>
            }
            action={
              <Link to={routePaths.app} className="bp6-button">
                <span className="bp6-button-text">{t("callbacks.toApps")}</span>
              </Link>
            }
          />
        )}
      </div>
    );
  }
  return (
    <ScrollRegion labelledBy="callbacks-table-caption" busy={view.refreshing}>
      <HTMLTable compact striped className="callback-table" data-testid="callbacks-table">
        <caption id="callbacks-table-caption" className="list-visually-hidden">
          {t("callbacks.tableLabel")}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t("callbacks.columns.sentAt")}</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(`callbacks.columns.${column}`)}
              </th>
            ))}
            <th scope="col" className="callback-operations">
              {t("callbacks.columns.operations")}
            </th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((attempt) => (
            <CallbackRow
              key={attempt.attemptId}
              attempt={attempt}
              canRedeliver={canRedeliver}
              onDetails={onDetails}
              onRedeliver={onRedeliver}
            />
          ))}
        </tbody>
      </HTMLTable>
    </ScrollRegion>
  );
}

type RowProps = { attempt: CallbackAttempt } & Pick<CallbackTableProps, "canRedeliver" | "onDetails" | "onRedeliver">;

function CallbackRow({ attempt, canRedeliver, onDetails, onRedeliver }: RowProps) {
  const { t, i18n } = useTranslation();
  const text = useCallbackText();
  const sent = formatDateTimeParts(attempt.sentAt, i18n.language);
  return (
    <tr data-testid={`callback-row-${attempt.attemptId}`}>
      <th scope="row" className="callback-when">
        <span>{sent.date}</span>
        <wbr />
        <span>{sent.time}</span>
      </th>
      <td className="callback-stack">
        <span>{t(`callbacks.eventType.${attempt.eventType}`)}</span>
        <span className="list-muted list-code callback-event-id" title={attempt.eventId}>
          {attempt.billNo ?? attempt.eventId}
        </span>
      </td>
      <td className="callback-stack callback-app">
        <span>
          <BreakableValue text={attempt.appName} />
        </span>
        <span className="list-muted list-code">{attempt.appCode}</span>
      </td>
      <td className="callback-stack callback-url-cell">
        <span>{t(`callbacks.target.${attempt.target}`)}</span>
        <span className="list-muted callback-url" title={attempt.url}>
          {attempt.url}
        </span>
      </td>
      <td className="callback-stack">
        <span>#{attempt.attemptNo}</span>
        <span className="list-muted">{t(`callbacks.trigger.${attempt.trigger}`)}</span>
      </td>
      <td className="callback-stack">
        <span className="list-code">{text.status(attempt)}</span>
        {attempt.error === null ? null : (
          <span className="list-muted callback-error" title={attempt.error}>
            {attempt.error}
          </span>
        )}
      </td>
      <td className="callback-number">{text.latency(attempt.latencyMs)}</td>
      <td className="callback-body-cell">
        <BodyPreview text={attempt.requestBody} />
      </td>
      <td className="callback-body-cell">
        <BodyPreview text={attempt.responseBody} />
      </td>
      <td>
        <span className="callback-tags">
          <ResultTag result={attempt.result} />
          <DeliveryTag status={attempt.deliveryStatus} />
        </span>
      </td>
      <td className="callback-when">{text.time(attempt.nextRetryAt)}</td>
      <td className="callback-operations">
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
      </td>
    </tr>
  );
}
