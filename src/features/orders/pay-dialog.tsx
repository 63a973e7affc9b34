import { Button, Callout, Dialog, DialogBody, DialogFooter, Spinner } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { OrderPaymentActor } from "../../../machines/orders/order-payment.ts";
import {
  selectCancelConfirm,
  selectOrderSummary,
  selectPaidAsksGoToOrders,
  selectPaidQuestionOpen,
  selectPaidTitleKey,
  selectPayDialogOpen,
  selectPayScreen,
} from "../../../machines/orders/order-payment-selectors.ts";
import { LabelledAlert } from "../../ui/labelled-alert.tsx";
import { PackageLimitList } from "../../ui/package-limit-list.tsx";
import { ChainSelect } from "./chain-select.tsx";
import { PayPanel } from "./pay-panel.tsx";
import { usePaymentText } from "./payment-text.ts";
import { UsdtAmount } from "../../ui/usdt-amount.tsx";
import "./order-payment.css";
import { usePageAddition } from "../../app/failure-callout.tsx";

/** The pay dialog of one order, its cancel confirmation and the "go to my orders?" question once it is paid. */
export function PayDialog({ actor }: { actor: OrderPaymentActor }) {
  const { t, i18n } = useTranslation();
  const text = usePaymentText();
  const money = (amount: string) => <UsdtAmount amount={amount} language={i18n.language} />;
  const open = useSelector(actor, selectPayDialogOpen);
  const summary = useSelector(actor, selectOrderSummary);
  const canClose = useSelector(actor, (s) => s.can({ type: "order.close" }));
  const close = () => actor.send({ type: "order.close" });
  const name = text.packageName(summary.packageCode, summary.packageName);

  return (
    <>
      <Dialog
        isOpen={open}
        title={t("orderPayment.dialogTitle", { name, term: text.term(summary.term) })}
        onClose={close}
        canEscapeKeyClose={canClose}
        canOutsideClickClose={false}
        // The footer's Close says it in the merchant's language (Blueprint's corner button is labelled in English only).
        isCloseButtonShown={false}
        className="pay-dialog"
      >
        <DialogBody>
          <p className="pay-order-code bp6-text-muted" data-testid="pay-order-code">
            {t("orderPayment.orderCode", { code: summary.orderCode })}
          </p>
          <p className="pay-summary" data-testid="pay-summary">
            {t("orderPayment.summary", { name, amount: text.amount(summary.amount) })}
          </p>
          <PackageLimitList limits={summary.limits} testId="pay-limits" />
          {summary.credit ? (
            <dl className="pay-fields pay-credit" data-testid="pay-credit">
              <dt>{t("orderPayment.price")}</dt>
              <dd>{money(summary.credit.price)}</dd>
              <dt>{t("orderPayment.credit")}</dt>
              <dd>− {money(summary.credit.credit)}</dd>
              <dt>{t("orderPayment.due")}</dt>
              <dd>
                <strong>{money(summary.credit.due)}</strong>
              </dd>
            </dl>
          ) : null}
          {summary.upgradeNote ? (
            <p className="pay-upgrade" data-testid="pay-upgrade">
              {t(summary.upgradeNote === "extend" ? "orderPayment.upgradeExtend" : "orderPayment.upgradeReplace")}
            </p>
          ) : null}
          <PayScreenView actor={actor} />
        </DialogBody>
        <DialogFooter actions={<Button text={t("orderPayment.close")} disabled={!canClose} onClick={close} />} />
      </Dialog>
      <CancelConfirm actor={actor} />
      <PaidQuestion actor={actor} name={name} />
    </>
  );
}

function PayScreenView({ actor }: { actor: OrderPaymentActor }) {
  const { t } = useTranslation();
  const nextStep = usePageAddition();
  const screen = useSelector(
    actor,
    selectPayScreen,
    (a, b) => a.kind === b.kind && ("failure" in a ? a.failure : null) === ("failure" in b ? b.failure : null),
  );
  const canRetry = useSelector(actor, (s) => s.can({ type: "order.retry" }));
  const retry = (
    <Button text={t("orderPayment.retry")} disabled={!canRetry} onClick={() => actor.send({ type: "order.retry" })} />
  );
  switch (screen.kind) {
    case "loading":
      return <Spinner size={32} className="pay-spinner" aria-label={t("orderPayment.loadingPayment")} />;
    case "chainsFailed":
      return (
        <Callout intent="danger" role="alert" title={t("orderPayment.chainsFailed")}>
          <p>{screen.failure ? nextStep(screen.failure) : t("orderPayment.noChains")}</p>
          {retry}
        </Callout>
      );
    case "addressFailed":
      return (
        <>
          <ChainSelect actor={actor} disabled={false} />
          <Callout intent="danger" role="alert" title={t("orderPayment.addressFailed")}>
            <p>{nextStep(screen.failure)}</p>
            {retry}
          </Callout>
        </>
      );
    case "failed":
      return (
        <Callout intent="danger" title={t("orderPayment.failedTitle")} data-testid="pay-outcome">
          {t("orderPayment.failedText")}
        </Callout>
      );
    case "cancelled":
      return (
        <Callout intent="none" title={t("orderPayment.cancelledTitle")} data-testid="pay-outcome">
          {t("orderPayment.cancelledText")}
        </Callout>
      );
    case "pay":
      return <PayPanel actor={actor} />;
    default:
      return null;
  }
}

function CancelConfirm({ actor }: { actor: OrderPaymentActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s) => selectCancelConfirm(s).open);
  const busy = useSelector(actor, (s) => selectCancelConfirm(s).busy);
  const code = useSelector(actor, (s) => selectOrderSummary(s).orderCode);
  return (
    <LabelledAlert
      labelId="order-cancel-question"
      isOpen={open}
      intent="danger"
      loading={busy}
      canEscapeKeyCancel={!busy}
      confirmButtonText={t("orderPayment.cancelConfirm")}
      cancelButtonText={t("orderPayment.keepOrder")}
      onConfirm={() => actor.send({ type: "order.cancelConfirm" })}
      onCancel={() => actor.send({ type: "order.cancelDismiss" })}
    >
      <p id="order-cancel-question">{t("orderPayment.cancelQuestion", { code })}</p>
    </LabelledAlert>
  );
}

function PaidQuestion({ actor, name }: { actor: OrderPaymentActor; name: string }) {
  const { t } = useTranslation();
  const open = useSelector(actor, selectPaidQuestionOpen);
  const titleKey = useSelector(actor, selectPaidTitleKey);
  const asksGoToOrders = useSelector(actor, selectPaidAsksGoToOrders);
  // On My orders the row behind already shows it paid: the notice only says so, with one button to close it.
  return (
    <LabelledAlert
      labelId="order-paid-question"
      isOpen={open}
      intent="success"
      canEscapeKeyCancel
      confirmButtonText={t(asksGoToOrders ? "orderPayment.goToOrdersYes" : "orderPayment.close")}
      {...(asksGoToOrders ? { cancelButtonText: t("orderPayment.goToOrdersNo") } : {})}
      onConfirm={() => actor.send({ type: asksGoToOrders ? "order.goToOrders" : "order.close" })}
      onCancel={() => actor.send({ type: "order.close" })}
    >
      <p className="pay-paid-title" id={asksGoToOrders ? undefined : "order-paid-question"}>
        {t(titleKey, { name })}
      </p>
      {asksGoToOrders ? <p id="order-paid-question">{t("orderPayment.paidQuestion")}</p> : null}
    </LabelledAlert>
  );
}
