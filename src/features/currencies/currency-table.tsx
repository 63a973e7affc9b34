import { Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { CurrencyRow, CurrencyStanding } from "../../../machines/currencies/currency-list-selectors.ts";
import type { ListTableView } from "../../../machines/lists/list-selectors.ts";
import { shortHex } from "../../../machines/short-hex.ts";
import { CopyButton } from "../../app/copy-button.tsx";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { useListColumns } from "../../app/list-columns.ts";
import { type ListColumn, ListTable } from "../../ui/list-table.tsx";

/** A credited currency's tag is green; one never credited here warns; one of a chain not followed is plain. */
const standingIntent = {
  credited: "success",
  feesOnly: "warning",
  notCredited: "warning",
  notConfigured: "none",
} as const;

/** Why a currency configured here is never credited, under its tag. */
const standingNote: Partial<Record<CurrencyStanding, "currencies.feesOnly" | "currencies.otherToken">> = {
  feesOnly: "currencies.feesOnly",
  notCredited: "currencies.otherToken",
};

/** The currencies: loading, failure with Retry, or a row each with its contract's Copy. */
export function CurrencyTable({ view, onRetry }: { view: ListTableView<CurrencyRow>; onRetry(): void }) {
  const { t } = useTranslation();
  const nextStep = usePageAddition();
  const columnChoice = useListColumns("currencies");
  const none = t("currencies.none");
  const columns: ListColumn<CurrencyRow>[] = [
    {
      key: "name",
      rowHeader: true,
      card: true,
      className: "currency-name",
      cell: (c) => (
        <>
          <span>{c.name}</span> <span className="currency-muted">{c.symbol}</span>
        </>
      ),
    },
    { key: "type", cell: (c) => t(`currencies.type.${c.type}`) },
    {
      key: "contract",
      className: "currency-code",
      cell: (c) =>
        c.contractAddress ? (
          <span title={c.contractAddress}>
            {shortHex(c.contractAddress)} <span className="currency-muted">{c.protocol}</span>
          </span>
        ) : (
          none
        ),
    },
    { key: "unit", optional: true, cell: (c) => t("currencies.decimals", { count: c.decimals }) },
    {
      key: "chain",
      card: true,
      cell: (c) => (
        <>
          <span>{c.chainName}</span> <span className="currency-muted">{c.chainUnit}</span>
        </>
      ),
    },
    {
      key: "status",
      card: true,
      // Wraps at its spaces: "Not accepted for deposits" must not push Arrival out of view at 1280 px.
      className: "list-wrap currency-status",
      cell: (c) => (
        <Tag minimal intent={standingIntent[c.standing]} data-status={c.standing}>
          {t(`currencies.status.${c.standing}`)}
        </Tag>
      ),
    },
    {
      key: "arrival",
      card: true,
      // "About 2 s (3 confirmations)" wraps at its spaces rather than pushing the column out of view at 1280 px.
      className: "list-wrap currency-arrival",
      // Only where a deposit is credited: a coin that is never credited has no time to be, and says why instead.
      cell: ({ arrival, standing }) => {
        const note = standingNote[standing];
        if (arrival === null) return note ? <span className="currency-muted currency-note">{t(note)}</span> : none;
        return arrival.seconds === null
          ? t("currencies.arrivalUnmeasured", { count: arrival.confirmations })
          : t("currencies.arrival", { seconds: arrival.seconds, count: arrival.confirmations });
      },
    },
  ];
  return (
    <ListTable
      area="currencies"
      rowName="currency"
      chosen={columnChoice.chosen}
      onChoose={columnChoice.choose}
      view={view}
      columns={columns}
      rowKey={(c) => `${c.chainName}-${c.symbol}`.toLowerCase().replace(/[^a-z0-9-]/g, "-")}
      operations={(c) =>
        c.contractAddress ? (
          <CopyButton
            value={c.contractAddress}
            label={t("currencies.copyContract", { symbol: c.symbol, chain: c.chainName })}
          />
        ) : null
      }
      describeFailure={nextStep}
      onRetry={onRetry}
    />
  );
}
