import { guardFormula } from "../http/csv-file.ts";

/** A row of a list's answer as its CSV export must read it: every field, null empty, text guarded against formulas. */
export const csvRowOf = (row: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value === null ? "" : typeof value === "string" ? guardFormula(value) : String(value),
    ]),
  );
