import { Card, H1 } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { selectPaymentActor } from "../../../machines/orders/order-purchase-selectors.ts";
import { routePaths } from "../../app/route-names.ts";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { provideOrderPurchase } from "./order-machines.ts";
import { PackageCatalogue } from "./package-catalogue.tsx";
import { PayDialog } from "./pay-dialog.tsx";

/** /order/buy: the package catalogue; creating an order opens its pay dialog (the buy machine's child). */
export default function OrderBuyPage() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const actor = useActorRef(provideOrderPurchase(services, { goToOrders: () => void navigate(routePaths.order) }), {
    input: { now: Date.now() },
    clock: actorClock(services),
  });
  // The created (or resumed) order's pay dialog, while it is open.
  const payment = useSelector(actor, selectPaymentActor);
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
      {payment ? <PayDialog actor={payment} /> : null}
    </section>
  );
}
