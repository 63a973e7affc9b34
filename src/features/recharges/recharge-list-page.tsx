import { Callout } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { rechargeListArea } from "../../../machines/recharges/recharge-list.ts";
import { selectRechargeDetail, selectRechargeTable } from "../../../machines/recharges/recharge-list-selectors.ts";
import { ListInUrl } from "../../app/list-in-url.tsx";
import { ListPage } from "../../app/list-page.tsx";
import { type UrlSearch, useSearchInUrl } from "../../app/list-search-url.ts";
import { provideListPages } from "../../app/list-service.ts";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { RechargeDetailDialog } from "./recharge-detail-dialog.tsx";
import { provideRechargeExport } from "./recharge-machines.ts";
import { RechargeTable } from "./recharge-table.tsx";
import "./recharges.css";

/**
 * Recharge bills (spec section 2): every credit of the balance by a transfer that is not an application deposit; the
 * search in the address bar.
 */
export default function RechargeListPage() {
  return <ListInUrl area={rechargeListArea} page={RechargeList} />;
}

function RechargeList({ url }: { url: UrlSearch }) {
  const { t } = useTranslation();
  const services = useServices();
  const list = useActorRef(provideListPages(rechargeListArea, services), {
    input: { area: rechargeListArea, search: url.search, pageSize: url.pageSize },
    clock: actorClock(services),
  });
  useSearchInUrl(list, url);
  const exporter = useActorRef(provideRechargeExport(services));
  const table = useSelector(list, selectRechargeTable);
  const detail = useSelector(list, selectRechargeDetail);
  return (
    <ListPage
      area={rechargeListArea}
      name="recharges"
      list={list}
      exported={{ exporter, describeFailure: services.describeFailure }}
      lead={
        <Callout intent="primary" className="recharges-intro">
          {t("recharges.intro")}
        </Callout>
      }
      table={{
        rows: table.kind === "rows",
        node: (
          <RechargeTable
            view={table}
            onRetry={() => list.send({ type: "list.retry" })}
            onDetails={(billNo) => list.send({ type: "row.details", key: billNo })}
          />
        ),
      }}
    >
      <RechargeDetailDialog view={detail} onClose={() => list.send({ type: "details.close" })} />
    </ListPage>
  );
}
