import { Button, Callout, H2, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import type { ComponentType, ReactElement, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Failure } from "../../machines/api-failure.ts";
import type { ListTableView } from "../../machines/lists/list-selectors.ts";
import { ColumnChooser } from "./column-chooser.tsx";
import { ScrollRegion } from "./scroll-region.tsx";
import "./list-page.css";
import "./visually-hidden.css";

/** One column of a list's table: its header `<area>.columns.<key>` and its cell. */
export interface ListColumn<Row> {
  key: string;
  cell(row: Row): ReactNode;
  /** The cell's own class (alignment, wrapping). */
  className?: string;
  /** Names its row (a `th scope="row"`): the row's code. */
  rowHeader?: boolean;
  /** On a phone the row is a card of the columns marked so: what tells rows apart and what they are worth. */
  card?: boolean;
  /** Shown only when the merchant chooses it (Columns): what a 1440 px screen has no room for beside the rest. */
  optional?: boolean;
  /** In a data grid: the cell's value as Ctrl+C copies it, where the cell shows less (a shortened hash). */
  text?(row: Row): string;
}

/** What a data grid (src/ui/list-grid.tsx) draws: the rows and the columns shown, each row's buttons beside its name. */
export interface ListGridProps<Row> {
  area: string;
  rowName: string;
  rows: readonly Row[];
  columns: readonly ListColumn<Row>[];
  rowKey(row: Row): string;
  operations(row: Row): ReactNode;
  /** The element naming the grid (the scroll region's label). */
  labelledBy: string;
  /** Every row's height in px: a grid's rows are all as tall. */
  rowHeight: number;
  /** What the cells show besides the rows (a button held while a dialog is open): the cells are drawn again when it
   * changes (Blueprint's Table draws them again only for what it is told they follow). */
  follows?: unknown;
}

/** A list a merchant scrolls, drawn as a data grid on wider screens: the grid's component (given by the page, so only
 * its chunk loads Blueprint's table) and its rows' height. */
export interface ListGridOption<Row> {
  body: ComponentType<ListGridProps<Row>>;
  rowHeight: number;
  follows?: unknown;
}

/** What the empty list (before any search) says under its title: how rows arrive, and where to go for them. */
export interface EmptyHint {
  icon: ReactElement;
  text: string;
  action: ReactNode;
}

interface ListTableProps<Row> {
  /** The list: its texts (`<area>.loading`, `<area>.columns.*` …) and test ids (`<area>-table` …). */
  area: string;
  /** Its rows' test ids (`<rowName>-row-<key>`, `<rowName>-card-<key>`) and its table's class (`<rowName>-table`). */
  rowName: string;
  view: ListTableView<Row>;
  /** Every column of the list, in order. */
  columns: readonly ListColumn<Row>[];
  /** The columns the merchant chose to show (null: those not `optional`), and a new choice (null: back to those). */
  chosen: readonly string[] | null;
  onChoose(keys: readonly string[] | null): void;
  rowKey(row: Row): string;
  /** The row's buttons, pinned at the right of a table row and at the foot of a card. */
  operations(row: Row): ReactNode;
  emptyHint?: EmptyHint;
  /** The rows as a data grid instead of a plain table (phones keep the cards). */
  grid?: ListGridOption<Row>;
  /** What to say of a failure besides the list's own words (the page's next step). */
  describeFailure(failure: Failure | null): ReactNode;
  onRetry(): void;
}

/**
 * A list's body: a first load, a failure with Retry, no rows (yet, or for this search), or the rows — a
 * table whose operations stay in view while it scrolls sideways on a tablet (for a list a merchant scrolls, a data
 * grid: list-grid.tsx), and on a phone a card per row with the columns that tell rows apart and what they are worth
 * (list-page.css shows one or the other by the width).
 */
export function ListTable<Row>(props: ListTableProps<Row>) {
  const { area, rowName, view, columns: all, chosen, onChoose, rowKey, operations, emptyHint, grid } = props;
  const { describeFailure, onRetry } = props;
  const { t } = useTranslation();
  const say = (key: string) => String(t(key as never));
  if (view.kind === "loading")
    return (
      <div className="list-table-status" role="status" aria-busy="true" data-testid={`${area}-loading`}>
        <Spinner size={24} aria-label={say(`${area}.loading`)} />
        <span>{say(`${area}.loading`)}</span>
      </div>
    );
  if (view.kind === "failed")
    return (
      <Callout intent="danger" role="alert" className="list-table-status" data-testid={`${area}-failed`}>
        {say(`${area}.loadFailed`)} {describeFailure(view.failure)}{" "}
        <Button size="small" intent="danger" text={say(`${area}.retry`)} onClick={onRetry} />
      </Callout>
    );
  if (view.kind === "empty") {
    // The title is a heading under the page's h1 (NonIdealState's own title would be an h4).
    const title = (
      <H2 className="list-empty-title">{say(view.filtered ? `${area}.emptyFiltered` : `${area}.empty`)}</H2>
    );
    const hint = view.filtered ? undefined : emptyHint;
    return (
      <div aria-busy={view.refreshing || undefined} data-testid={`${area}-empty`}>
        <NonIdealState
          className="list-empty"
          icon={hint?.icon}
          description={
            hint ? (
              <>
                {title}
                <p>{hint.text}</p>
              </>
            ) : (
              title
            )
          }
          action={hint?.action as never}
        />
      </div>
    );
  }
  const captionId = `${area}-table-caption`;
  const columns = all.filter((column) =>
    column.rowHeader ? true : chosen ? chosen.includes(column.key) : !column.optional,
  );
  const card = all.filter((column) => column.card);
  return (
    <>
      <div className="list-wide">
        <div className="list-table-tools">
          <ColumnChooser
            area={area}
            columns={all.map((column) => ({ key: column.key, fixed: column.rowHeader === true }))}
            shown={columns.map((column) => column.key)}
            onChoose={onChoose}
          />
        </div>
        {/* A grid takes the focus and scrolls itself: its region only names it. */}
        <ScrollRegion labelledBy={captionId} busy={view.refreshing} focusable={!grid}>
          {grid ? (
            <>
              <span id={captionId} className="visually-hidden">
                {say(`${area}.tableLabel`)}
              </span>
              <grid.body
                area={area}
                rowName={rowName}
                rows={view.rows}
                columns={columns}
                rowKey={rowKey}
                operations={operations}
                labelledBy={captionId}
                rowHeight={grid.rowHeight}
                follows={grid.follows}
              />
            </>
          ) : (
            <RowsTable
              area={area}
              rowName={rowName}
              rows={view.rows}
              columns={columns}
              rowKey={rowKey}
              operations={operations}
              labelledBy={captionId}
            />
          )}
        </ScrollRegion>
      </div>
      <ul
        className="list-cards"
        aria-label={say(`${area}.tableLabel`)}
        aria-busy={view.refreshing || undefined}
        data-testid={`${area}-cards`}
      >
        {view.rows.map((row) => (
          <li key={rowKey(row)} className="list-card" data-testid={`${rowName}-card-${rowKey(row)}`}>
            <dl>
              {card.map((column) => (
                <div key={column.key} className="list-card-field">
                  <dt className="list-card-label">{say(`${area}.columns.${column.key}`)}</dt>
                  <dd className={`list-card-value ${column.className ?? ""}`}>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            <div className="list-card-operations">{operations(row)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The rows in a plain table: the row's name a row header, its buttons pinned at the right (list-page.css). */
function RowsTable<Row>(props: Omit<ListGridProps<Row>, "rowHeight">) {
  const { area, rowName, rows, columns, rowKey, operations, labelledBy } = props;
  const { t } = useTranslation();
  const say = (key: string) => String(t(key as never));
  return (
    <HTMLTable compact striped className={`list-table ${rowName}-table`} data-testid={`${area}-table`}>
      <caption id={labelledBy} className="visually-hidden">
        {say(`${area}.tableLabel`)}
      </caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" data-scanned={column.card ? "" : undefined}>
              {say(`${area}.columns.${column.key}`)}
            </th>
          ))}
          <th scope="col" className="list-operations">
            {say(`${area}.columns.operations`)}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={`${rowName}-row-${rowKey(row)}`}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th key={column.key} scope="row" className={column.className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.key} className={column.className}>
                  {column.cell(row)}
                </td>
              ),
            )}
            <td className="list-operations">{operations(row)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
