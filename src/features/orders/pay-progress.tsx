import { ProgressBar } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { PaymentView } from "../../../machines/orders/order-payment-selectors.ts";
import { middleShortened } from "../../ui/middle-shortened.ts";
import { usePaymentText } from "./payment-text.ts";

const shortHash = (hash: string) => middleShortened(hash, 8, 6);

/** Waiting: what the server has seen for the order and how far each transfer is confirmed. */
export function PayProgress({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation();
  const text = usePaymentText();
  return (
    <section
      className="pay-progress"
      aria-live="polite"
      aria-labelledby="pay-progress-title"
      data-testid="pay-progress"
    >
      <h3 id="pay-progress-title" className="pay-progress-title">
        {t("orderPayment.checkingTitle")}
      </h3>
      <p className="pay-progress-mode" data-testid="pay-feed">
        {payment.live ? t("orderPayment.liveStatus") : t("orderPayment.pollingStatus")}
      </p>
      <p data-testid="pay-received">
        {t("orderPayment.progressFigures", {
          received: text.amount(payment.received),
          confirming: text.amount(payment.confirming),
          toSend: text.amount(payment.toSend),
        })}
      </p>
      {payment.transfers.length === 0 ? (
        <p data-testid="pay-no-transfer">{t("orderPayment.noTransferYet")}</p>
      ) : (
        <ul className="pay-transfers">
          {payment.transfers.map((transfer) => (
            <li key={transfer.txHash} data-testid="pay-transfer">
              <span>
                {t("orderPayment.transferSeen", {
                  amount: text.amount(transfer.amount),
                  hash: shortHash(transfer.txHash),
                })}
              </span>
              <ProgressBar
                value={transfer.required > 0 ? transfer.confirmations / transfer.required : 1}
                stripes={!transfer.confirmed}
                animate={false}
                intent={transfer.confirmed ? "success" : "primary"}
                aria-label={t("orderPayment.confirmations", { n: transfer.confirmations, required: transfer.required })}
              />
              <span className="pay-confirmations">
                {t("orderPayment.confirmations", { n: transfer.confirmations, required: transfer.required })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
