/**
 * A download's answer (server/http/csv-file.ts writes it): the file's name and its rows, read as the file is sent — a
 * batch at a time, so neither the rows nor the file are ever whole in memory. Batches rather than rows: a step per row
 * through an async iterator cost a sixth of an export's time.
 */
export interface CsvDownload<Row> {
  fileName: string;
  batches: AsyncIterable<readonly Row[]>;
}
