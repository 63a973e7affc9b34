/**
 * What a list's CSV export writes: the list's own columns under the list's own labels, in the
 * merchant's language, so an accountant reads the file beside the screen. The server writes it (server/http/csv-file.ts)
 * with the texts of the request's `Language`; the console's tests read the same table against the screen.
 */

/** A locale's messages, as locales/<locale>.json holds them. */
export type Messages = Readonly<Record<string, unknown>>;

/** A text of the locales by its key, `{{name}}` filled in (the console's i18next reads the same files). */
export type Say = (key: string, values?: Readonly<Record<string, unknown>>) => string;

/** One column of an export: its key (stable, the file's own), its header and its cell of a row (null: empty). */
export interface ExportColumn<Row> {
  key: string;
  header(say: Say): string;
  cell(row: Row, say: Say): string | null;
}

export type ExportTable<Row> = ReadonlyArray<ExportColumn<Row>>;

/** The text at a dotted key of a locale's messages (`validation.emailFormat`), if there is one. */
export const textAt = (messages: Messages, key: string): string | undefined => {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
};

/**
 * `Say` over a locale's messages, falling back to en-US's as the console does, and to the key itself; a `count` picks
 * the key's plural form (`_one`, `_other` …) by the locale's rules, as i18next does.
 */
export function sayFrom(messages: Messages, fallback: Messages, locale = "en-US"): Say {
  const plurals = new Intl.PluralRules(locale);
  const englishPlurals = new Intl.PluralRules("en-US");
  const find = (key: string, count: unknown) => {
    if (typeof count === "number")
      return (
        textAt(messages, `${key}_${plurals.select(count)}`) ??
        textAt(messages, `${key}_other`) ??
        textAt(fallback, `${key}_${englishPlurals.select(count)}`) ??
        textAt(fallback, `${key}_other`) ??
        textAt(messages, key) ??
        textAt(fallback, key)
      );
    return textAt(messages, key) ?? textAt(fallback, key);
  };
  // A file says the same few labels on every row: each found once.
  const plain = new Map<string, string>();
  return (key, values) => {
    if (values === undefined) {
      let text = plain.get(key);
      if (text === undefined) {
        text = find(key, undefined) ?? key;
        plain.set(key, text);
      }
      return text;
    }
    return (find(key, values.count) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      Object.hasOwn(values, name) ? String(values[name]) : whole,
    );
  };
}

const lastPart = (key: string) => key.slice(key.lastIndexOf(".") + 1);

/** A cell as the screen shows it, under the list's label (`label`: its i18n key, `<area>.columns.<key>`). */
export const shown = <Row>(
  label: string,
  cell: (row: Row, say: Say) => string | null,
  key = lastPart(label),
): ExportColumn<Row> => ({ key, header: (say) => say(label), cell });

/** The code behind a column's label (a status, a kind) for a machine, beside it: `<label> (code)`. */
export const codeOf = <Row>(
  label: string,
  code: (row: Row) => string | null,
  key = lastPart(label),
): ExportColumn<Row> => ({
  key: `${key}Code`,
  header: (say) => say("listExport.codeColumn", { column: say(label) }),
  cell: code,
});

/**
 * A value that is a code: its label as the screen words it, and beside it the code itself (`codeOf`), so a filter or a
 * lookup in a spreadsheet does not depend on the language.
 */
export function coded<Row>(
  label: string,
  code: (row: Row) => string | null,
  textOf: (code: string) => string,
  key = lastPart(label),
): ExportColumn<Row>[] {
  return [
    shown(
      label,
      (row, say) => {
        const value = code(row);
        return value === null ? null : say(textOf(value));
      },
      key,
    ),
    codeOf(label, code, key),
  ];
}

/**
 * The currency of a row's amounts, in a column of its own beside them: the amounts stay plain decimals ("-12.5"),
 * which a spreadsheet sums, where "12.50 USDT" (or a locale's grouping, "1,250.00") is text it cannot add.
 */
export const currency = <Row>(value: (row: Row) => string): ExportColumn<Row> => ({
  key: "currency",
  header: (say) => say("listExport.currency"),
  cell: value,
});

/**
 * A time as "2026-11-27 10:00:00", in UTC and said so in its header: the screen shows the browser's zone, which the
 * server does not know, and this form is the one spreadsheets read as a date and time.
 */
/** A duration in milliseconds as a plain figure, under "<label> (ms)": the screen writes the unit beside the figure. */
export const milliseconds = <Row>(
  label: string,
  ms: (row: Row) => number,
  key = lastPart(label),
): ExportColumn<Row> => ({
  key,
  header: (say) => say("listExport.milliseconds", { column: say(label) }),
  cell: (row) => String(ms(row)),
});

export const utcTime = <Row>(label: string, iso: (row: Row) => string | null, key = lastPart(label)) => ({
  key,
  header: (say: Say) => say("listExport.utcTime", { column: say(label) }),
  cell: (row: Row) => {
    const value = iso(row);
    return value === null ? null : new Date(value).toISOString().slice(0, 19).replace("T", " ");
  },
});

/** The file's header line: each column's header. */
export const exportHeader = <Row>(table: ExportTable<Row>, say: Say): string[] =>
  table.map((column) => column.header(say));

/** A row of the file, by column key. */
export function exportRow<Row>(table: ExportTable<Row>, row: Row, say: Say): Record<string, string | null> {
  // A loop, not Object.fromEntries: written for every row of a file, on the thread that serves the requests.
  const cells: Record<string, string | null> = {};
  for (const column of table) cells[column.key] = column.cell(row, say);
  return cells;
}
