import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CallbackAttempt } from "../../../contracts/schemas/callbacks.ts";
import type { CallbackDetailView } from "../../../machines/callbacks/callback-list-selectors.ts";
import { CopyButton } from "../../app/copy-button.tsx";
import { BreakableValue } from "../../ui/breakable-value.tsx";
import { FactList } from "../../ui/fact-list.tsx";
import { DeliveryTag, ResultTag, useCallbackText } from "./callback-text.tsx";

interface CallbackDetailDialogProps {
  view: CallbackDetailView;
  onClose(): void;
}

/** An attempt's every field, the request and response bodies whole, each with a copy button. */
export function CallbackDetailDialog({ view, onClose }: CallbackDetailDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={view.open}
      onClose={onClose}
      title={t("callbacks.details.title", { attemptNo: view.open ? view.attempt.attemptNo : "" })}
      className="callback-detail-dialog"
    >
      <DialogBody>{view.open ? <AttemptFacts attempt={view.attempt} /> : null}</DialogBody>
      <DialogFooter actions={<Button text={t("callbacks.details.close")} onClick={onClose} />} />
    </Dialog>
  );
}

function AttemptFacts({ attempt }: { attempt: CallbackAttempt }) {
  const { t } = useTranslation();
  const text = useCallbackText();
  const label = (column: string) => t(`callbacks.columns.${column}` as never);
  const body = (value: string, copyLabel: string, testId: string): ReactNode =>
    value ? (
      <span className="callback-fact-body">
        <pre className="callback-body" data-testid={testId}>
          {value}
        </pre>
        <CopyButton value={value} label={copyLabel} />
      </span>
    ) : (
      t("callbacks.emptyBody")
    );
  const facts: Array<readonly [string, ReactNode]> = [
    [label("event"), `${t(`callbacks.eventType.${attempt.eventType}`)} (${attempt.eventType})`],
    [
      t("callbacks.details.eventId"),
      <span key="eventId" className="callback-fact-copy">
        <code>
          <BreakableValue text={attempt.eventId} />
        </code>
        <CopyButton value={attempt.eventId} label={t("callbacks.details.copyEventId")} />
      </span>,
    ],
    [label("application"), `${attempt.appName} (${attempt.appCode})`],
    attempt.withdrawalId !== null
      ? [t("callbacks.details.withdrawalId"), attempt.withdrawalId]
      : attempt.invoiceId !== null
        ? [t("callbacks.details.invoiceId"), attempt.invoiceId]
        : [t("callbacks.details.billNo"), attempt.billNo ?? text.none],
    [label("url"), <BreakableValue key="url" text={`${t(`callbacks.target.${attempt.target}`)}: ${attempt.url}`} />],
    [
      label("attempt"),
      t("callbacks.attemptOf", { attemptNo: attempt.attemptNo, trigger: t(`callbacks.trigger.${attempt.trigger}`) }),
    ],
    [label("sentAt"), text.time(attempt.sentAt)],
    [label("result"), <ResultTag key="result" result={attempt.result} />],
    [label("status"), text.status(attempt)],
    ...(attempt.error === null ? [] : [[t("callbacks.details.error"), attempt.error] as const]),
    [label("latency"), text.latency(attempt.latencyMs)],
    [label("delivery"), <DeliveryTag key="delivery" status={attempt.deliveryStatus} />],
    [label("nextRetry"), text.time(attempt.nextRetryAt)],
  ];
  return (
    <>
      <FactList facts={facts} testId="callback-facts" />
      <h3 className="callback-body-title">{label("requestBody")}</h3>
      {body(attempt.requestBody, t("callbacks.details.copyRequest"), "callback-request-body")}
      <h3 className="callback-body-title">{label("responseBody")}</h3>
      {body(attempt.responseBody, t("callbacks.details.copyResponse"), "callback-response-body")}
    </>
  );
}
