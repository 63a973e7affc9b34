import { Button, Dialog, DialogBody, DialogFooter, H3, HTMLTable } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TransactionRecord } from "../../../contracts/schemas/transactions.ts";
import type { TransactionDetailView } from "../../../machines/transactions/transaction-list-selectors.ts";
import { CopyButton } from "../../app/copy-button.tsx";
import { formatDateTime } from "../../i18n/format.ts";
import { BreakableToken } from "../../ui/breakable-value.tsx";
import { FactList } from "../../ui/fact-list.tsx";
import { confirmationsText, signedUsdt } from "./transaction-amount.ts";

interface TransactionDetailDialogProps {
  view: TransactionDetailView;
  onClose(): void;
}

/** A record's every field and its journal's lines: the other side of the movement, account by account. */
export function TransactionDetailDialog({ view, onClose }: TransactionDetailDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={view.open}
      onClose={onClose}
      title={t("transactions.details.title", { id: view.open ? view.record.id : "" })}
      className="transaction-detail-dialog"
    >
      <DialogBody>{view.open ? <TransactionFacts record={view.record} /> : null}</DialogBody>
      <DialogFooter actions={<Button text={t("transactions.details.close")} onClick={onClose} />} />
    </Dialog>
  );
}

function TransactionFacts({ record }: { record: TransactionRecord }) {
  const { t, i18n } = useTranslation();
  const none = t("transactions.none");
  const label = (column: string) => t(`transactions.columns.${column}` as never);
  const txHash: ReactNode = record.txHash ? (
    <span className="list-code">
      <code>
        <BreakableToken text={record.txHash} />
      </code>
      <CopyButton value={record.txHash} label={t("transactions.details.copyTxHash")} />
    </span>
  ) : (
    none
  );
  const facts: Array<[string, ReactNode]> = [
    [t("transactions.details.id"), record.id],
    [label("kind"), t(`transactions.kind.${record.kind}`)],
    [label("amount"), signedUsdt(record.amount, i18n.language)],
    [label("createdAt"), formatDateTime(record.createdAt, i18n.language)],
    [label("orderCode"), record.orderCode ?? none],
    [label("chain"), record.chain ?? none],
    [label("txHash"), txHash],
    [label("blockNumber"), record.blockNumber ?? none],
    [label("confirmations"), confirmationsText(t, record) ?? none],
    [
      label("withdrawalStatus"),
      record.withdrawalStatus ? t(`withdrawals.status.${record.withdrawalStatus}` as never) : none,
    ],
  ];
  return (
    <>
      <FactList facts={facts} testId="transaction-facts" />
      <H3 className="transaction-lines-title">{t("transactions.details.lines")}</H3>
      <HTMLTable compact className="transaction-lines" data-testid="transaction-lines">
        <thead>
          <tr>
            <th scope="col">{t("transactions.details.account")}</th>
            <th scope="col">{label("amount")}</th>
          </tr>
        </thead>
        <tbody>
          {record.lines.map((line, index) => (
            // A journal's lines have no key of their own; their order is the order they were posted.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
            <tr key={index}>
              <td>{t(`transactions.account.${line.account}`)}</td>
              <td>{signedUsdt(line.amount, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}
