import { Callout, Card, H1 } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { selectExport } from "../../../machines/lists/list-export-selectors.ts";
import { selectListExportRequest, selectListPaging, selectListSearch } from "../../../machines/lists/list-selectors.ts";
import { transactionListArea } from "../../../machines/transactions/transaction-list.ts";
import {
  selectTransactionDetail,
  selectTransactionTable,
} from "../../../machines/transactions/transaction-list-selectors.ts";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { ExportControl } from "../../ui/export-control.tsx";
import { ListPaging } from "../../ui/list-paging.tsx";
import { ListSearchForm } from "../../ui/list-search-form.tsx";
import { provideTransactionExport, provideTransactionList } from "./transaction-machines.ts";
import { TransactionDetailDialog } from "./transaction-detail-dialog.tsx";
import { TransactionTable } from "./transaction-table.tsx";
import "../../ui/list-page.css";
import "./transactions.css";

/** Transaction records (spec section 2): every movement of the balance, with its ledger lines. */
export default function TransactionListPage() {
  const { t } = useTranslation();
  const services = useServices();
  const actor = useActorRef(provideTransactionList(services), {
    input: { area: transactionListArea },
    clock: actorClock(services),
  });
  const search = useSelector(actor, selectListSearch);
  const table = useSelector(actor, selectTransactionTable);
  const paging = useSelector(actor, selectListPaging);
  const detail = useSelector(actor, selectTransactionDetail);
  const exporter = useActorRef(provideTransactionExport(services));
  const exportView = useSelector(exporter, selectExport);
  const exportRequest = useSelector(actor, selectListExportRequest);

  return (
    <section className="page transactions-page" aria-labelledby="transactions-title">
      <H1 id="transactions-title" className="page-title">
        {t("transactions.title")}
      </H1>
      <Callout intent="primary" className="transactions-intro">
        {t("transactions.intro")}
      </Callout>
      <Card className="transactions-card">
        <ListSearchForm
          key={search.revision}
          area={transactionListArea}
          view={search}
          onSearch={(form) => actor.send({ type: "list.search", search: form })}
          onReset={() => actor.send({ type: "list.reset" })}
        />
        <ExportControl
          view={exportView}
          statusTestId="transactions-export"
          describeFailure={services.describeFailure}
          onStart={() => exporter.send({ type: "export.start", request: exportRequest })}
          onCancel={() => exporter.send({ type: "export.cancel" })}
        />
        <TransactionTable
          view={table}
          onRetry={() => actor.send({ type: "list.retry" })}
          onDetails={(id) => actor.send({ type: "row.details", key: id })}
        />
        {table.kind === "rows" ? (
          <ListPaging
            area="transactions"
            view={paging}
            onPage={(page) => actor.send({ type: "list.page", page })}
            onPageSize={(pageSize) => actor.send({ type: "list.pageSize", pageSize })}
          />
        ) : null}
      </Card>
      <TransactionDetailDialog view={detail} onClose={() => actor.send({ type: "details.close" })} />
    </section>
  );
}
