import { Button, Card, H2, Tag } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { useTranslation } from "react-i18next";
import type { SecurityEvent, SecurityOutcome } from "../../../contracts/schemas/security-events.ts";
import type { securityActivityMachine } from "../../../machines/user/security-activity.ts";
import { selectSecurityActivity } from "../../../machines/user/security-activity-selectors.ts";
import { formatDateTime } from "../../i18n/format.ts";
import "./security-activity.css";

const outcomeIntent: Record<SecurityOutcome, "success" | "danger" | "warning"> = {
  success: "success",
  failure: "danger",
  refused: "warning",
};

/** "Recent security activity": the merchant's sign-ins, refusals, password changes and resets, newest first. */
export function SecurityActivity({ actor }: { actor: ActorRefFrom<typeof securityActivityMachine> }) {
  const { t } = useTranslation();
  const view = useSelector(actor, selectSecurityActivity);
  const canRetry = useSelector(actor, (s) => s.can({ type: "securityActivity.retry" }));
  const canReload = useSelector(actor, (s) => s.can({ type: "securityActivity.reload" }));
  const busy = view.kind === "loading" || (view.kind === "list" && view.reloading);

  return (
    <Card className="security-activity" data-testid="security-activity" aria-labelledby="security-activity-title">
      <div className="security-activity-head">
        <H2 id="security-activity-title" className="card-title">
          {t("security.title")}
        </H2>
        {canReload || busy ? (
          <Button
            size="small"
            variant="minimal"
            text={t("security.reload")}
            loading={busy && view.kind === "list"}
            disabled={!canReload}
            onClick={() => actor.send({ type: "securityActivity.reload" })}
          />
        ) : null}
      </div>
      <div aria-busy={busy || undefined} aria-live="polite">
        {view.kind === "loading" ? <p className="bp6-text-muted">{t("security.loading")}</p> : null}
        {view.kind === "empty" ? <p className="bp6-text-muted">{t("security.empty")}</p> : null}
        {view.kind === "failed" ? (
          <p role="alert">
            {t("security.failed")}{" "}
            {canRetry ? (
              <Button
                size="small"
                intent="danger"
                text={t("security.retry")}
                onClick={() => actor.send({ type: "securityActivity.retry" })}
              />
            ) : null}
          </p>
        ) : null}
        {view.kind === "list" ? (
          <ul className="security-activity-list">
            {view.events.map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}

function EventItem({ event }: { event: SecurityEvent }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="security-activity-item" data-testid="security-event">
      <span className="security-activity-what">
        <strong>{t(`security.kinds.${event.kind}`)}</strong>
        <Tag minimal intent={outcomeIntent[event.outcome]}>
          {t(`security.outcomes.${event.outcome}`)}
        </Tag>
      </span>
      <span className="security-activity-where bp6-text-muted">
        {formatDateTime(event.at, i18n.language)} · {event.ip}
        {event.userAgent ? ` · ${event.userAgent}` : ""}
      </span>
    </li>
  );
}
