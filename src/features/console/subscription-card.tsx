import { Button, Card, Classes, H2, Spinner, Tag } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type PlanView,
  selectCanRetry,
  selectEntries,
  selectPlan,
  type UsageLine,
} from "../../../machines/orders/subscription-selectors.ts";
import { routePaths } from "../../app/route-names.ts";
import { useServices } from "../../app/services-context.tsx";
import { formatCount, formatDateTime } from "../../i18n/format.ts";
import { usePackageLimitHint } from "../../ui/package-limit-list.tsx";
import { provideSubscription } from "./console-machines.ts";
import "./subscription-card.css";
import { usePageAddition } from "../../app/failure-callout.tsx";

/** The console home's package card: the package and its expiry, the resource check, upgrade and trial. */
export function SubscriptionCard() {
  const { t } = useTranslation();
  const services = useServices();
  const actor = useActorRef(provideSubscription(services));
  const plan = useSelector(actor, selectPlan);
  const entries = useSelector(actor, selectEntries, (a, b) => a.upgrade === b.upgrade && a.trial === b.trial);
  const canRetry = useSelector(actor, selectCanRetry);
  const retry = () => actor.send({ type: "subscription.retry" });

  return (
    <Card className="subscription-card" data-testid="subscription-card">
      <H2 className="card-title">{t("subscription.title")}</H2>
      <PlanPart plan={plan} />
      {canRetry ? (
        <Button
          className="subscription-retry"
          size="small"
          intent="danger"
          text={t("subscription.retry")}
          onClick={retry}
        />
      ) : null}
      {entries.upgrade || entries.trial ? (
        <div className="subscription-actions">
          {entries.upgrade ? (
            <Link to={routePaths.orderBuy} className="bp6-button bp6-intent-primary">
              <span className="bp6-button-text">
                {entries.upgrade === "upgrade" ? t("subscription.upgrade") : t("subscription.buy")}
              </span>
            </Link>
          ) : null}
          {entries.trial ? (
            <Link to={routePaths.orderBuy} className="bp6-button">
              <span className="bp6-button-text">{t("subscription.trial")}</span>
            </Link>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function PlanPart({ plan }: { plan: PlanView }) {
  const { t, i18n } = useTranslation();
  const nextStep = usePageAddition();
  if (plan.kind === "loading") {
    return (
      <div className="subscription-status" role="status" aria-busy="true" data-testid="subscription-plan">
        <Spinner size={20} aria-label={t("subscription.loading")} />
        <span>{t("subscription.loading")}</span>
      </div>
    );
  }
  if (plan.kind === "failed") {
    return (
      <p className="subscription-problem" role="alert" data-testid="subscription-plan">
        {t("subscription.failed")} {nextStep(plan.failure)}
      </p>
    );
  }
  if (plan.kind === "none") {
    return <p data-testid="subscription-plan">{t("subscription.none")}</p>;
  }
  const name = String(t(`packages.names.${plan.packageCode}` as never, { defaultValue: plan.packageName } as never));
  const date = plan.expiresAt ? formatDateTime(plan.expiresAt, i18n.language) : null;
  return (
    <div data-testid="subscription-plan">
      <p className="subscription-package">
        <strong data-testid="subscription-package">{name}</strong>{" "}
        {plan.active ? null : (
          <Tag intent="warning" className="subscription-expired">
            {t("subscription.expired")}
          </Tag>
        )}
      </p>
      {date ? (
        <p className="subscription-expiry">
          {plan.active ? t("subscription.validUntil", { date }) : t("subscription.expiredOn", { date })}
        </p>
      ) : null}
      <h3 className="subscription-usage-title" id="subscription-usage-title">
        {t("subscription.usage")}
      </h3>
      <ul className="subscription-usage" aria-labelledby="subscription-usage-title">
        {plan.usage.map((line) => (
          <UsageItem key={line.resource} line={line} />
        ))}
      </ul>
    </div>
  );
}

function UsageItem({ line }: { line: UsageLine }) {
  const { t, i18n } = useTranslation();
  const hint = usePackageLimitHint();
  const number = (value: number) => formatCount(value, i18n.language);
  const limit = line.limit === null ? t("subscription.unlimited") : number(line.limit);
  return (
    <li className="subscription-usage-line" data-testid={`usage-${line.resource}`}>
      <span>{t(`subscription.resources.${line.resource}`)}</span>
      <span data-value="">
        {t("subscription.usageValue", { used: number(line.used), limit })}
        {line.over ? (
          <>
            {" "}
            <Tag intent="danger" minimal>
              {t("subscription.over")}
            </Tag>
          </>
        ) : null}
      </span>
      <span className={`subscription-usage-hint ${Classes.TEXT_MUTED}`}>{hint(line.resource, line.limit)}</span>
    </li>
  );
}
