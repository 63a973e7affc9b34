import { type ExportTable, exportRow } from "../../contracts/exports/export-columns.ts";
import { guardFormula } from "../http/csv-cells.ts";
import { sayIn } from "../http/locale-texts.ts";

/**
 * A row of a list's answer as its CSV export must read it: every field, null empty, text guarded against formulas, a
 * nested object (an order's package limits) as its JSON.
 */
export const csvRowOf = (row: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value === null
        ? ""
        : typeof value === "string"
          ? guardFormula(value)
          : typeof value === "object"
            ? JSON.stringify(value)
            : String(value),
    ]),
  );

/**
 * A row of a list's answer as its labelled export (contracts/exports) must read it in `language`: by header, empty
 * where the cell is, text guarded against formulas.
 */
export function labelledRowOf<Row>(table: ExportTable<Row>, row: Row, language: string): Record<string, string> {
  const say = sayIn(language);
  const cells = exportRow(table, row, say);
  return Object.fromEntries(table.map((column) => [column.header(say), guardFormula(cells[column.key] ?? "")]));
}
