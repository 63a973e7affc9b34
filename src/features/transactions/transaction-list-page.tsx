import { Callout } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { transactionListArea } from "../../../machines/transactions/transaction-list.ts";
import {
  selectTransactionDetail,
  selectTransactionTable,
} from "../../../machines/transactions/transaction-list-selectors.ts";
import { ListInUrl } from "../../app/list-in-url.tsx";
import { ListPage } from "../../app/list-page.tsx";
import { type UrlSearch, useSearchInUrl } from "../../app/list-search-url.ts";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { TransactionDetailDialog } from "./transaction-detail-dialog.tsx";
import { provideTransactionExport, provideTransactionList } from "./transaction-machines.ts";
import { TransactionTable } from "./transaction-table.tsx";
import "./transactions.css";

/** Transaction records (spec section 2): every movement of the balance, with its ledger lines; the search in the address bar. */
export default function TransactionListPage() {
  return <ListInUrl area={transactionListArea} page={TransactionList} />;
}

function TransactionList({ url }: { url: UrlSearch }) {
  const { t } = useTranslation();
  const services = useServices();
  const list = useActorRef(provideTransactionList(services), {
    input: { area: transactionListArea, search: url.search, pageSize: url.pageSize },
    clock: actorClock(services),
  });
  useSearchInUrl(list, url);
  const exporter = useActorRef(provideTransactionExport(services));
  const table = useSelector(list, selectTransactionTable);
  const detail = useSelector(list, selectTransactionDetail);
  return (
    <ListPage
      area={transactionListArea}
      name="transactions"
      list={list}
      exported={{ exporter, describeFailure: services.describeFailure }}
      lead={
        <Callout intent="primary" className="transactions-intro">
          {t("transactions.intro")}
        </Callout>
      }
      table={{
        rows: table.kind === "rows",
        node: (
          <TransactionTable
            view={table}
            onRetry={() => list.send({ type: "list.retry" })}
            onDetails={(id) => list.send({ type: "row.details", key: id })}
          />
        ),
      }}
    >
      <TransactionDetailDialog view={detail} onClose={() => list.send({ type: "details.close" })} />
    </ListPage>
  );
}
