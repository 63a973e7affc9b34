import { Callout, Card } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { transactionListArea } from "../../../machines/transactions/transaction-list.ts";
import {
  selectTransactionDetail,
  selectTransactionTable,
} from "../../../machines/transactions/transaction-list-selectors.ts";
import { ListBody } from "../../app/list-body.tsx";
import { ListHeading } from "../../app/list-heading.tsx";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { TransactionDetailDialog } from "./transaction-detail-dialog.tsx";
import { provideTransactionExport, provideTransactionList } from "./transaction-machines.ts";
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
  const exporter = useActorRef(provideTransactionExport(services));
  const table = useSelector(actor, selectTransactionTable);
  const detail = useSelector(actor, selectTransactionDetail);
  return (
    <section className="page transactions-page" aria-labelledby="transactions-title">
      <ListHeading area="transactions" list={actor} />
      <Callout intent="primary" className="transactions-intro">
        {t("transactions.intro")}
      </Callout>
      <Card className="transactions-card">
        <ListBody
          area={transactionListArea}
          paged="transactions"
          list={actor}
          exporter={exporter}
          describeFailure={services.describeFailure}
          table={{
            rows: table.kind === "rows",
            node: (
              <TransactionTable
                view={table}
                onRetry={() => actor.send({ type: "list.retry" })}
                onDetails={(id) => actor.send({ type: "row.details", key: id })}
              />
            ),
          }}
        />
      </Card>
      <TransactionDetailDialog view={detail} onClose={() => actor.send({ type: "details.close" })} />
    </section>
  );
}
