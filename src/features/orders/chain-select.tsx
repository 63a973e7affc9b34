import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { OrderPaymentActor } from "../../../machines/orders/order-payment.ts";
import { selectChainChoice } from "../../../machines/orders/order-payment-selectors.ts";

const sameChoice = (a: ReturnType<typeof selectChainChoice>, b: ReturnType<typeof selectChainChoice>) =>
  a.chains === b.chains && a.product === b.product;

/** The network to pay on: only the chains the server is configured for. */
export function ChainSelect({ actor, disabled }: { actor: OrderPaymentActor; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const { chains, product } = useSelector(actor, selectChainChoice, sameChoice);
  return (
    <FormGroup label={t("orderPayment.network")} labelFor={id} inline className="pay-chain">
      <HTMLSelect
        id={id}
        value={product ?? ""}
        disabled={disabled}
        onChange={(event) => actor.send({ type: "order.chain", product: event.currentTarget.value })}
      >
        {chains.map((chain) => (
          <option key={chain.product} value={chain.product}>
            {t("orderPayment.chainOption", {
              product: chain.product,
              symbol: chain.token.symbol,
              chainId: chain.chainId,
            })}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
