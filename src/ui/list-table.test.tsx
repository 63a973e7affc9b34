// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { ListGrid } from "./list-grid.tsx";
import { ListTable } from "./list-table.tsx";
import { englishOf, thingColumns, things, withSizedGridBodies } from "./list-things-test-support.ts";

withSizedGridBodies();

const rows = things;
const columns = thingColumns({ optional: true });
const texts = {
  things: {
    tableLabel: "Things",
    columns: { code: "Code", amount: "Amount", memo: "Memo", operations: "Operations" },
  },
  listColumns: { open: "Columns", legend: "Columns shown", reset: "Default columns" },
  listGrid: { keys: "Arrow keys move between cells" },
};

async function renderTable(chosen: readonly string[] | null, onChoose = vi.fn(), grid = false) {
  const i18n = await englishOf(texts);
  render(
    <I18nextProvider i18n={i18n}>
      <ListTable
        area="things"
        rowName="thing"
        view={{ kind: "rows", rows, refreshing: false }}
        columns={columns}
        chosen={chosen}
        onChoose={onChoose}
        rowKey={(row) => row.code}
        grid={grid ? { body: ListGrid, rowHeight: 40 } : undefined}
        operations={(row) => <button type="button">Open {row.code}</button>}
        describeFailure={() => null}
        onRetry={() => {}}
      />
    </I18nextProvider>,
  );
  return onChoose;
}

const headers = () =>
  within(screen.getByTestId("things-table"))
    .getAllByRole("columnheader")
    .map((th) => th.textContent);

describe("ListTable", () => {
  it("shows the list's own columns until the merchant chooses, then the chosen ones, the row's name always", async () => {
    await renderTable(null);
    expect(headers()).toEqual(["Code", "Amount", "Operations"]);
    cleanup();
    await renderTable(["memo"]);
    expect(headers()).toEqual(["Code", "Memo", "Operations"]);
  });

  it("draws the rows as a data grid when asked, in the region its label names, with the chosen columns", async () => {
    await renderTable(["memo"], vi.fn(), true);
    const region = screen.getByRole("region", { name: "Things" });
    expect(region.hasAttribute("tabindex")).toBe(false);
    const grid = within(region).getByRole("grid", { name: "Things" });
    expect(screen.getByTestId("things-table").contains(grid)).toBe(true);
    await waitFor(() => expect(screen.getByTestId("thing-row-B2")).toBeTruthy());
    const headers = within(grid)
      .getAllByRole("row")[0]
      ?.getAttribute("aria-owns")
      ?.split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(headers).toEqual(["Code", "Operations", "Memo"]);
    expect(screen.getByTestId("thing-card-B2")).toBeTruthy();
  });

  it("draws a card per row with the card columns and the row's buttons, for a phone", async () => {
    await renderTable(null);
    const card = screen.getByTestId("thing-card-B2");
    expect([...card.querySelectorAll("dt")].map((dt) => dt.textContent)).toEqual(["Code", "Amount"]);
    expect(card.querySelector("dd")?.textContent).toBe("B2");
    expect(within(card).getByRole("button", { name: "Open B2" })).toBeTruthy();
  });

  it("offers every column in Columns, and sends the choice in the list's order, or back to its own", async () => {
    const user = userEvent.setup();
    const onChoose = await renderTable(null);
    await user.click(screen.getByTestId("things-columns"));
    const chooser = await screen.findByRole("group", { name: "Columns shown" });
    const code = within(chooser).getByRole("checkbox", { name: "Code" }) as HTMLInputElement;
    expect([code.checked, code.disabled]).toEqual([true, true]);
    await user.click(within(chooser).getByRole("checkbox", { name: "Memo" }));
    expect(onChoose).toHaveBeenLastCalledWith(["code", "amount", "memo"]);
    await user.click(within(chooser).getByRole("button", { name: "Default columns" }));
    expect(onChoose).toHaveBeenLastCalledWith(null);
  });
});
