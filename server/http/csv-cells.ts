import type { Options } from "csv-stringify";

/**
 * What a cell a spreadsheet would run as a formula starts with (OWASP): =, +, -, @, a tab or a carriage return, by
 * character code — every text cell of an export is looked at, and a regular expression cost several times as much.
 */
const formulaStarts = new Set(["=", "+", "-", "@", "\t", "\r"].map((c) => c.charCodeAt(0)));
/** A plain number (a decimal string such as "-1.5") is no formula: it keeps its sign. */
const plainNumber = /^-?\d+(\.\d+)?$/;

/** A text cell as written: one that a spreadsheet would take for a formula gets a leading apostrophe (OWASP). */
export const guardFormula = (value: string): string =>
  formulaStarts.has(value.charCodeAt(0)) && !plainNumber.test(value) ? `'${value}` : value;

/**
 * How a download's rows are written by csv-stringify, wherever it runs (csv-file.ts, csv-writer.ts): a header line of
 * the columns (their `headers` when given, else their keys), then one line per row, each given as its cells in the columns' order. Null is an empty cell; text is
 * quoted where CSV needs it (commas, quotes, line breaks) and guarded against formulas.
 */
export const csvOptions = (columns: readonly string[], headers?: readonly string[]): Options => ({
  header: true,
  columns: columns.map((key, i) => ({ key, header: headers?.[i] ?? key })),
  // A file under the list's labels is for people: the byte order mark makes a spreadsheet read it as UTF-8 (Excel
  // shows "ä¸­æ–‡" for a Chinese label without it).
  bom: headers !== undefined,
  // csv-stringify writes true as "1" and false as "": a boolean is spelt out as the wire spells it.
  cast: { string: guardFormula, boolean: (value) => String(value) },
});
