import { Button, Tag } from "@blueprintjs/core";
import { Export } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import type { OpenWithdrawal } from "../../../contracts/schemas/open-api.ts";
import type { WalletWithdrawal } from "../../../contracts/schemas/wallet.ts";
import type { WithdrawalTableView } from "../../../machines/wallet/withdrawal-list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { useListColumns } from "../../app/list-columns.ts";
import { formatUsdt } from "../../i18n/format.ts";
import { BreakableToken } from "../../ui/breakable-value.tsx";
import { DateTimeParts } from "../../ui/date-time-parts.tsx";
import { type ListColumn, ListTable } from "../../ui/list-table.tsx";

const statusIntent: Record<OpenWithdrawal["status"], "none" | "primary" | "success" | "danger" | "warning"> = {
  requested: "none",
  awaitingApproval: "warning",
  signed: "primary",
  broadcast: "primary",
  confirmed: "success",
  failed: "danger",
};

/** Its transaction is mined and counts its confirmations: the row says how many of how many. */
const counting = (w: WalletWithdrawal) =>
  w.confirmations !== null && w.requiredConfirmations !== null && w.confirmations < w.requiredConfirmations;

/** What a withdrawal waiting for the merchant's approval offers: Approve and Reject, each opening its dialog. */
export interface WithdrawalDecisions {
  onApprove(withdrawal: OpenWithdrawal): void;
  onReject(withdrawal: OpenWithdrawal): void;
}

interface WithdrawalTableProps {
  view: WithdrawalTableView;
  onRetry(): void;
  decide: WithdrawalDecisions;
}

/** The withdrawals' rows: when, how much and its fee, where to, the state, and the transaction once paid. */
export function WithdrawalTable({ view, onRetry, decide }: WithdrawalTableProps) {
  const { t, i18n } = useTranslation();
  const nextStep = usePageAddition();
  const columnChoice = useListColumns("withdrawals");
  const columns: ListColumn<WalletWithdrawal>[] = [
    {
      key: "createdAt",
      rowHeader: true,
      card: true,
      className: "list-wrap",
      cell: (w) => <DateTimeParts iso={w.createdAt} language={i18n.language} />,
    },
    { key: "amount", card: true, cell: (w) => formatUsdt(w.amount, i18n.language) },
    { key: "fee", cell: (w) => formatUsdt(w.fee, i18n.language) },
    {
      key: "to",
      className: "list-wrap list-code",
      cell: (w) => (
        <span data-value="">
          <BreakableToken text={w.to} />
        </span>
      ),
    },
    {
      key: "status",
      card: true,
      className: "list-wrap",
      cell: (w) => (
        <>
          <Tag minimal intent={statusIntent[w.status]} title={w.failure ?? undefined}>
            {t(`withdrawals.status.${w.status}`)}
          </Tag>
          {w.waiting ? (
            <span className="list-muted wallet-waiting">{t(`withdrawals.waiting.${w.waiting}`)}</span>
          ) : null}
          {counting(w) ? (
            <span className="list-muted wallet-waiting" data-testid="withdrawal-confirmations">
              {t("withdrawals.confirming", { confirmations: w.confirmations, required: w.requiredConfirmations })}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: "txHash",
      optional: true,
      className: "list-wrap list-code",
      cell: (w) =>
        w.txHash ? (
          <span data-value="">
            <BreakableToken text={w.txHash} />
          </span>
        ) : (
          t("withdrawals.none")
        ),
    },
  ];
  return (
    <ListTable
      area="withdrawals"
      rowName="withdrawal"
      chosen={columnChoice.chosen}
      onChoose={columnChoice.choose}
      view={view}
      columns={columns}
      rowKey={(w) => w.id}
      operations={(w) =>
        w.status === "awaitingApproval" ? (
          <>
            <Button
              size="small"
              intent="primary"
              text={t("withdrawals.actions.approve")}
              onClick={() => decide.onApprove(w)}
            />
            <Button size="small" text={t("withdrawals.actions.reject")} onClick={() => decide.onReject(w)} />
          </>
        ) : null
      }
      emptyHint={{ icon: <Export size={48} />, text: t("withdrawals.emptyHint"), action: null }}
      describeFailure={nextStep}
      onRetry={onRetry}
    />
  );
}
