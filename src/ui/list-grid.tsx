import { HotkeysContext, type HotkeysContextInstance } from "@blueprintjs/core";
import { Column, ColumnHeaderCell, FocusMode, RegionCardinality, Regions, RenderMode, Table } from "@blueprintjs/table";
import "@blueprintjs/table/lib/css/table.css";
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cellId, describeGrid } from "./list-grid-aria.ts";
import { GridCell } from "./list-grid-cell.tsx";
import { useCellKeys, useRedrawWhenScrolled } from "./list-grid-keys.ts";
import { fitWidths, type GridLayout, gridHeight, measureGrid, pageRowsIn } from "./list-grid-layout.ts";
import type { ListColumn, ListGridProps } from "./list-table.tsx";
import "./list-grid.css";
import "./table-resize-sensor.ts";
import "./visually-hidden.css";

interface GridColumn<Row> {
  key: string;
  header: string;
  role: "rowheader" | "gridcell";
  /** The row's buttons: never stretched. */
  operations: boolean;
  /** A column a merchant scans the list by (the layout check keeps it in view on a desktop). */
  scanned: boolean;
  className?: string;
  cell(row: Row): ReactNode;
  text?(row: Row): string;
}

/** No column narrower, whatever its cells: a column header's resize handle and a few letters. */
const leastWidth = 64;
// The table's keys are its own: no hotkeys help dialog lists them (and Blueprint warns of none when no provider is
// there). A context rather than HotkeysProvider, whose dialog would come into the shared chunks of every page.
const localKeysOnly: HotkeysContextInstance = [{ hasProvider: true, hotkeys: [], isDialogOpen: false }, () => {}];

/** The Table's quadrant stack, which it keeps to itself: the method it documents for resizing its quadrants anew. */
interface WithQuadrants {
  quadrantStackInstance?: { synchronizeQuadrantViews(): void };
}

/**
 * A list's rows as a data grid (Blueprint's Table) for a list a merchant scrolls: as tall as its rows up to
 * the screen's height, its header pinned while the body scrolls, each column as wide as its widest cell. The row's
 * buttons come right after its name (Blueprint pins columns only at the left, and a pinned copy would draw every
 * button twice), so a tablet scrolling sideways still shows them. The keyboard: Tab stops on the focused cell and
 * then on each row's buttons; the arrows move the focused cell, Home and End along its row, PageUp and PageDown by the
 * rows the body shows; Enter or Space on the buttons' cell presses its button
 * (or moves to the first of several); Escape on a button goes back to its cell.
 */
export function ListGrid<Row>(props: ListGridProps<Row>) {
  const { area, rowName, rows, columns, rowKey, operations, labelledBy, rowHeight, follows } = props;
  const { t, i18n } = useTranslation();
  const scrolled = useRedrawWhenScrolled();
  const moveTo = (nextRow: number, nextCol: number) => {
    focusCell(nextRow, nextCol);
    scrolled.awaitDraw(box.current?.ownerDocument.getElementById(cellId(prefix, nextRow, nextCol)) != null);
    table.current?.scrollToRegion(Regions.cell(nextRow, nextCol));
  };
  const cellKeys = useCellKeys(
    (toRow, toCol) => moveTo(toRow === "last" ? rows.length - 1 : toRow, toCol === "last" ? gridColumns.length - 1 : 0),
    (fromRow, fromCol, by) =>
      moveTo(Math.max(0, Math.min(rows.length - 1, fromRow + by * pageRowsIn(box.current, rowHeight))), fromCol),
  );
  const say = (key: string) => String(t(key as never));
  const asGrid = (column: ListColumn<Row>): GridColumn<Row> => ({
    key: column.key,
    header: say(`${area}.columns.${column.key}`),
    role: column.rowHeader ? "rowheader" : "gridcell",
    operations: false,
    scanned: column.card === true,
    className: column.className,
    cell: column.cell,
    text: column.text,
  });
  const gridColumns: GridColumn<Row>[] = [
    ...columns.filter((column) => column.rowHeader).map(asGrid),
    {
      key: "operations",
      header: say(`${area}.columns.operations`),
      role: "gridcell",
      operations: true,
      scanned: false,
      cell: operations,
    },
    ...columns.filter((column) => !column.rowHeader).map(asGrid),
  ];
  const shownKeys = gridColumns.map((column) => column.key).join();
  const prefix = `${area}-cell`;
  const hintId = `${area}-grid-keys`;
  const keys = rows.map(rowKey);
  const least = gridColumns.map(() => leastWidth);
  const box = useRef<HTMLDivElement>(null);
  const rowsBox = useRef<HTMLDivElement>(null);
  const measurer = useRef<HTMLSpanElement>(null);
  const table = useRef<Table>(null);
  const syncedHeader = useRef<number | null>(null);
  const [focused, setFocused] = useState({ row: 0, col: 0 });
  const [resized, setResized] = useState<Record<string, number>>({});
  const [layout, setLayout] = useState<GridLayout>({ widths: least, height: 0 });
  const [more, setMore] = useState("");
  // Each column's widest cell seen since the rows last changed: a column widens as rows scroll into view (never
  // narrows then), and fits the rows anew when they change (a confirmed bill's status is narrower).
  const naturals = useRef({ rows: null as readonly Row[] | null, columns: "", widths: [] as number[] });
  const row = Math.max(0, Math.min(focused.row, rows.length - 1));
  const col = Math.max(0, Math.min(focused.col, gridColumns.length - 1));
  const focusedRegion = useMemo(
    () => ({ type: FocusMode.CELL, row, col, focusSelectionIndex: 0 }) as const,
    [row, col],
  );
  const focusCell = (next: number, nextCol: number) =>
    setFocused((was) => (was.row === next && was.col === nextCol ? was : { row: next, col: nextCol }));

  // Which sides the body has more to show sideways (list-grid.css shades them).
  const shade = () => {
    const scroller = box.current?.querySelector(".bp6-table-quadrant-main .bp6-table-quadrant-scroll-container");
    if (!scroller) return;
    const left = scroller.scrollLeft > 0;
    const right = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    setMore([left ? "left" : "", right ? "right" : ""].join(" ").trim());
  };
  /** What the table draws now, described (list-grid-aria.ts); the focus on the focused cell. */
  const describe = (grid: HTMLElement, rowsElement: HTMLElement) => {
    describeGrid(grid, rowsElement, { prefix, rowKeys: keys, rowName });
    // The arrows moved the focused cell (or the table's root took a click): the focus follows.
    const active = grid.ownerDocument.activeElement;
    const target = grid.ownerDocument.getElementById(cellId(prefix, row, col));
    const onCell = active instanceof HTMLElement && active.dataset.col !== undefined && grid.contains(active);
    if (target && active !== target && (onCell || active === grid.querySelector(".bp6-table-container")))
      target.focus({ preventScroll: true });
    shade();
  };
  /**
   * Blueprint sizes the pinned copy of the headers (its top quadrant) on mount, on a few props and after scrolling,
   * not when the headers wrap anew at new column widths: after a widening it kept the wrapped headers' height and
   * covered the top of the first row.
   */
  const resyncHeader = (grid: HTMLElement) => {
    const header = grid.querySelector<HTMLElement>(".bp6-table-quadrant-main .bp6-table-column-headers");
    if (!header || header.clientHeight === syncedHeader.current) return;
    syncedHeader.current = header.clientHeight;
    (table.current as unknown as WithQuadrants | null)?.quadrantStackInstance?.synchronizeQuadrantViews();
  };
  /**
   * The columns fitted to the cells drawn. Only once Blueprint has drawn them: after new rows it first renders the
   * old cells once more (its cells follow `cellRendererDependencies` a render later), which would widen a column for
   * text no longer there.
   */
  const relayout = () => {
    const grid = box.current;
    if (!grid || !rowsBox.current || !measurer.current) return;
    describe(grid, rowsBox.current);
    resyncHeader(grid);
    const measure = measureGrid(
      grid,
      gridColumns.map((column) => column.header),
      measurer.current,
    );
    const same = naturals.current.rows === rows && naturals.current.columns === shownKeys;
    const widest = (same ? naturals.current.widths : least).map((width, i) =>
      Math.max(width, measure.naturals[i] ?? 0),
    );
    naturals.current = { rows, columns: shownKeys, widths: widest };
    const widths = fitWidths(
      widest.map((width, i) => resized[gridColumns[i]?.key ?? ""] ?? width),
      least,
      gridColumns.map((column) => !column.operations && resized[column.key] === undefined),
      measure.available,
    );
    const height = gridHeight(measure, rows.length, rowHeight);
    setLayout((was) =>
      was.height === height && was.widths.length === widths.length && was.widths.every((w, i) => w === widths[i])
        ? was
        : { widths, height },
    );
  };
  const relayoutNow = useRef(relayout);
  relayoutNow.current = relayout;
  const shadeNow = useRef(shade);
  shadeNow.current = shade;
  useLayoutEffect(() => {
    if (box.current && rowsBox.current) describe(box.current, rowsBox.current);
  });
  // A column the merchant resized by its header's edge keeps its width.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refitted when a width is set, with the widths of now
  useLayoutEffect(() => relayoutNow.current(), [resized]);
  useEffect(() => {
    const grid = box.current;
    if (!grid || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      relayoutNow.current();
      // Blueprint's own sensor (scroll events of hidden elements) misses a resize in Chromium, and the table then
      // draws the columns of its old width (palantir/blueprint#3941: "recovered by scrolling"): its body's scroll
      // handler reads the new width.
      grid
        .querySelector(".bp6-table-quadrant-main .bp6-table-quadrant-scroll-container")
        ?.dispatchEvent(new Event("scroll"));
    });
    // The body's own scrolling: a scroll event reaches an ancestor only on its way down to its target.
    const onScroll = () => shadeNow.current();
    grid.addEventListener("scroll", onScroll, { capture: true, passive: true });
    observer.observe(grid);
    return () => {
      observer.disconnect();
      grid.removeEventListener("scroll", onScroll, { capture: true });
    };
  }, []);

  const widths = layout.widths.length === gridColumns.length ? layout.widths : least;
  const firstHeight = { naturals: [], available: 0, headerHeight: 45, scrollbarHeight: 0 };
  return (
    <div
      ref={box}
      className={`list-grid ${rowName}-grid bp6-table-striped`}
      style={{ height: layout.height || gridHeight(firstHeight, rows.length, rowHeight) }}
      data-testid={`${area}-table`}
      data-scroll-more={more || undefined}
      {...cellKeys}
    >
      <HotkeysContext.Provider value={localKeysOnly}>
        <Table
          ref={table}
          numRows={rows.length}
          defaultRowHeight={rowHeight}
          columnWidths={widths}
          // What the cells show: the page draws its columns anew on every render, the same while these stay.
          cellRendererDependencies={[rows, shownKeys, i18n.language, follows]}
          renderMode={RenderMode.NONE}
          enableRowHeader={false}
          enableRowResizing={false}
          focusMode={FocusMode.CELL}
          focusedRegion={focusedRegion}
          onFocusedRegion={(region) => focusCell(region.row, region.type === FocusMode.CELL ? region.col : 0)}
          selectionModes={[RegionCardinality.CELLS]}
          getCellClipboardData={(at: number, atCol: number) => {
            const column = gridColumns[atCol];
            const value = rows[at];
            if (!column || value === undefined || column.operations) return "";
            const drawn = box.current?.ownerDocument.getElementById(cellId(prefix, at, atCol));
            return column.text?.(value) ?? drawn?.innerText ?? "";
          }}
          onColumnWidthChanged={(index: number, width: number) => {
            const key = gridColumns[index]?.key;
            if (key) setResized((was) => ({ ...was, [key]: width }));
          }}
          onCompleteRender={() => relayoutNow.current()}
          onVisibleCellsChange={scrolled.onVisibleCellsChange}
        >
          {gridColumns.map((column, index) => (
            <Column
              key={column.key}
              id={column.key}
              columnHeaderCellRenderer={() => (
                <ColumnHeaderCell
                  name={column.header}
                  nameRenderer={(name: string) => (
                    <span className="list-grid-label" data-head={index} data-scanned={column.scanned ? "" : undefined}>
                      {name}
                    </span>
                  )}
                />
              )}
              cellRenderer={(at: number) => (
                <GridCell
                  id={cellId(prefix, at, index)}
                  role={column.role}
                  rowIndex={at}
                  col={index}
                  rowKey={keys[at] ?? ""}
                  operations={column.operations}
                  onFocusCell={focusCell}
                  className={column.className}
                >
                  {column.cell(rows[at] as Row)}
                </GridCell>
              )}
            />
          ))}
        </Table>
      </HotkeysContext.Provider>
      {/* biome-ignore lint/a11y/useSemanticElements: its rows own cells Blueprint draws elsewhere; a table's cannot */}
      <div
        ref={rowsBox}
        className="list-grid-rows"
        role="grid"
        aria-labelledby={labelledBy}
        aria-describedby={hintId}
        aria-rowcount={rows.length + 1}
        aria-colcount={gridColumns.length}
        aria-readonly="true"
      />
      <span ref={measurer} className="list-grid-measure" aria-hidden="true" />
      <span id={hintId} className="visually-hidden">
        {t("listGrid.keys")}
      </span>
    </div>
  );
}
