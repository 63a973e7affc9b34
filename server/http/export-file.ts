import { type ExportTable, exportHeader, exportRow } from "../../contracts/exports/export-columns.ts";
import type { CsvDownload } from "../domain/platform/csv-download.ts";
import { sayIn } from "./locale-texts.ts";

/** A download written as its list reads (contracts/exports): the columns' keys, their headers, the rows' cells. */
export interface LabelledDownload {
  columns: string[];
  headers: string[];
  download: CsvDownload<Record<string, string | null>>;
}

/** The rows of `download` as `table` writes them, in the language the request names (its `Language` header). */
export function labelled<Row>(
  table: ExportTable<Row>,
  download: CsvDownload<Row>,
  language: string | string[] | undefined,
): LabelledDownload {
  const say = sayIn(language);
  return {
    columns: table.map((column) => column.key),
    headers: exportHeader(table, say),
    download: {
      fileName: download.fileName,
      batches: (async function* () {
        for await (const batch of download.batches) yield batch.map((row) => exportRow(table, row, say));
      })(),
    },
  };
}
