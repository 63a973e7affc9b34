import { Button, Callout, H2, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { Document } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BillRow } from "../../../machines/bills/bill-list.ts";
import type { BillTableView } from "../../../machines/bills/bill-list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { routePaths } from "../../app/route-names.ts";
import { formatDateTimeParts } from "../../i18n/format.ts";
import { BreakableValue } from "../../ui/breakable-value.tsx";
import { ScrollRegion } from "../../ui/scroll-region.tsx";
import { BillStatusTag, NoticeStatusTag, ShortHex, useBillText } from "./bill-text.tsx";

interface BillTableProps {
  view: BillTableView;
  onRetry(): void;
  onDetails(billNo: string): void;
}

const columns = [
  "billNo",
  "application",
  "endUserId",
  "fromAddress",
  "toAddress",
  "amount",
  "chainProtocol",
  "blockNumber",
  "txHash",
  "payTime",
  "status",
  "noticeStatus",
  "collectionAmount",
  "deliveryAddress",
  "transferAmount",
] as const;

/** The list's body: loading, failure with Retry, no bills (with how they arrive), or the rows with Details pinned. */
export function BillTable({ view, onRetry, onDetails }: BillTableProps) {
  const { t } = useTranslation();
  const nextStep = usePageAddition();
  if (view.kind === "loading") {
    return (
      <div className="list-table-status" role="status" aria-busy="true" data-testid="bills-loading">
        <Spinner size={24} aria-label={t("bills.loading")} />
        <span>{t("bills.loading")}</span>
      </div>
    );
  }
  if (view.kind === "failed") {
    return (
      <Callout intent="danger" role="alert" className="list-table-status" data-testid="bills-failed">
        {t("bills.loadFailed")} {nextStep(view.failure)}{" "}
        <Button size="small" intent="danger" text={t("bills.retry")} onClick={onRetry} />
      </Callout>
    );
  }
  if (view.kind === "empty") {
    // The title is a heading under the page's h1 (NonIdealState's own title would be an h4).
    const title = <H2 className="list-empty-title">{t(view.filtered ? "bills.emptyFiltered" : "bills.empty")}</H2>;
    return (
      <div aria-busy={view.refreshing || undefined} data-testid="bills-empty">
        {view.filtered ? (
          <NonIdealState className="list-empty" description={title} />
        ) : (
          <NonIdealState
            className="list-empty"
            icon={<Document size={48} />}
            description={
              <>
                {title}
                <p>{t("bills.emptyHint")}</p>
              </>
            }
            action={
              <Link to={routePaths.app} className="bp6-button">
                <span className="bp6-button-text">{t("bills.toApps")}</span>
              </Link>
            }
          />
        )}
      </div>
    );
  }
  return (
    <ScrollRegion labelledBy="bills-table-caption" busy={view.refreshing}>
      <HTMLTable compact striped className="bill-table" data-testid="bills-table">
        <caption id="bills-table-caption" className="list-visually-hidden">
          {t("bills.tableLabel")}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(`bills.columns.${column}`)}
              </th>
            ))}
            <th scope="col" className="bill-operations">
              {t("bills.columns.operations")}
            </th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <BillTableRow key={row.bill.billNo} row={row} onDetails={onDetails} />
          ))}
        </tbody>
      </HTMLTable>
    </ScrollRegion>
  );
}

function BillTableRow({ row, onDetails }: { row: BillRow } & Pick<BillTableProps, "onDetails">) {
  const { t, i18n } = useTranslation();
  const text = useBillText();
  const { bill } = row;
  const { date, time } = formatDateTimeParts(bill.payTime, i18n.language);
  return (
    <tr data-testid={`bill-row-${bill.billNo}`}>
      <th scope="row" className="bill-code" data-value="">
        {bill.billNo}
      </th>
      <td className="bill-app">
        <span className="bill-app-name" data-value="">
          <BreakableValue text={bill.appName} />
        </span>
        <span className="bill-code bill-muted">{bill.appCode}</span>
      </td>
      <td className="bill-user" data-value="">
        <BreakableValue text={bill.endUserId} />
      </td>
      <td>
        <ShortHex value={bill.fromAddress} />
      </td>
      <td>
        <ShortHex value={bill.toAddress} />
      </td>
      <td className="bill-amount">{text.amount(bill.amount, bill)}</td>
      <td className="bill-chain">
        <span>{bill.chain}</span>
        <span className="bill-muted">{bill.protocol}</span>
      </td>
      <td>{bill.blockNumber}</td>
      <td>
        <ShortHex value={bill.txHash} />
      </td>
      <td className="bill-when">
        <span>{date}</span>
        <wbr />
        <span>{time}</span>
      </td>
      <td>
        <BillStatusTag status={bill.status} progress={row.progress} />
      </td>
      <td>
        <NoticeStatusTag status={bill.noticeStatus} />
      </td>
      <td className="bill-amount">{text.amount(bill.collectionAmount, bill)}</td>
      <td>
        <ShortHex value={bill.deliveryAddress} />
      </td>
      <td className="bill-amount">{text.amount(bill.transferAmount, bill)}</td>
      <td className="bill-operations">
        <Button
          size="small"
          variant="minimal"
          intent="primary"
          text={t("bills.actions.details")}
          onClick={() => onDetails(bill.billNo)}
        />
      </td>
    </tr>
  );
}
