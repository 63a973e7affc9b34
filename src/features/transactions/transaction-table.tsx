import { Button, Tag } from "@blueprintjs/core";
import { History } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TransactionRecord } from "../../../contracts/schemas/transactions.ts";
import type { TransactionTableView } from "../../../machines/transactions/transaction-list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { useListColumns } from "../../app/list-columns.ts";
import { routePaths } from "../../app/route-names.ts";
import { BreakableToken } from "../../ui/breakable-value.tsx";
import { DateTimeParts } from "../../ui/date-time-parts.tsx";
import { ListGrid } from "../../ui/list-grid.tsx";
import { type ListColumn, ListTable } from "../../ui/list-table.tsx";
import { movementState } from "../../../contracts/exports/movement-state.ts";
import { confirmationsText, signedUsdt } from "./transaction-amount.ts";

interface TransactionTableProps {
  view: TransactionTableView;
  onRetry(): void;
  onDetails(id: string): void;
}

/**
 * The records' rows: when, what moved and by how much, its order; the chain, transaction, block and confirmations
 * behind Columns (a withdrawal's count moves live).
 */
export function TransactionTable({ view, onRetry, onDetails }: TransactionTableProps) {
  const { t, i18n } = useTranslation();
  const nextStep = usePageAddition();
  const columnChoice = useListColumns("transactions");
  const none = t("transactions.none");
  const columns: ListColumn<TransactionRecord>[] = [
    {
      key: "createdAt",
      rowHeader: true,
      card: true,
      className: "list-wrap",
      cell: (r) => <DateTimeParts iso={r.createdAt} language={i18n.language} />,
    },
    {
      key: "kind",
      card: true,
      className: "list-wrap",
      cell: (r) => (
        <Tag minimal intent={r.amount.startsWith("-") ? "none" : "success"}>
          {t(`transactions.kind.${r.kind}`)}
        </Tag>
      ),
    },
    { key: "amount", card: true, cell: (r) => signedUsdt(r.amount, i18n.language) },
    // Shown by default: where a withdrawal is and how far its confirmations have counted, without opening it.
    {
      key: "state",
      className: "list-wrap",
      cell: (r) => movementState((key, values) => String(t(key as never, values as never)), r) ?? none,
    },
    { key: "orderCode", className: "list-code", cell: (r) => r.orderCode ?? none },
    { key: "chain", optional: true, cell: (r) => r.chain ?? none },
    {
      key: "txHash",
      optional: true,
      className: "list-wrap list-code",
      cell: (r) =>
        r.txHash ? (
          <span data-value="">
            <BreakableToken text={r.txHash} />
          </span>
        ) : (
          none
        ),
    },
    { key: "blockNumber", optional: true, cell: (r) => r.blockNumber ?? none },
    { key: "confirmations", optional: true, cell: (r) => confirmationsText(t, r) ?? none },
    {
      key: "withdrawalStatus",
      optional: true,
      cell: (r) => (r.withdrawalStatus ? t(`withdrawals.status.${r.withdrawalStatus}` as never) : none),
    },
  ];
  return (
    <ListTable
      area="transactions"
      rowName="transaction"
      chosen={columnChoice.chosen}
      onChoose={columnChoice.choose}
      view={view}
      columns={columns}
      rowKey={(r) => r.id}
      grid={{ body: ListGrid, rowHeight: 48 }}
      operations={(r) => (
        <Button
          size="small"
          variant="minimal"
          intent="primary"
          text={t("transactions.actions.details")}
          onClick={() => onDetails(r.id)}
        />
      )}
      emptyHint={{
        icon: <History size={48} />,
        text: t("transactions.emptyHint"),
        action: (
          <Link to={routePaths.wallet} className="bp6-button">
            <span className="bp6-button-text">{t("transactions.toWallet")}</span>
          </Link>
        ),
      }}
      describeFailure={nextStep}
      onRetry={onRetry}
    />
  );
}
