import { Button, Callout, H2, ProgressBar } from "@blueprintjs/core";
import { Duplicate } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import type { DemoOrder } from "../../../contracts/schemas/demo.ts";
import type { Failure } from "../../../machines/api-failure.ts";
import { useNotify } from "../../app/services-context.tsx";
import { formatClock, formatUsdt } from "../../i18n/format.ts";
import { chainInfo } from "./chains.ts";
import { QrCode } from "../../ui/qr-code.tsx";
import { usePageAddition } from "../../app/failure-callout.tsx";

export interface DemoOrderViewProps {
  order: DemoOrder;
  secondsLeft: number;
  shareLeft: number;
  paying: boolean;
  failure: Failure | null;
  onPay: () => void;
}

/** An open demo order: what to pay, where, a QR code of the address, and the time left. */
export function DemoOrderView({ order, secondsLeft, shareLeft, paying, failure, onPay }: DemoOrderViewProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const nextStep = usePageAddition();
  const chain = chainInfo(order.chain);
  const amount = formatUsdt(order.amount, i18n.language);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(order.address);
      notify.success(t("common.copySuccess"));
    } catch {
      notify.error(t("common.copyFailed"));
    }
  };
  return (
    <div className="demo-order">
      <div className="demo-order-text">
        <p className="demo-order-code">{t("demo.orderCode", { code: order.orderCode })}</p>
        <H2 className="demo-amount" data-testid="demo-amount">
          {t("demo.amount", { amount })}
        </H2>
        <dl className="demo-facts">
          <dt>{t("demo.network")}</dt>
          <dd data-testid="demo-chain">
            {chain.network} · {chain.token} ({chain.standard})
          </dd>
          <dt>{t("demo.address")}</dt>
          <dd className="demo-address">
            <code data-testid="demo-address">{order.address}</code>
            <Button
              variant="minimal"
              size="small"
              icon={<Duplicate />}
              aria-label={t("demo.copyAddress")}
              title={t("demo.copyAddress")}
              onClick={copy}
            />
          </dd>
        </dl>
        <Callout intent="warning" compact className="demo-warning">
          {t("demo.exactAmount", { standard: chain.standard, network: chain.network })}
        </Callout>
        <p className="demo-time">
          {t("demo.timeLeftLabel")}{" "}
          <span role="timer" aria-live="off" className="demo-countdown" data-testid="demo-countdown">
            {formatClock(secondsLeft)}
          </span>
        </p>
        <ProgressBar
          value={shareLeft}
          stripes={false}
          animate={false}
          intent={secondsLeft < 60 ? "danger" : "primary"}
          aria-label={t("demo.timeLeftLabel")}
        />
        {failure ? (
          <Callout intent="danger" role="alert" compact className="form-failure demo-failure">
            {nextStep(failure)}
          </Callout>
        ) : null}
        <div className="hero-actions">
          <Button intent="success" loading={paying} text={t("demo.simulatePayment")} onClick={onPay} />
        </div>
        <p className="demo-hint">{t("demo.simulateHint")}</p>
      </div>
      <figure className="demo-qr-figure">
        <QrCode
          value={order.address}
          label={t("demo.qrLabel", { address: order.address })}
          className="demo-qr"
          testId="demo-qr"
        />
        <figcaption>{t("demo.scan")}</figcaption>
      </figure>
    </div>
  );
}
