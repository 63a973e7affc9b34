import { type KeyboardEvent, useReducer, useRef } from "react";

const controls = "button, a[href], input, select, textarea";

const isPress = (event: KeyboardEvent<HTMLElement>) =>
  (event.key === "Enter" || event.key === " ") && !event.altKey && !event.ctrlKey && !event.metaKey;
const cellOf = (event: KeyboardEvent<HTMLElement>) => {
  const target = event.target as HTMLElement;
  return target.dataset.col === undefined ? null : target;
};
const controlsIn = (cell: HTMLElement) => [...cell.querySelectorAll<HTMLElement>(controls)];

/** Where Home or End (with Control: the grid's first or last cell) moves the focused cell. */
export type CellEdge = (row: number | "last", col: "first" | "last") => void;
/** Where PageUp (-1) or PageDown (1) moves the focused cell at `row`, `col`: a page of rows up or down its column. */
export type CellPage = (row: number, col: number, by: -1 | 1) => void;

const plain = (event: KeyboardEvent<HTMLElement>) =>
  !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;

/**
 * A cell's own keys: Tab leaves it as anywhere on the page (Blueprint moves along the row), Home and End go to the
 * row's first and last cell (with Control, the grid's), PageUp and PageDown a page of rows up and down (Blueprint's
 * table has none of them; Control with a page key is the browser's, a tab), Enter or Space presses
 * the cell's button, or, with several, moves to the first when the key is released: a Blueprint button presses
 * itself when Enter or Space is released on it, so the focus moved on the key's press had the same key press it.
 */
export function useCellKeys(toEdge: CellEdge, toPage: CellPage) {
  const pressedOn = useRef<HTMLElement | null>(null);
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = cellOf(event);
    if (cell && (event.key === "Home" || event.key === "End") && !event.altKey && !event.metaKey && !event.shiftKey) {
      event.preventDefault();
      event.stopPropagation();
      const first = event.key === "Home";
      toEdge(event.ctrlKey ? (first ? 0 : "last") : Number(cell.dataset.rowIndex), first ? "first" : "last");
      return;
    }
    if (cell && (event.key === "PageUp" || event.key === "PageDown") && plain(event)) {
      event.preventDefault();
      event.stopPropagation();
      toPage(Number(cell.dataset.rowIndex), Number(cell.dataset.col), event.key === "PageUp" ? -1 : 1);
      return;
    }
    if (!cell || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Tab") event.stopPropagation();
    if (!isPress(event)) return;
    const found = controlsIn(cell);
    if (found.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    pressedOn.current = found.length === 1 ? null : cell;
    if (found.length === 1) found[0]?.click();
  };
  const onKeyUpCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = cellOf(event);
    if (!cell || cell !== pressedOn.current || !isPress(event)) return;
    pressedOn.current = null;
    event.preventDefault();
    event.stopPropagation();
    controlsIn(cell)[0]?.focus();
  };
  return { onKeyDownCapture, onKeyUpCapture };
}

/**
 * A key moved the focused cell beyond the cells drawn (`awaitDraw(false)`): the table redraws itself alone once it has
 * scrolled there, so the grid renders again then (`onVisibleCellsChange`), and the focus follows to the cell.
 */
export function useRedrawWhenScrolled() {
  const awaiting = useRef(false);
  const [, redraw] = useReducer((drawn: number) => drawn + 1, 0);
  return {
    awaitDraw(drawn: boolean) {
      awaiting.current = !drawn;
    },
    onVisibleCellsChange() {
      if (!awaiting.current) return;
      awaiting.current = false;
      redraw();
    },
  };
}
