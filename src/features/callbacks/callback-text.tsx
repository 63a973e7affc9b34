import { type Intent, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { AttemptResult, CallbackAttempt, DeliveryStatus } from "../../../contracts/schemas/callbacks.ts";
import { eventReference } from "../../../contracts/exports/callbacks.ts";
import { formatCount, formatDateTime } from "../../i18n/format.ts";

const resultIntents: Record<AttemptResult, Intent> = { success: "success", failed: "danger" };
const deliveryIntents: Record<DeliveryStatus, Intent> = { pending: "warning", success: "success", failed: "danger" };

/** The texts of an attempt's fields in the merchant's language. */
export function useCallbackText() {
  const { t, i18n } = useTranslation();
  const none = t("callbacks.none");
  return {
    none,
    time: (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : none),
    latency: (ms: number) => t("callbacks.latency", { ms: formatCount(ms, i18n.language) }),
    /** The receiver's status, or that none answered. */
    status: (attempt: Pick<CallbackAttempt, "responseStatus">) =>
      attempt.responseStatus === null ? t("callbacks.noAnswer") : String(attempt.responseStatus),
    /** What the event tells of, as the CSV file says it too. */
    subject: (attempt: CallbackAttempt) =>
      eventReference(attempt, (key, values) => String(t(key as never, { ...values }))),
  };
}

export function ResultTag({ result }: { result: AttemptResult }) {
  const { t } = useTranslation();
  return (
    <Tag intent={resultIntents[result]} data-result={result}>
      {t(`callbacks.result.${result}`)}
    </Tag>
  );
}

export function DeliveryTag({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={deliveryIntents[status]} data-delivery={status}>
      {t(`callbacks.delivery.${status}`)}
    </Tag>
  );
}

/** A body cut to one line in a table cell; the whole of it is its title (and in the details dialog). */
export function BodyPreview({ text }: { text: string }) {
  const { t } = useTranslation();
  if (text === "") return <span className="list-muted">{t("callbacks.emptyBody")}</span>;
  return (
    <code className="callback-body-preview" title={text}>
      {text}
    </code>
  );
}
