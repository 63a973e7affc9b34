import { Card, H2 } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { listMachine } from "../../../machines/lists/list-machine.ts";
import { withdrawalListArea } from "../../../machines/wallet/withdrawal-list.ts";
import { selectWithdrawalTable } from "../../../machines/wallet/withdrawal-list-selectors.ts";
import { ListBody } from "../../app/list-body.tsx";
import { useServices } from "../../app/services-context.tsx";
import type { provideWithdrawalExport } from "./wallet-machines.ts";
import { type WithdrawalDecisions, WithdrawalTable } from "./withdrawal-table.tsx";
import "../../ui/list-page.css";

interface WithdrawalListProps {
  list: ActorRefFrom<typeof listMachine>;
  exporter: ActorRefFrom<ReturnType<typeof provideWithdrawalExport>>;
  decide: WithdrawalDecisions;
}

/** My wallet's withdrawals: searched by state and time, a page at a time, exported as filtered. */
export function WithdrawalList({ list, exporter, decide }: WithdrawalListProps) {
  const { t } = useTranslation();
  const services = useServices();
  const table = useSelector(list, selectWithdrawalTable);
  return (
    <Card className="wallet-withdrawals" aria-labelledby="wallet-withdrawals-title">
      <H2 id="wallet-withdrawals-title" className="card-title">
        {t("withdrawals.title")}
      </H2>
      <ListBody
        area={withdrawalListArea}
        paged="withdrawals"
        list={list}
        exported={{ exporter, describeFailure: services.describeFailure }}
        table={{
          rows: table.kind === "rows",
          node: <WithdrawalTable view={table} onRetry={() => list.send({ type: "list.retry" })} decide={decide} />,
        }}
      />
    </Card>
  );
}
