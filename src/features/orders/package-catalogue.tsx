import { Button, Callout, Card, NonIdealState, Radio, Spinner, Tag } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { OrderPurchaseActor } from "../../../machines/orders/order-purchase.ts";
import {
  type PackageCard,
  selectBalance,
  selectCatalogue,
  selectCurrentPackage,
  type UpgradeEffect,
} from "../../../machines/orders/order-purchase-selectors.ts";
import { routePaths } from "../../app/route-names.ts";
import { FailureScope, usePageAddition } from "../../app/failure-callout.tsx";
import { PackageLimitList } from "../../ui/package-limit-list.tsx";
import { usePaymentText } from "./payment-text.ts";

/** The packages as cards: choose one, then Create order. */
/** What buying the chosen package does to the current one, in words. */
const upgradeEffectKeys = {
  extend: "orderPayment.upgradeExtend",
  replace: "orderPayment.upgradeReplace",
  downgrade: "orderPayment.upgradeDowngrade",
} as const satisfies Record<Exclude<UpgradeEffect, "new">, string>;

export function PackageCatalogue({ actor }: { actor: OrderPurchaseActor }) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const nextStep = usePageAddition();
  const view = useSelector(actor, selectCatalogue);
  const current = useSelector(actor, selectCurrentPackage);
  const balance = useSelector(actor, selectBalance);
  const canCreate = useSelector(actor, (s) => s.can({ type: "order.create", now: 0 }));
  const canResume = useSelector(actor, (s) => s.can({ type: "order.resume" }));

  if (view.kind === "loading")
    return <Spinner size={32} className="order-buy-spinner" aria-label={t("orderPayment.loadingPackages")} />;
  const retry = <Button text={t("orderPayment.retry")} onClick={() => actor.send({ type: "catalogue.retry" })} />;
  if (view.kind === "failed") {
    return (
      <Callout intent="danger" role="alert" title={t("orderPayment.packagesFailed")}>
        <p>{nextStep(view.failure)}</p>
        {retry}
      </Callout>
    );
  }
  if (view.kind === "empty") return <NonIdealState title={t("orderPayment.noPackages")} action={retry} />;

  return (
    <>
      <p className="order-buy-status" data-testid="current-package">
        {current
          ? t(current.active ? "orderPayment.currentPackage" : "orderPayment.currentPackageExpired", {
              name: text.packageName(current.code, current.name),
              date: current.expiresAt ? text.date(current.expiresAt) : "",
            })
          : t("orderPayment.noPackage")}
        {balance !== null ? (
          <span data-testid="balance"> · {t("orderPayment.balance", { amount: text.amount(balance) })}</span>
        ) : null}
      </p>
      {view.resumable ? (
        <Callout intent="primary" className="order-buy-resume" data-testid="resumable-order">
          {t("orderPayment.resumeText", { code: view.resumable.orderCode })}{" "}
          <Button
            intent="primary"
            size="small"
            text={t("orderPayment.resume")}
            disabled={!canResume}
            onClick={() => actor.send({ type: "order.resume" })}
          />
        </Callout>
      ) : null}
      <div className="package-cards" role="radiogroup" aria-label={t("orderPayment.choosePackage")}>
        {view.cards.map((card) => (
          <PackageCardView
            key={card.id}
            card={card}
            busy={view.busy}
            onSelect={() => actor.send({ type: "package.select", packageId: card.id })}
          />
        ))}
      </div>
      {view.effect !== null && view.effect !== "new" ? (
        <p className="order-buy-effect" data-testid="upgrade-effect">
          {t(upgradeEffectKeys[view.effect])}
        </p>
      ) : null}
      {view.problem ? (
        <Callout intent="warning" role="alert" compact className="form-failure">
          {t(view.problem as never)}
        </Callout>
      ) : null}
      <FailureScope failure={view.failure} />
      {view.openOrderElsewhere ? (
        <p>
          <Link to={routePaths.order}>{t("orderPayment.goToMyOrders")}</Link>
        </p>
      ) : null}
      <div className="order-buy-actions">
        <Button
          intent="primary"
          size="large"
          loading={view.busy}
          disabled={!canCreate}
          text={t("orderPayment.createOrder")}
          onClick={() => actor.send({ type: "order.create", now: Date.now() })}
        />
      </div>
    </>
  );
}

function PackageCardView({ card, busy, onSelect }: { card: PackageCard; busy: boolean; onSelect(): void }) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const name = text.packageName(card.code, card.name);
  const detailsId = `package-${card.id}-details`;
  const selectable = card.selectable && !busy;
  return (
    <Card
      className="package-card"
      selected={card.selected}
      compact
      onClick={selectable ? onSelect : undefined}
      data-testid={`package-${card.code}`}
    >
      <Radio
        name="package"
        value={card.id}
        checked={card.selected}
        disabled={!selectable}
        onChange={onSelect}
        aria-describedby={detailsId}
        labelElement={<strong className="package-name">{name}</strong>}
      />
      <div id={detailsId} className="package-details">
        <p className="package-price">{card.free ? t("orderPayment.free") : text.amount(card.price)}</p>
        <p className="package-term">{text.term(card.term)}</p>
        <PackageLimitList limits={card.limits} />
        <div className="package-tags">
          {card.kind === "trial" ? (
            <Tag intent="success" minimal>
              {t("orderPayment.trialTag")}
            </Tag>
          ) : null}
          {card.trialUsed ? <Tag minimal>{t("orderPayment.trialUsed")}</Tag> : null}
          {card.current ? (
            <Tag intent={card.currentActive ? "primary" : "warning"} minimal>
              {card.currentUntil
                ? t(card.currentActive ? "orderPayment.currentUntil" : "orderPayment.currentExpired", {
                    date: text.date(card.currentUntil),
                  })
                : t("orderPayment.currentTag")}
            </Tag>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
