// @vitest-environment happy-dom
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "@blueprintjs/core";
import type { ReactNode } from "react";
import type i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { ListGrid } from "./list-grid.tsx";
import { rowsPerPage } from "./list-grid-layout.ts";
import { englishOf, type Thing, thingColumns, things, withSizedGridBodies } from "./list-things-test-support.ts";

withSizedGridBodies();

type Row = Thing;
const rows = things;
const columns = thingColumns();
const texts = {
  things: { columns: { code: "Code", amount: "Amount", memo: "Memo", operations: "Operations" } },
  listGrid: { keys: "Arrow keys move between cells" },
};

const english = () => englishOf(texts);

const openButton = (onOpen: (code: string) => void) => (row: Row) => (
  <button type="button" onClick={() => onOpen(row.code)}>
    Open {row.code}
  </button>
);

const gridOf = (
  i18n: typeof i18next,
  shown: Row[],
  onOpen: (code: string) => void,
  operations: (row: Row) => ReactNode = openButton(onOpen),
) => (
  <I18nextProvider i18n={i18n}>
    <span id="things-label">Things</span>
    <ListGrid
      area="things"
      rowName="thing"
      rows={shown}
      columns={columns}
      rowKey={(row) => row.code}
      operations={operations}
      labelledBy="things-label"
      rowHeight={40}
    />
  </I18nextProvider>
);

async function renderGrid(onOpen = vi.fn()) {
  render(gridOf(await english(), rows, onOpen));
  return onOpen;
}

/** The headers drawn as tall as `height()` says (a simulated browser lays nothing out). */
function headersTall(height: () => number): () => void {
  const proto = window.HTMLElement.prototype;
  const own = Object.getOwnPropertyDescriptor(proto, "clientHeight");
  Object.defineProperty(proto, "clientHeight", {
    configurable: true,
    get(this: HTMLElement) {
      if (this.matches(".bp6-table-quadrant-main .bp6-table-column-headers")) return height();
      return own?.get?.call(this) ?? 0;
    },
  });
  return () => {
    if (own) Object.defineProperty(proto, "clientHeight", own);
  };
}

/** The grid's body (its scroll container) `height` px tall, its headers none (a simulated browser lays nothing out). */
function bodyTall(height: number): () => void {
  const proto = window.HTMLElement.prototype;
  const own = Object.getOwnPropertyDescriptor(proto, "clientHeight");
  Object.defineProperty(proto, "clientHeight", {
    configurable: true,
    get(this: HTMLElement) {
      if (this.matches(".bp6-table-quadrant-main .bp6-table-quadrant-scroll-container")) return height;
      return own?.get?.call(this) ?? 0;
    },
  });
  return () => {
    if (own) Object.defineProperty(proto, "clientHeight", own);
  };
}

/** A row's cells, as it owns them. */
const cellsOf = (row: HTMLElement) =>
  (row.getAttribute("aria-owns") ?? "").split(" ").map((id) => document.getElementById(id) as HTMLElement);

describe("ListGrid", () => {
  it("is a grid named by the list's label: a row of headers, then each row owning its cells, its buttons after its name", async () => {
    await renderGrid();
    const grid = screen.getByRole("grid", { name: "Things" });
    expect(grid.getAttribute("aria-describedby")).toBe("things-grid-keys");
    const [head, ...body] = await waitFor(() => {
      const found = within(grid).getAllByRole("row");
      expect(found).toHaveLength(3);
      return found;
    });
    expect(cellsOf(head as HTMLElement).map((cell) => [cell.getAttribute("role"), cell.textContent])).toEqual([
      ["columnheader", "Code"],
      ["columnheader", "Operations"],
      ["columnheader", "Amount"],
      ["columnheader", "Memo"],
    ]);
    expect(body.map((row) => row.getAttribute("data-testid"))).toEqual(["thing-row-A1", "thing-row-B2"]);
    expect(cellsOf(body[1] as HTMLElement).map((cell) => [cell.getAttribute("role"), cell.textContent])).toEqual([
      ["rowheader", "B2"],
      ["gridcell", "Open B2"],
      ["gridcell", "2.00"],
      ["gridcell", "second"],
    ]);
    // The pinned copy of the headers is drawn for the eye only.
    expect(document.querySelector(".bp6-table-quadrant-top")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("has one tab stop, the focused cell: the arrows move it, Enter on the buttons' cell presses its button", async () => {
    const user = userEvent.setup();
    const onOpen = await renderGrid();
    const cell = (row: number, col: number) => document.getElementById(`things-cell-${row}-${col}`) as HTMLElement;
    await waitFor(() => expect(cell(1, 3)).toBeTruthy());
    expect([cell(0, 0).tabIndex, cell(0, 2).tabIndex, cell(1, 0).tabIndex]).toEqual([0, -1, -1]);
    cell(0, 0).focus();
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(document.activeElement).toBe(cell(1, 0)));
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(document.activeElement).toBe(cell(1, 1)));
    expect([cell(0, 0).tabIndex, cell(1, 1).tabIndex]).toEqual([-1, 0]);
    await user.keyboard("{Enter}");
    expect(onOpen).toHaveBeenLastCalledWith("B2");
  });

  it("moves the focused cell to its row's first and last with Home and End, the grid's with Control", async () => {
    const user = userEvent.setup();
    await renderGrid();
    const cell = (row: number, col: number) => document.getElementById(`things-cell-${row}-${col}`) as HTMLElement;
    await waitFor(() => expect(cell(1, 3)).toBeTruthy());
    cell(0, 1).focus();
    await user.keyboard("{End}");
    await waitFor(() => expect(document.activeElement).toBe(cell(0, 3)));
    await user.keyboard("{Home}");
    await waitFor(() => expect(document.activeElement).toBe(cell(0, 0)));
    await user.keyboard("{Control>}{End}{/Control}");
    await waitFor(() => expect(document.activeElement).toBe(cell(1, 3)));
    expect([cell(0, 0).tabIndex, cell(1, 3).tabIndex]).toEqual([-1, 0]);
    await user.keyboard("{Control>}{Home}{/Control}");
    await waitFor(() => expect(document.activeElement).toBe(cell(0, 0)));
  });

  it("moves the focused cell by the rows the grid shows with PageDown and PageUp, within the page's rows, into view", async () => {
    // The body shows 5 rows of 40 px.
    const restore = bodyTall(200);
    try {
      const user = userEvent.setup();
      const many = Array.from({ length: 12 }, (_, i) => ({ code: `C${i}`, amount: `${i}.00`, memo: `memo ${i}` }));
      render(gridOf(await english(), many, vi.fn()));
      const cell = (row: number, col: number) => document.getElementById(`things-cell-${row}-${col}`) as HTMLElement;
      const scroller = () =>
        document.querySelector(".bp6-table-quadrant-main .bp6-table-quadrant-scroll-container") as HTMLElement;
      const inView = (row: number) => {
        const top = scroller().scrollTop;
        return row * 40 >= top && (row + 1) * 40 <= top + 200;
      };
      await waitFor(() => expect(cell(0, 2)).toBeTruthy());
      cell(0, 2).focus();
      for (const [key, row] of [
        ["{PageDown}", 5],
        ["{PageDown}", 10],
        ["{PageDown}", 11],
        ["{PageUp}", 6],
        ["{PageUp}", 1],
        ["{PageUp}", 0],
      ] as const) {
        await user.keyboard(key);
        await waitFor(() => expect(document.activeElement).toBe(cell(row, 2)));
        expect(inView(row)).toBe(true);
        expect(cell(row, 2).tabIndex).toBe(0);
      }
    } finally {
      restore();
    }
  });

  it("counts a page of rows as the body shows them, or 10 while its height is unknown", () => {
    expect(rowsPerPage(245, 45, 40)).toBe(5);
    expect(rowsPerPage(30, 0, 40)).toBe(1);
    expect(rowsPerPage(0, 0, 40)).toBe(10);
    expect(rowsPerPage(40, 45, 40)).toBe(1);
    expect(rowsPerPage(400, 0, 0)).toBe(10);
  });

  it("moves Enter on a cell of several buttons to its first, pressing none, though a button presses on the key's release", async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const onDrop = vi.fn();
    // Blueprint's Button presses itself when Enter or Space is released on it, as the console's row buttons are.
    const twoButtons = (row: Row) => (
      <>
        <Button text={`Edit ${row.code}`} onClick={() => onOpen(row.code)} />
        <Button text={`Drop ${row.code}`} onClick={() => onDrop(row.code)} />
      </>
    );
    render(gridOf(await english(), rows, onOpen, twoButtons));
    const cell = await waitFor(() => {
      const found = document.getElementById("things-cell-0-1");
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    const edit = screen.getByRole("button", { name: "Edit A1" });
    for (const key of ["{Enter}", " "]) {
      cell.focus();
      await user.keyboard(key);
      expect(document.activeElement).toBe(edit);
      expect([onOpen.mock.calls, onDrop.mock.calls]).toEqual([[], []]);
    }
    // Pressed again, on the button now: the button's own.
    await user.keyboard("{Enter}");
    expect(onOpen.mock.calls).toEqual([["A1"]]);
    expect(onDrop).not.toHaveBeenCalled();
  });

  it("leaves Tab to the page and a button's keys to the button; Escape goes back to the button's cell", async () => {
    const user = userEvent.setup();
    const onOpen = await renderGrid();
    const first = await screen.findByRole("button", { name: "Open A1" });
    (document.getElementById("things-cell-0-0") as HTMLElement).focus();
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.keyboard("{Enter}");
    expect(onOpen).toHaveBeenLastCalledWith("A1");
    expect(document.activeElement).toBe(first);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open B2" }));
    await user.keyboard("{Escape}");
    expect(document.activeElement?.id).toBe("things-cell-1-1");
  });

  it("keeps the pinned copy of the headers as tall as the headers when they wrap anew, so it covers no row", async () => {
    let height = 81;
    const restore = headersTall(() => height);
    try {
      const i18n = await english();
      const { rerender } = render(gridOf(i18n, rows, vi.fn()));
      const pinned = () =>
        Number.parseFloat(
          (document.querySelector(".bp6-table-quadrant-top") as HTMLElement | null)?.style.height ?? "",
        );
      const wrapped = await waitFor(() => {
        expect(pinned()).toBeGreaterThanOrEqual(81);
        return pinned();
      });
      // Wider columns: the headers take fewer lines, the rows as many as before.
      height = 62;
      rerender(
        gridOf(
          i18n,
          rows.map((row) => ({ ...row, memo: `${row.memo}!` })),
          vi.fn(),
        ),
      );
      await screen.findByText("second!");
      await waitFor(() => expect(pinned()).toBe(wrapped - 19));
    } finally {
      restore();
    }
  });
});
