import { Callout, Card, H1 } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { rechargeListArea } from "../../../machines/recharges/recharge-list.ts";
import { selectRechargeDetail, selectRechargeTable } from "../../../machines/recharges/recharge-list-selectors.ts";
import { ListBody } from "../../app/list-body.tsx";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { RechargeDetailDialog } from "./recharge-detail-dialog.tsx";
import { provideRechargeExport, provideRechargeList } from "./recharge-machines.ts";
import { RechargeTable } from "./recharge-table.tsx";
import "../../ui/list-page.css";
import "./recharges.css";

/** Recharge bills (spec section 2): every credit of the balance by a transfer that is not an application deposit. */
export default function RechargeListPage() {
  const { t } = useTranslation();
  const services = useServices();
  const actor = useActorRef(provideRechargeList(services), {
    input: { area: rechargeListArea },
    clock: actorClock(services),
  });
  const exporter = useActorRef(provideRechargeExport(services));
  const table = useSelector(actor, selectRechargeTable);
  const detail = useSelector(actor, selectRechargeDetail);
  return (
    <section className="page recharges-page" aria-labelledby="recharges-title">
      <H1 id="recharges-title" className="page-title">
        {t("recharges.title")}
      </H1>
      <Callout intent="primary" className="recharges-intro">
        {t("recharges.intro")}
      </Callout>
      <Card className="recharges-card">
        <ListBody
          area={rechargeListArea}
          paged="recharges"
          list={actor}
          exporter={exporter}
          describeFailure={services.describeFailure}
          table={{
            rows: table.kind === "rows",
            node: (
              <RechargeTable
                view={table}
                onRetry={() => actor.send({ type: "list.retry" })}
                onDetails={(billNo) => actor.send({ type: "row.details", key: billNo })}
              />
            ),
          }}
        />
      </Card>
      <RechargeDetailDialog view={detail} onClose={() => actor.send({ type: "details.close" })} />
    </section>
  );
}
