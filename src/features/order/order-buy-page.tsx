import { Card, H1 } from "@blueprintjs/core";
import { useActorRef } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { routePaths } from "../../app/route-names.ts";
import { useServices } from "../../app/services-context.tsx";
import { orderPaymentClock, provideOrderPayment } from "./order-machines.ts";
import { PackageCatalogue } from "./package-catalogue.tsx";
import { PayDialog } from "./pay-dialog.tsx";

/** /order/buy: the package catalogue; creating an order opens its pay dialog. */
export default function OrderBuyPage() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const actor = useActorRef(
    provideOrderPayment(services, { goToOrders: () => void navigate(routePaths.order), closeDialog: () => {} }),
    { input: { now: Date.now() }, clock: orderPaymentClock(services) },
  );
  return (
    <section className="page order-buy-page" aria-labelledby="order-buy-title">
      <div className="order-buy-heading">
        <H1 id="order-buy-title" className="page-title">
          {t("orderPayment.buyTitle")}
        </H1>
        <Link to={routePaths.order}>{t("orderPayment.myOrders")}</Link>
      </div>
      <p className="order-buy-lead">{t("orderPayment.buyLead")}</p>
      <Card className="order-buy-card">
        <PackageCatalogue actor={actor} />
      </Card>
      <PayDialog actor={actor} />
    </section>
  );
}
