import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AppBill } from "../../../contracts/schemas/bills.ts";
import type { ConfirmationView } from "../../../machines/bills/bill-list.ts";
import type { BillDetailView } from "../../../machines/bills/bill-list-selectors.ts";
import { CopyButton } from "../../app/copy-button.tsx";
import { routePaths } from "../../app/route-names.ts";
import { BreakableToken, BreakableValue } from "../../ui/breakable-value.tsx";
import { FactList } from "../../ui/fact-list.tsx";
import { BillStatusTag, NoticeStatusTag, useBillText } from "./bill-text.tsx";

interface BillDetailDialogProps {
  view: BillDetailView;
  onClose(): void;
}

/** A bill's every field (spec section 3), live like its row; hashes and addresses whole, each with a copy button. */
export function BillDetailDialog({ view, onClose }: BillDetailDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={view.open}
      onClose={onClose}
      title={t("bills.details.title", { billNo: view.open ? view.bill.billNo : "" })}
      className="bill-detail-dialog"
    >
      <DialogBody>{view.open ? <BillFacts bill={view.bill} progress={view.progress} /> : null}</DialogBody>
      <DialogFooter actions={<Button text={t("bills.details.close")} onClick={onClose} />}>
        {view.open ? (
          // The bill's deliveries on Transaction callbacks, filtered to it; the dialog closes as the page changes.
          <Link
            to={`${routePaths.callback}?${new URLSearchParams({ billNo: view.bill.billNo })}`}
            onClick={onClose}
            className="bp6-button bp6-minimal bp6-intent-primary"
            data-testid="bill-callbacks-link"
          >
            <span className="bp6-button-text">{t("bills.details.callbacks")}</span>
          </Link>
        ) : null}
      </DialogFooter>
    </Dialog>
  );
}

function BillFacts({ bill, progress }: { bill: AppBill; progress: ConfirmationView }) {
  const { t } = useTranslation();
  const text = useBillText();
  const label = (column: string) => t(`bills.columns.${column}` as never);
  const hex = (value: string | null, copyLabel: string): ReactNode =>
    value ? (
      <span key="hex" className="bill-fact-hex">
        <code>
          <BreakableToken text={value} />
        </code>
        <CopyButton value={value} label={copyLabel} />
      </span>
    ) : (
      text.none
    );
  const lines: Array<[string, ReactNode]> = [
    [
      label("billNo"),
      <span key="billNo" className="bill-code">
        {bill.billNo}
      </span>,
    ],
    [label("application"), `${bill.appName} (${bill.appCode})`],
    [label("endUserId"), <BreakableValue key="endUserId" text={bill.endUserId} />],
    [label("fromAddress"), hex(bill.fromAddress, t("bills.details.copyFrom"))],
    [label("toAddress"), hex(bill.toAddress, t("bills.details.copyTo"))],
    [label("amount"), text.amount(bill.amount, bill)],
    [label("chain"), `${bill.chain} (${bill.chainId})`],
    [t("bills.details.currency"), bill.currency],
    [t("bills.details.tokenContract"), hex(bill.tokenContract, t("bills.details.copyTokenContract"))],
    [label("protocol"), bill.protocol],
    [label("blockNumber"), bill.blockNumber],
    [label("txHash"), hex(bill.txHash, t("bills.details.copyTxHash"))],
    [t("bills.details.logIndex"), String(bill.logIndex)],
    [label("payTime"), text.time(bill.payTime)],
    [label("status"), <BillStatusTag key="status" status={bill.status} progress={progress} />],
    [t("bills.details.creditedAt"), text.time(bill.creditedAt)],
    ...(bill.removedAt ? [[t("bills.details.removedAt"), text.time(bill.removedAt)] as [string, string]] : []),
    [label("noticeStatus"), <NoticeStatusTag key="notice" status={bill.noticeStatus} />],
    [label("collectionAmount"), text.amount(bill.collectionAmount, bill)],
    [label("deliveryAddress"), hex(bill.deliveryAddress, t("bills.details.copyDelivery"))],
    [label("transferAmount"), text.amount(bill.transferAmount, bill)],
    [t("bills.details.collectionTxHash"), hex(bill.collectionTxHash, t("bills.details.copyCollectionTxHash"))],
    [t("bills.details.collectionGasFee"), text.nativeAmount(bill.collectionGasFee)],
  ];
  return <FactList facts={lines} testId="bill-facts" />;
}
