import { Button, Callout, Card, H1, H2, NonIdealState, Spinner } from "@blueprintjs/core";
import { Offline } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { sameDemoCheckout, selectDemoCheckout } from "../../../machines/public/demo-checkout-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { routePaths } from "../../app/route-names.ts";
import { useServices } from "../../app/services-context.tsx";
import { PublicLayout } from "./public-layout.tsx";
import { provideDemoCheckout } from "./public-machines.ts";
import "./demo-page.css";

/** /demo01: a real invoice of the demo shop on the local test chain, handed over to its hosted checkout page. */
export default function DemoPage() {
  const { t } = useTranslation();
  const services = useServices();
  const nextStep = usePageAddition();
  const demo = useActorRef(provideDemoCheckout(services));
  const view = useSelector(demo, selectDemoCheckout, sameDemoCheckout);

  let body: React.ReactNode;
  if (view.stage === "creating" || view.stage === "leaving") {
    body = (
      <div className="demo-progress">
        <Spinner size={32} aria-hidden="true" />
        <p role="status">{view.stage === "creating" ? t("demo.creating") : t("demo.leaving")}</p>
        {view.stage === "leaving" ? (
          <a className="bp6-button bp6-intent-primary" href={view.checkoutPath}>
            {t("demo.openCheckout")}
          </a>
        ) : null}
      </div>
    );
  } else if (view.stage === "failed") {
    body = (
      <Callout intent="danger" role="alert" title={t("demo.failedTitle")}>
        <p>{nextStep(view.failure) ?? t("demo.failedText")}</p>
        <Button text={t("demo.retry")} onClick={() => demo.send({ type: "demo.retry" })} />
      </Callout>
    );
  } else {
    body = (
      <NonIdealState
        icon={<Offline size={48} />}
        description={
          <>
            <H2 className="demo-end-title">{t("demo.unavailableTitle")}</H2>
            <p>{t("demo.unavailableText")}</p>
          </>
        }
        action={
          <Link to={routePaths.register} className="bp6-button bp6-intent-primary">
            {t("demo.register")}
          </Link>
        }
      />
    );
  }

  return (
    <PublicLayout>
      <section className="hero" aria-labelledby="demo-title">
        <H1 id="demo-title">{t("demo.title")}</H1>
        <p className="hero-lead">{t("demo.lead")}</p>
      </section>
      <Card className="demo-card">{body}</Card>
    </PublicLayout>
  );
}
