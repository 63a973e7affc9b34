import { Button, Callout } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { OrderPaymentActor } from "../../../machines/orders/order-payment.ts";
import { selectPayment } from "../../../machines/orders/order-payment-selectors.ts";
import { FailureScope } from "../../app/failure-callout.tsx";
import { QrCode } from "../../ui/qr-code.tsx";
import { ChainSelect } from "./chain-select.tsx";
import { CopyButton } from "../../app/copy-button.tsx";
import { PayProgress } from "./pay-progress.tsx";
import { formatClock } from "../../i18n/format.ts";
import { usePaymentText } from "./payment-text.ts";

/** An open order: where and what to pay, a QR code for wallet apps, the time left, and the ways to pay or cancel. */
export function PayPanel({ actor }: { actor: OrderPaymentActor }) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const payment = useSelector(actor, selectPayment);
  const canFinish = useSelector(actor, (s) => s.can({ type: "order.finishPay" }));
  const canFromBalance = useSelector(actor, (s) => s.can({ type: "order.payFromBalance" }));
  const canDevPay = useSelector(actor, (s) => s.can({ type: "order.devPay" }));
  const canCancel = useSelector(actor, (s) => s.can({ type: "order.cancel" }));
  if (!payment) return null;
  const { chain, busy, offers } = payment;

  return (
    <div className="pay-panel">
      {payment.checking ? <PayProgress payment={payment} /> : null}
      <div className="pay-grid">
        <div className="pay-facts">
          <ChainSelect actor={actor} disabled={busy !== null} />
          {payment.owed ? (
            <dl className="pay-fields">
              <dt>{t("orderPayment.amountToPay")}</dt>
              <dd>
                <strong className="pay-amount" data-testid="pay-amount" data-value="">
                  {text.amount(payment.toSend)}
                </strong>
                <CopyButton value={payment.toSend} label={t("orderPayment.copyAmount")} />
              </dd>
              <dt>{t("orderPayment.payTo")}</dt>
              <dd className="pay-address">
                <code data-testid="pay-address">{payment.address}</code>
                <CopyButton value={payment.address} label={t("orderPayment.copyAddress")} />
              </dd>
            </dl>
          ) : (
            <p data-testid="pay-nothing-owed">{t("orderPayment.nothingOwed")}</p>
          )}
          {payment.owed && chain ? (
            <Callout intent="warning" compact className="pay-warning">
              {t("orderPayment.exactToken", {
                symbol: chain.token.symbol,
                network: chain.product,
                contract: chain.token.address,
              })}
            </Callout>
          ) : null}
          {payment.windowClosed ? (
            <p className="pay-time" data-testid="pay-window-closed">
              {t("orderPayment.windowClosed")}
            </p>
          ) : (
            <p className="pay-time">
              {t("orderPayment.timeLeft")}{" "}
              <span role="timer" aria-live="off" className="pay-countdown" data-testid="pay-countdown">
                {formatClock(payment.secondsLeft)}
              </span>
            </p>
          )}
          {payment.devPayment ? (
            <Callout intent="success" compact data-testid="dev-payment">
              {t("orderPayment.devPaymentSent", {
                amount: text.amount(payment.devPayment.amount),
                hash: payment.devPayment.txHash,
              })}
            </Callout>
          ) : null}
          {payment.confirmingNow ? (
            <Callout intent="primary" compact data-testid="pay-wait-confirming">
              {t("orderPayment.waitConfirming", { amount: text.amount(payment.confirming) })}
            </Callout>
          ) : null}
          <FailureScope failure={payment.failure} />
          <div className="pay-actions">
            {offers.finishPay ? (
              <Button
                intent="primary"
                text={t("orderPayment.finishPay")}
                disabled={!canFinish}
                loading={busy === "finishPay"}
                onClick={() => actor.send({ type: "order.finishPay" })}
              />
            ) : null}
            {offers.fromBalance ? (
              <Button
                intent="success"
                text={t("orderPayment.payFromBalance", { amount: text.amount(payment.balance ?? "0") })}
                disabled={!canFromBalance}
                loading={busy === "payFromBalance"}
                onClick={() => actor.send({ type: "order.payFromBalance" })}
              />
            ) : null}
            {offers.devPay ? (
              <Button
                text={t("orderPayment.devPay")}
                disabled={!canDevPay}
                loading={busy === "devPay"}
                onClick={() => actor.send({ type: "order.devPay" })}
              />
            ) : null}
            {offers.cancel ? (
              <Button
                intent="danger"
                variant="outlined"
                text={t("orderPayment.cancelOrder")}
                disabled={!canCancel}
                loading={busy === "cancel"}
                onClick={() => actor.send({ type: "order.cancel" })}
              />
            ) : null}
          </div>
        </div>
        {payment.uri ? (
          <figure className="pay-qr-figure">
            <QrCode
              value={payment.uri}
              label={t("orderPayment.qrLabel", { address: payment.address })}
              className="pay-qr"
              testId="pay-qr"
            />
            <figcaption>{t("orderPayment.scan")}</figcaption>
          </figure>
        ) : null}
      </div>
    </div>
  );
}
