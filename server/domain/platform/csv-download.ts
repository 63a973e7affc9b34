/**
 * A download's answer (server/http/csv-file.ts writes it): the file's name and its rows, read as the file is sent — a
 * batch at a time, so neither the rows nor the file are ever whole in memory.
 */
export interface CsvDownload<Row> {
  fileName: string;
  rows: AsyncIterable<Row>;
}
