import { Button, Callout, Card, H1, H2, NonIdealState, SegmentedControl, Spinner } from "@blueprintjs/core";
import { History, TickCircle } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { demoChain } from "../../../contracts/schemas/demo.ts";
import {
  sameDemoCheckout,
  selectDemoChain,
  selectDemoCheckout,
} from "../../../machines/public/demo-checkout-selectors.ts";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { formatUsdt } from "../../i18n/format.ts";
import { supportedChains } from "./chains.ts";
import { DemoOrderView } from "./demo-order.tsx";
import { PublicLayout } from "./public-layout.tsx";
import { provideDemoCheckout } from "./public-machines.ts";
import "./demo-page.css";
import { usePageAddition } from "../../app/failure-callout.tsx";

/** /demo01: the checkout a merchant's customer sees, on the reference server's demo data. */
export default function DemoPage() {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const nextStep = usePageAddition();
  const demo = useActorRef(provideDemoCheckout(services), { input: { now: Date.now() }, clock: actorClock(services) });
  const view = useSelector(demo, selectDemoCheckout, sameDemoCheckout);
  const chain = useSelector(demo, selectDemoChain);
  const restart = () => demo.send({ type: "demo.start" });

  let body: React.ReactNode;
  if (view.stage === "loading") {
    body = <Spinner size={32} aria-label={t("demo.loading")} className="demo-spinner" />;
  } else if (view.stage === "failed") {
    body = (
      <Callout intent="danger" role="alert" title={t("demo.failedTitle")}>
        <p>{nextStep(view.failure)}</p>
        <Button text={t("demo.retry")} onClick={restart} />
      </Callout>
    );
  } else if (view.stage === "pending") {
    body = (
      <DemoOrderView
        order={view.order}
        secondsLeft={view.secondsLeft}
        shareLeft={view.shareLeft}
        paying={view.paying}
        failure={view.failure}
        onPay={() => demo.send({ type: "demo.pay" })}
      />
    );
  } else {
    const paid = view.stage === "paid";
    body = (
      <NonIdealState
        icon={paid ? <TickCircle size={48} className="demo-paid-icon" /> : <History size={48} />}
        description={
          <>
            <H2 className="demo-end-title">{paid ? t("demo.paidTitle") : t("demo.expiredTitle")}</H2>
            <p>
              {paid && view.order
                ? t("demo.paidText", { amount: formatUsdt(view.order.amount, i18n.language) })
                : t("demo.expiredText")}
            </p>
          </>
        }
        action={<Button intent="primary" text={t("demo.startNew")} onClick={restart} />}
      />
    );
  }

  return (
    <PublicLayout>
      <section className="hero" aria-labelledby="demo-title">
        <H1 id="demo-title">{t("demo.title")}</H1>
        <p className="hero-lead">{t("demo.lead")}</p>
      </section>
      <Card className="demo-card">
        <div className="demo-toolbar">
          <span id="demo-network-label">{t("demo.chooseNetwork")}</span>
          <SegmentedControl
            aria-labelledby="demo-network-label"
            value={chain}
            options={supportedChains.map((c) => ({ value: c.chain, label: `${c.network} (${c.standard})` }))}
            onValueChange={(value) => {
              const next = demoChain.safeParse(value);
              if (next.success) demo.send({ type: "demo.chain", chain: next.data });
            }}
          />
        </div>
        <div role="status" className="demo-status">
          {view.stage === "paid" ? t("demo.paidTitle") : view.stage === "expired" ? t("demo.expiredTitle") : ""}
        </div>
        {body}
      </Card>
    </PublicLayout>
  );
}
