import { type ExportTable, exportHeader, sayFrom } from "../exports/export-columns.ts";
import enUS from "../../locales/en-US.json" with { type: "json" };

/**
 * The first line of a labelled export (contracts/exports) in English, the language the interactions ask in: its labels,
 * after the byte order mark that tells a spreadsheet the file is UTF-8. No label holds a comma or a quote.
 */
export function englishHeader<Row>(table: ExportTable<Row>): { bytes: Buffer; text: string } {
  const text = `${exportHeader(table, sayFrom(enUS, enUS)).join(",")}\n`;
  return { bytes: Buffer.from(`\uFEFF${text}`), text };
}
