import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { CheckoutView } from "../../contracts/schemas/checkout.ts";
import { selectChosenOption } from "../../machines/checkout/checkout-page-selectors.ts";
import { formatUsdt } from "../i18n/format.ts";
import { QrCode } from "../ui/qr-code.tsx";
import type { CheckoutActor } from "./checkout-machines.ts";
import { CopyButton } from "./copy-button.tsx";

/** Where and how much to pay: the chain (a choice when several), the QR of the EIP-681 URI, the address and amount. */
export function PaymentPanel({ page, view }: { page: CheckoutActor; view: CheckoutView }) {
  const { t, i18n } = useTranslation();
  const option = useSelector(page, selectChosenOption);
  if (!option) return null;
  const amount = formatUsdt(view.amountDue, i18n.language);
  return (
    <section className="co-pay" aria-labelledby="co-pay-how">
      {view.options.length > 1 && (
        <fieldset className="co-chains">
          <legend>{t("checkout.chooseChain")}</legend>
          {view.options.map((o) => (
            <label key={o.chain} className="co-chain">
              <input
                type="radio"
                name="chain"
                value={o.chain}
                checked={o.chain === option.chain}
                onChange={() => page.send({ type: "checkout.chain", chain: o.chain })}
              />
              <span>{o.chainName}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p id="co-pay-how" className="co-how">
        {t("checkout.sendExactly", { amount, chain: option.chainName })}
      </p>
      <div className="co-qr-box">
        <QrCode
          value={option.paymentUri}
          label={t("checkout.qrLabel", { chain: option.chainName })}
          size={200}
          className="co-qr"
          testId="checkout-qr"
        />
        <p className="co-hint">{t("checkout.qrHint")}</p>
      </div>
      <dl className="co-fields">
        <div className="co-field">
          <dt>{t("checkout.address")}</dt>
          <dd>
            <code className="co-address" data-testid="checkout-address">
              {option.address}
            </code>
            <CopyButton value={option.address} label={t("checkout.copyAddress")} testId="checkout-copy-address" />
          </dd>
        </div>
        <div className="co-field">
          <dt>{t("checkout.amount")}</dt>
          <dd>
            <span className="co-figure" data-testid="checkout-amount-due">
              {amount}
            </span>
            <CopyButton value={view.amountDue} label={t("checkout.copyAmount")} testId="checkout-copy-amount" />
          </dd>
        </div>
      </dl>
    </section>
  );
}
