/**
 * The widths and height of a list's data grid (src/ui/list-grid.tsx). Blueprint's Table takes every column's width in
 * px and lays its cells out absolutely; here each column is as wide as its widest cell (measured as drawn) or its
 * header's longest word, never narrower than the column asks, and the columns then share what is left of the grid's
 * width, so the grid fills its card without a blank strip and scrolls sideways only when the columns cannot fit.
 */

/** A cell's and a header's side padding together (list-grid.css), and the 1 px line at its right. */
const cellSides = 13;

export interface GridMeasure {
  /** Per column: its widest cell or header drawn now, padding included; null where none is drawn (scrolled away). */
  naturals: (number | null)[];
  /** The width the columns may fill without scrolling sideways (the body's, a vertical scrollbar left out). */
  available: number;
  /** The headers' height and the horizontal scrollbar's (0 when none is drawn). */
  headerHeight: number;
  scrollbarHeight: number;
}

export interface GridLayout {
  widths: number[];
  height: number;
}

/**
 * Measures what the grid draws now: each shown cell's content (`.list-grid-content`, laid out at its own width) and
 * each header's longest word (`measure`, a hidden element that wraps like a header).
 */
export function measureGrid(box: HTMLElement, headers: readonly string[], measure: HTMLElement): GridMeasure {
  const naturals: (number | null)[] = headers.map((text) => {
    measure.textContent = text;
    return text ? Math.ceil(measure.getBoundingClientRect().width) + cellSides : null;
  });
  measure.textContent = "";
  const main = box.querySelector(".bp6-table-quadrant-main");
  for (const content of main?.querySelectorAll<HTMLElement>("[data-col] > .list-grid-content") ?? []) {
    const col = Number(content.parentElement?.dataset.col);
    const width = Math.ceil(content.getBoundingClientRect().width) + cellSides;
    naturals[col] = Math.max(naturals[col] ?? 0, width);
  }
  const scroller = main?.querySelector<HTMLElement>(".bp6-table-quadrant-scroll-container");
  const top = main?.querySelector<HTMLElement>(".bp6-table-top-container");
  return {
    naturals,
    available: scroller?.clientWidth ?? 0,
    headerHeight: top?.offsetHeight ?? 0,
    scrollbarHeight: scroller ? Math.max(0, scroller.offsetHeight - scroller.clientHeight) : 0,
  };
}

/**
 * The columns' widths: each its natural width (at least `least`), then what is left of `available` shared among the
 * columns that may stretch in proportion to their widths, the last taking the rounding so they fill it exactly.
 */
export function fitWidths(
  naturals: readonly number[],
  least: readonly number[],
  stretch: readonly boolean[],
  available: number,
): number[] {
  const base = naturals.map((natural, i) => Math.max(natural, least[i] ?? 0));
  const total = base.reduce((sum, width) => sum + width, 0);
  const stretched = base.reduce((sum, width, i) => sum + (stretch[i] ? width : 0), 0);
  const spare = available - total;
  if (spare <= 0 || stretched === 0) return base;
  const widths = base.map((width, i) => (stretch[i] ? Math.floor(width + (spare * width) / stretched) : width));
  const last = stretch.lastIndexOf(true);
  widths[last] = (widths[last] ?? 0) + available - widths.reduce((sum, width) => sum + width, 0);
  return widths;
}

/** The grid as tall as its header and rows (the stylesheet caps it, and then it scrolls). */
export const gridHeight = (measure: GridMeasure, rows: number, rowHeight: number): number =>
  measure.headerHeight + rows * rowHeight + measure.scrollbarHeight;

/** The rows a page key moves by when the body's height is not known (not laid out yet, or hidden). */
const unknownPageRows = 10;

/**
 * The rows a page key (PageUp, PageDown) moves by: as many as the body shows whole below its headers (at least one),
 * or 10 while its height is unknown.
 */
export function rowsPerPage(viewport: number, headers: number, rowHeight: number): number {
  if (!(viewport > 0) || !(rowHeight > 0)) return unknownPageRows;
  return Math.max(1, Math.floor((viewport - headers) / rowHeight));
}

/** The rows the grid's body shows now, as `rowsPerPage` counts them (10 before the grid is drawn). */
export function pageRowsIn(box: HTMLElement | null, rowHeight: number): number {
  const main = box?.querySelector(".bp6-table-quadrant-main");
  const scroller = main?.querySelector<HTMLElement>(".bp6-table-quadrant-scroll-container");
  const headers = main?.querySelector<HTMLElement>(".bp6-table-top-container")?.offsetHeight ?? 0;
  return rowsPerPage(scroller?.clientHeight ?? 0, headers, rowHeight);
}
