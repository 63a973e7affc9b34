/**
 * What a screen reader is told of a list's data grid. Blueprint's Table draws positioned divs without roles, no
 * element per row, and its column headers twice (the body's and the copy pinned on top while the body scrolls;
 * palantir/blueprint#6224). After each render its DOM is described as an ARIA grid: `rows`, an element beside the
 * table, is the `grid` (list-grid.tsx names it) and holds a row for the headers and one for each row the table
 * draws, each owning its cells (`aria-owns`: Blueprint's elements cannot hold rows, and an element around its cells
 * could not be the grid, which may hold only rows); the pinned copy is hidden; the body's headers become
 * `columnheader`s. The cells themselves take the focus (list-grid.tsx), so the table's own root is no tab stop.
 */

export interface GridDescription {
  /** The id prefix of the grid's cells (`<prefix>-<row>-<col>`), headers (`<prefix>-head-<col>`) and rows. */
  prefix: string;
  /** Every row's key, in order (its test id `<rowName>-row-<key>`). */
  rowKeys: readonly string[];
  rowName: string;
}

export const cellId = (prefix: string, row: number, col: number) => `${prefix}-${row}-${col}`;

function setAttributes(element: Element, attributes: Record<string, string | null>) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null) element.removeAttribute(name);
    else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
}

/** Ids by their column, left to right. */
const inOrder = (ids: Array<[number, string]>): string[] => ids.sort((a, b) => a[0] - b[0]).map(([, id]) => id);

/** The rows' elements in `rows`, one per row drawn now (reused in order), the header's first. */
function rowElements(rows: HTMLElement, count: number): HTMLElement[] {
  while (rows.children.length > count) rows.lastElementChild?.remove();
  while (rows.children.length < count) rows.append(rows.ownerDocument.createElement("div"));
  return [...rows.children] as HTMLElement[];
}

export function describeGrid(box: HTMLElement, rows: HTMLElement, grid: GridDescription): void {
  const root = box.querySelector(".bp6-table-container");
  const main = box.querySelector(".bp6-table-quadrant-main");
  if (!root || !main) return;
  setAttributes(root, { tabindex: "-1" });
  for (const copy of box.querySelectorAll(".bp6-table-quadrant:not(.bp6-table-quadrant-main)"))
    setAttributes(copy, { "aria-hidden": "true" });
  // The body scrolls sideways inside the grid (the browser journeys' layout check reads this mark).
  const scroller = main.querySelector(".bp6-table-quadrant-scroll-container");
  if (scroller) setAttributes(scroller, { "data-scroll-x": "" });

  const headers: Array<[number, string]> = [];
  for (const label of main.querySelectorAll<HTMLElement>(".bp6-table-column-headers [data-head]")) {
    const col = Number(label.dataset.head);
    const id = `${grid.prefix}-head-${col}`;
    setAttributes(label, { role: "columnheader", id, "aria-colindex": String(col + 1) });
    headers.push([col, id]);
  }
  const headerIds = inOrder(headers);
  const cells = new Map<number, Array<[number, string]>>();
  for (const cell of main.querySelectorAll<HTMLElement>("[data-row-index]")) {
    const row = Number(cell.dataset.rowIndex);
    cells.set(row, [...(cells.get(row) ?? []), [Number(cell.dataset.col), cell.id]]);
  }
  const cellsByRow = new Map([...cells].map(([row, ids]) => [row, inOrder(ids)]));
  const drawn = [...cellsByRow.keys()].sort((a, b) => a - b);
  const [head, ...body] = rowElements(rows, drawn.length + 1);
  if (head)
    setAttributes(head, {
      role: "row",
      id: `${grid.prefix}-head`,
      "aria-rowindex": "1",
      "aria-owns": headerIds.length ? headerIds.join(" ") : null,
    });
  drawn.forEach((row, i) => {
    const element = body[i];
    if (!element) return;
    setAttributes(element, {
      role: "row",
      id: `${grid.prefix}-row-${row}`,
      "aria-rowindex": String(row + 2),
      "aria-owns": (cellsByRow.get(row) ?? []).join(" "),
      "data-testid": `${grid.rowName}-row-${grid.rowKeys[row] ?? ""}`,
    });
  });
}
