import { Button } from "@blueprintjs/core";
import { Document } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BillRow } from "../../../machines/bills/bill-list.ts";
import type { BillTableView } from "../../../machines/bills/bill-list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { useListColumns } from "../../app/list-columns.ts";
import { routePaths } from "../../app/route-names.ts";
import { BreakableValue } from "../../ui/breakable-value.tsx";
import { DateTimeParts } from "../../ui/date-time-parts.tsx";
import { ListGrid } from "../../ui/list-grid.tsx";
import { type ListColumn, ListTable } from "../../ui/list-table.tsx";
import { BillStatusTag, NoticeStatusTag, ShortHex, useBillText } from "./bill-text.tsx";

interface BillTableProps {
  view: BillTableView;
  onRetry(): void;
  onDetails(billNo: string): void;
}

/** The list's body: loading, failure with Retry, no bills (with how they arrive), or the rows with Details pinned. */
export function BillTable({ view, onRetry, onDetails }: BillTableProps) {
  const { t, i18n } = useTranslation();
  const nextStep = usePageAddition();
  const columnChoice = useListColumns("bills");
  const text = useBillText();
  const columns: ListColumn<BillRow>[] = [
    {
      key: "billNo",
      rowHeader: true,
      card: true,
      className: "bill-code list-wrap",
      cell: ({ bill }) => <BillNumber billNo={bill.billNo} />,
      text: ({ bill }) => bill.billNo,
    },
    {
      key: "application",
      className: "bill-app list-wrap",
      cell: ({ bill }) => (
        <>
          <span className="bill-app-name">
            <BreakableValue text={bill.appName} />
          </span>
          <span className="bill-code bill-muted">{bill.appCode}</span>
        </>
      ),
    },
    // Shown by default: which end customer paid is what a merchant looks for first.
    {
      key: "endUserId",
      className: "bill-user list-wrap",
      cell: ({ bill }) => (
        <span className="bill-user-id" title={bill.endUserId}>
          <BreakableValue text={bill.endUserId} />
        </span>
      ),
    },
    {
      key: "fromAddress",
      optional: true,
      cell: ({ bill }) => <ShortHex value={bill.fromAddress} />,
      text: ({ bill }) => bill.fromAddress,
    },
    {
      key: "toAddress",
      optional: true,
      cell: ({ bill }) => <ShortHex value={bill.toAddress} />,
      text: ({ bill }) => bill.toAddress,
    },
    { key: "amount", card: true, className: "bill-amount", cell: ({ bill }) => text.amount(bill.amount, bill) },
    {
      key: "chainProtocol",
      optional: true,
      className: "bill-chain",
      cell: ({ bill }) => (
        <>
          <span>{bill.chain}</span>
          <span className="bill-muted">{bill.protocol}</span>
        </>
      ),
    },
    { key: "blockNumber", optional: true, cell: ({ bill }) => bill.blockNumber },
    { key: "txHash", cell: ({ bill }) => <ShortHex value={bill.txHash} />, text: ({ bill }) => bill.txHash },
    {
      key: "payTime",
      card: true,
      className: "bill-when list-wrap",
      cell: ({ bill }) => <DateTimeParts iso={bill.payTime} language={i18n.language} />,
    },
    {
      key: "status",
      card: true,
      cell: ({ bill, progress }) => <BillStatusTag status={bill.status} progress={progress} />,
    },
    { key: "noticeStatus", card: true, cell: ({ bill }) => <NoticeStatusTag status={bill.noticeStatus} /> },
    {
      key: "collectionAmount",
      optional: true,
      className: "bill-amount",
      cell: ({ bill }) => text.amount(bill.collectionAmount, bill),
    },
    {
      key: "deliveryAddress",
      optional: true,
      cell: ({ bill }) => <ShortHex value={bill.deliveryAddress} />,
      text: ({ bill }) => bill.deliveryAddress ?? text.none,
    },
    {
      key: "transferAmount",
      optional: true,
      className: "bill-amount",
      cell: ({ bill }) => text.amount(bill.transferAmount, bill),
    },
  ];
  return (
    <ListTable
      area="bills"
      rowName="bill"
      chosen={columnChoice.chosen}
      onChoose={columnChoice.choose}
      view={view}
      columns={columns}
      rowKey={(row) => row.bill.billNo}
      grid={{ body: ListGrid, rowHeight: 48 }}
      operations={({ bill }) => (
        <Button
          size="small"
          variant="minimal"
          intent="primary"
          text={t("bills.actions.details")}
          onClick={() => onDetails(bill.billNo)}
        />
      )}
      emptyHint={{
        icon: <Document size={48} />,
        text: t("bills.emptyHint"),
        action: (
          <Link to={routePaths.app} className="bp6-button">
            <span className="bp6-button-text">{t("bills.toApps")}</span>
          </Link>
        ),
      }}
      describeFailure={nextStep}
      onRetry={onRetry}
    />
  );
}

/**
 * A bill number (its day, then its sequence: 20261129 0000000001) in two parts the grid stacks, as it stacks a date
 * over its time: eighteen digits on one line were the widest column; elsewhere it reads as one.
 */
function BillNumber({ billNo }: { billNo: string }) {
  const day = /^\d{8}(?=\d{4})/.exec(billNo)?.[0];
  if (!day) return billNo;
  return (
    <>
      <span>{day}</span>
      <wbr />
      <span>{billNo.slice(day.length)}</span>
    </>
  );
}
