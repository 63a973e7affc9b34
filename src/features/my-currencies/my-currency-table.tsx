import { Switch, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { MyCurrencyRow } from "../../../machines/currencies/my-currencies-selectors.ts";
import type { ListTableView } from "../../../machines/lists/list-selectors.ts";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { useListColumns } from "../../app/list-columns.ts";
import { type ListColumn, ListTable } from "../../ui/list-table.tsx";

interface MyCurrencyTableProps {
  view: ListTableView<MyCurrencyRow>;
  onRetry(): void;
  /** The row's switch was pressed: turn it to what it is not. */
  onSwitch(row: MyCurrencyRow): void;
}

/** The token currencies, each with its Accepted switch (a row's operation): loading, failure with Retry, or the rows. */
export function MyCurrencyTable({ view, onRetry, onSwitch }: MyCurrencyTableProps) {
  const { t } = useTranslation();
  const nextStep = usePageAddition();
  const columnChoice = useListColumns("myCurrencies");
  const columns: ListColumn<MyCurrencyRow>[] = [
    {
      key: "name",
      rowHeader: true,
      card: true,
      cell: (c) => (
        <>
          <span>{c.name}</span> <span className="my-currency-muted">{c.symbol}</span>
          {c.held ? (
            <>
              {" "}
              <Tag intent="warning" minimal className="my-currency-held">
                {t("myCurrencies.held")}
              </Tag>
            </>
          ) : null}
          {c.credited ? null : (
            <>
              {" "}
              <Tag intent="warning" minimal className="my-currency-not-credited">
                {t("myCurrencies.notCredited")}
              </Tag>
            </>
          )}
        </>
      ),
    },
    { key: "chain", card: true, cell: (c) => c.chainName },
    {
      key: "contract",
      className: "my-currency-code",
      cell: (c) => (
        <span title={c.contractAddress}>
          {c.contractShort} <span className="my-currency-muted">{c.protocol}</span>
        </span>
      ),
    },
  ];
  return (
    <ListTable
      area="myCurrencies"
      rowName="my-currency"
      chosen={columnChoice.chosen}
      onChoose={columnChoice.choose}
      view={view}
      columns={columns}
      rowKey={(c) => c.key}
      operations={(c) => (
        <Switch
          className="my-currency-switch"
          role="switch"
          checked={c.accepted}
          disabled={!c.canSwitch}
          aria-busy={c.switching || undefined}
          label={t("myCurrencies.accepted")}
          aria-label={t("myCurrencies.acceptLabel", { symbol: c.symbol, chain: c.chainName })}
          onChange={() => onSwitch(c)}
        />
      )}
      describeFailure={nextStep}
      onRetry={onRetry}
    />
  );
}
