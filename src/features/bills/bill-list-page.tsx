import { useActorRef, useSelector } from "@xstate/react";
import { billListArea } from "../../../machines/bills/bill-list.ts";
import { selectBillDetail, selectBillTable } from "../../../machines/bills/bill-list-selectors.ts";
import { ListInUrl } from "../../app/list-in-url.tsx";
import { ListPage } from "../../app/list-page.tsx";
import { type UrlSearch, useSearchInUrl } from "../../app/list-search-url.ts";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { BillDetailDialog } from "./bill-detail-dialog.tsx";
import { BillTable } from "./bill-table.tsx";
import { provideBillExport, provideBillList } from "./bills-machines.ts";
import "./bills.css";

/**
 * Application bills (spec section 2): every deposit to the applications' addresses, searched, paged and live; the
 * search in the address bar.
 */
export default function BillListPage() {
  return <ListInUrl area={billListArea} page={BillList} />;
}

function BillList({ url }: { url: UrlSearch }) {
  const services = useServices();
  const list = useActorRef(provideBillList(services), {
    input: { area: billListArea, search: url.search, pageSize: url.pageSize },
    clock: actorClock(services),
  });
  useSearchInUrl(list, url);
  const exporter = useActorRef(provideBillExport(services));
  const table = useSelector(list, selectBillTable);
  const detail = useSelector(list, selectBillDetail);
  return (
    <ListPage
      area={billListArea}
      name="bills"
      list={list}
      exported={{ exporter, describeFailure: services.describeFailure }}
      table={{
        rows: table.kind === "rows",
        node: (
          <BillTable
            view={table}
            onRetry={() => list.send({ type: "list.retry" })}
            onDetails={(billNo) => list.send({ type: "row.details", key: billNo })}
          />
        ),
      }}
    >
      <BillDetailDialog view={detail} onClose={() => list.send({ type: "details.close" })} />
    </ListPage>
  );
}
