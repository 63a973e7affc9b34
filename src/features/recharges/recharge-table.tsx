import { Button, Tag } from "@blueprintjs/core";
import { Import } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { RechargeBill } from "../../../contracts/schemas/recharges.ts";
import type { RechargeTableView } from "../../../machines/recharges/recharge-list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { useListColumns } from "../../app/list-columns.ts";
import { routePaths } from "../../app/route-names.ts";
import { formatUsdt } from "../../i18n/format.ts";
import { BreakableToken } from "../../ui/breakable-value.tsx";
import { DateTimeParts } from "../../ui/date-time-parts.tsx";
import { type ListColumn, ListTable } from "../../ui/list-table.tsx";

interface RechargeTableProps {
  view: RechargeTableView;
  onRetry(): void;
  onDetails(billNo: string): void;
}

const hex = (value: string) => (
  <span data-value="">
    <BreakableToken text={value} />
  </span>
);

/** Recharge bills' rows: when, how much, why, its order, then the addresses and transaction behind Columns. */
export function RechargeTable({ view, onRetry, onDetails }: RechargeTableProps) {
  const { t, i18n } = useTranslation();
  const nextStep = usePageAddition();
  const columnChoice = useListColumns("recharges");
  const columns: ListColumn<RechargeBill>[] = [
    {
      key: "payTime",
      rowHeader: true,
      card: true,
      className: "list-wrap",
      cell: (r) => <DateTimeParts iso={r.payTime} language={i18n.language} />,
    },
    { key: "amount", card: true, cell: (r) => formatUsdt(r.amount, i18n.language) },
    {
      key: "reason",
      card: true,
      className: "list-wrap",
      cell: (r) => (
        <Tag minimal intent={r.status === "reversed" ? "danger" : "none"}>
          {t(`recharges.reason.${r.reason}`)}
          {r.status === "reversed" ? ` · ${t("recharges.status.reversed")}` : ""}
        </Tag>
      ),
    },
    { key: "orderCode", className: "list-code", cell: (r) => r.orderCode ?? t("recharges.none") },
    { key: "chain", optional: true, cell: (r) => `${r.chain} · ${r.currency}` },
    { key: "paymentAddress", optional: true, className: "list-wrap list-code", cell: (r) => hex(r.paymentAddress) },
    { key: "fromAddress", optional: true, className: "list-wrap list-code", cell: (r) => hex(r.fromAddress) },
    { key: "txHash", optional: true, className: "list-wrap list-code", cell: (r) => hex(r.txHash) },
    { key: "billNo", optional: true, className: "list-code", cell: (r) => r.billNo },
  ];
  return (
    <ListTable
      area="recharges"
      rowName="recharge"
      chosen={columnChoice.chosen}
      onChoose={columnChoice.choose}
      view={view}
      columns={columns}
      rowKey={(r) => r.billNo}
      operations={(r) => (
        <Button
          size="small"
          variant="minimal"
          intent="primary"
          text={t("recharges.actions.details")}
          onClick={() => onDetails(r.billNo)}
        />
      )}
      emptyHint={{
        icon: <Import size={48} />,
        text: t("recharges.emptyHint"),
        action: (
          <Link to={routePaths.wallet} className="bp6-button">
            <span className="bp6-button-text">{t("recharges.toWallet")}</span>
          </Link>
        ),
      }}
      describeFailure={nextStep}
      onRetry={onRetry}
    />
  );
}
