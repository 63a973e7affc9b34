import { Card, H2 } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import { selectExport } from "../../../machines/lists/list-export-selectors.ts";
import type { listMachine } from "../../../machines/lists/list-machine.ts";
import { selectListExportRequest, selectListPaging, selectListSearch } from "../../../machines/lists/list-selectors.ts";
import { withdrawalListArea } from "../../../machines/wallet/withdrawal-list.ts";
import { selectWithdrawalTable } from "../../../machines/wallet/withdrawal-list-selectors.ts";
import { useServices } from "../../app/services-context.tsx";
import { ExportControl } from "../../ui/export-control.tsx";
import { ListPaging } from "../../ui/list-paging.tsx";
import { ListSearchForm } from "../../ui/list-search-form.tsx";
import type { provideWithdrawalExport } from "./wallet-machines.ts";
import { WithdrawalTable } from "./withdrawal-table.tsx";
import "../../ui/list-page.css";

interface WithdrawalListProps {
  list: ActorRefFrom<typeof listMachine>;
  exporter: ActorRefFrom<ReturnType<typeof provideWithdrawalExport>>;
}

/** My wallet's withdrawals: searched by state and time, a page at a time, exported as filtered. */
export function WithdrawalList({ list, exporter }: WithdrawalListProps) {
  const { t } = useTranslation();
  const services = useServices();
  const search = useSelector(list, selectListSearch);
  const table = useSelector(list, selectWithdrawalTable);
  const paging = useSelector(list, selectListPaging);
  const exportView = useSelector(exporter, selectExport);
  const exportRequest = useSelector(list, selectListExportRequest);
  return (
    <Card className="wallet-withdrawals" aria-labelledby="wallet-withdrawals-title">
      <H2 id="wallet-withdrawals-title" className="card-title">
        {t("withdrawals.title")}
      </H2>
      <ListSearchForm
        key={search.revision}
        area={withdrawalListArea}
        view={search}
        onSearch={(form) => list.send({ type: "list.search", search: form })}
        onReset={() => list.send({ type: "list.reset" })}
      />
      <ExportControl
        view={exportView}
        statusTestId="withdrawals-export"
        describeFailure={services.describeFailure}
        onStart={() => exporter.send({ type: "export.start", request: exportRequest })}
        onCancel={() => exporter.send({ type: "export.cancel" })}
      />
      <WithdrawalTable view={table} onRetry={() => list.send({ type: "list.retry" })} />
      {table.kind === "rows" ? (
        <ListPaging
          area="withdrawals"
          view={paging}
          onPage={(to) => list.send({ type: "list.page", page: to })}
          onPageSize={(pageSize) => list.send({ type: "list.pageSize", pageSize })}
        />
      ) : null}
    </Card>
  );
}
