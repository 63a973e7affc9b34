import { guardFormula } from "../http/csv-cells.ts";

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
