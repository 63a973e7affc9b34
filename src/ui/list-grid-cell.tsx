import type { CSSProperties, KeyboardEvent, ReactNode } from "react";

export interface GridCellProps {
  id: string;
  role: "gridcell" | "rowheader";
  rowIndex: number;
  col: number;
  rowKey: string;
  /** The row's buttons: drawn above Blueprint's selection layers, so a click reaches them. */
  operations: boolean;
  onFocusCell(row: number, col: number): void;
  children: ReactNode;
  /** Given by Blueprint's body: the cell's place, its classes (row, column, stripe), and whether it has the focus. */
  className?: string;
  style?: CSSProperties;
  isFocused?: boolean;
}

/** Keys pressed on a button in the cell are the button's (Blueprint's Enter would move down); Escape goes back to it. */
function keepKeys(event: KeyboardEvent<HTMLDivElement>) {
  if (event.target === event.currentTarget) return;
  event.stopPropagation();
  if (event.key === "Escape") event.currentTarget.focus();
}

/**
 * A body cell of a list's data grid as Blueprint places it: its role and id for the grid's description
 * (list-grid-aria.ts), and the focus — the focused cell is the grid's one tab stop, and a cell (or a button in it)
 * taking the focus becomes the focused cell.
 */
export function GridCell(props: GridCellProps) {
  const { id, role, rowIndex, col, rowKey, operations, onFocusCell, className, style, isFocused, children } = props;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: its role is gridcell or rowheader, both placed by column
    // biome-ignore lint/a11y/noStaticElementInteractions: a cell by its role, which keeps its buttons' keys
    <div
      id={id}
      role={role}
      aria-colindex={col + 1}
      tabIndex={isFocused ? 0 : -1}
      data-row-index={rowIndex}
      data-col={col}
      data-row={rowKey}
      className={`bp6-table-cell list-grid-cell ${operations ? "bp6-table-cell-interactive list-grid-operations" : ""} ${className ?? ""}`}
      style={style}
      onKeyDown={keepKeys}
      onFocus={() => onFocusCell(rowIndex, col)}
    >
      <div className="list-grid-content">{children}</div>
    </div>
  );
}
