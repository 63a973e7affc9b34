import { type BoundFunctions, buildQueries, queries, within } from "@testing-library/react";

type Queries = typeof queries;
type QueryAll = (container: HTMLElement, ...args: never[]) => HTMLElement[];

/** A table row's cells: a data grid's row owns them (`aria-owns`), a plain table's row holds them (the row itself). */
export function rowCells(row: HTMLElement): HTMLElement[] {
  const owned = row.getAttribute("aria-owns");
  if (!owned) return [row];
  return owned
    .split(/\s+/)
    .map((id) => row.ownerDocument.getElementById(id))
    .filter((cell): cell is HTMLElement => cell !== null);
}

/**
 * Queries within a table's row, as `within(row)`. A row of a list's data grid (src/ui/list-grid.tsx) holds no cells of
 * its own: it owns them (`aria-owns`), where Blueprint's table draws them; its queries search those cells.
 */
export function withinRow(row: HTMLElement): BoundFunctions<Queries> {
  if (!row.getAttribute("aria-owns")) return within(row);
  const cells = rowCells(row);
  const bound: Record<string, unknown> = {};
  for (const name of Object.keys(queries)) {
    if (!name.startsWith("queryAllBy")) continue;
    const by = name.slice("queryAll".length);
    const queryAll = queries[name as keyof Queries] as unknown as QueryAll;
    const inCells = (_container: HTMLElement, ...args: never[]) => cells.flatMap((cell) => queryAll(cell, ...args));
    const [queryBy, getAllBy, getBy, findAllBy, findBy] = buildQueries(
      inCells,
      () => `Found several elements ${by} in the row's cells`,
      () => `Found no element ${by} in the row's cells`,
    );
    const bind =
      (query: (container: HTMLElement, ...args: never[]) => unknown) =>
      (...args: never[]) =>
        query(row, ...args);
    Object.assign(bound, {
      [`queryAll${by}`]: bind(inCells),
      [`query${by}`]: bind(queryBy),
      [`getAll${by}`]: bind(getAllBy),
      [`get${by}`]: bind(getBy),
      [`findAll${by}`]: bind(findAllBy),
      [`find${by}`]: bind(findBy),
    });
  }
  return bound as BoundFunctions<Queries>;
}
