import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { type ExportTable, exportHeader, exportRow, type Say } from "../../contracts/exports/export-columns.ts";
import { formatDateTime } from "../../src/i18n/format.ts";

/**
 * A list's row as the wide screen shows it: each column's header (its label) and the row's cell under it, as text, in
 * the table's order; the operations (the column headed `operations`) left out. Reads the plain table and the data grid (src/ui/list-grid.tsx) alike.
 */
export function shownRow(area: string, rowTestId: string, operations: string): Array<{ header: string; cell: string }> {
  const table = screen.getByTestId(`${area}-table`);
  const row = screen.getByTestId(rowTestId);
  const owned = row.getAttribute("aria-owns");
  const headers = owned
    ? [...table.querySelectorAll(".list-grid-label")].map((label) => label.textContent ?? "")
    : [...table.querySelectorAll("thead th")].map((th) => th.textContent ?? "");
  const cells = owned
    ? owned.split(/\s+/).map((id) => row.ownerDocument.getElementById(id)?.textContent ?? "")
    : [...row.children].map((cell) => cell.textContent ?? "");
  return cells.map((cell, i) => ({ header: headers[i] ?? "", cell })).filter((column) => column.header !== operations);
}

/**
 * The export's row (contracts/exports) beside the screen's: every column the screen shows is in the file under the same
 * label (a time under "<label> (UTC)", shown in the page's language; a duration under "<label> (ms)"), its cell as the screen words it (`shownAs` for
 * a cell the screen dresses: an amount with its unit); an empty cell where the screen shows `none`.
 */
export function expectExportBesideScreen<Row>(options: {
  shown: ReadonlyArray<{ header: string; cell: string }>;
  table: ExportTable<Row>;
  row: Row;
  say: Say;
  locale: string;
  none: string;
  shownAs?: Readonly<Record<string, (cell: string, row: Row) => string>>;
}): void {
  const { shown, table, row, say, locale, none, shownAs = {} } = options;
  const headers = exportHeader(table, say);
  const cells = exportRow(table, row, say);
  for (const { header, cell } of shown) {
    const at = headers.indexOf(header);
    const timeAt = headers.indexOf(say("listExport.utcTime", { column: header }));
    const msAt = headers.indexOf(say("listExport.milliseconds", { column: header }));
    const column = table[at >= 0 ? at : timeAt >= 0 ? timeAt : msAt];
    expect(column, `the export has the screen's column "${header}"`).toBeDefined();
    if (!column) continue;
    const value = cells[column.key] ?? null;
    const expected =
      value === null
        ? none
        : at < 0 && timeAt >= 0
          ? formatDateTime(new Date(`${value.replace(" ", "T")}Z`), locale)
          : (shownAs[column.key]?.(value, row) ?? value);
    expect(cell, `"${header}": the screen's cell and the export's`).toBe(expected);
  }
}
