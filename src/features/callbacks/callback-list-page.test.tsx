// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CallbackListRequest } from "../../../contracts/schemas/callbacks.ts";
import { withinRow } from "../../../model-tests/framework/row-queries.ts";
import "../../../model-tests/framework/setup.ts";
import { type CallbacksHarness, renderCallbacks } from "../../../model-tests/harnesses/callback-pages.ts";
import { sampleAttempts } from "../../../model-tests/models/callback-fixtures.ts";
import { fakeKeysetPaging } from "../../../machines/lists/keyset-test-support.ts";
import { invoiceAttempt } from "../../../machines/callbacks/callback-samples.ts";

const listRequests = (h: CallbacksHarness) =>
  h.fake.calls.filter((c) => c.method === "callbacks.list").map((c) => c.args[0] as CallbackListRequest);
const billField = (h: CallbacksHarness) =>
  within(screen.getByRole("form", { name: h.t("callbacks.search.label") })).getByLabelText(
    h.t("callbacks.search.billNo"),
  ) as HTMLInputElement;

describe("Transaction callbacks' address", () => {
  let h: CallbacksHarness | null = null;
  afterEach(() => h?.cleanup());

  it("takes ?billNo= as the bill filter, and starts again with the bill of a newer link", async () => {
    h = await renderCallbacks([], {}, "?billNo=2026020100000101");
    const harness = h;
    await waitFor(() => expect(listRequests(harness)[0]).toEqual({ billNo: "2026020100000101", pageSize: 10 }));
    expect(billField(harness).value).toBe("2026020100000101");

    await harness.go("/callback/list?billNo=2026020100000202");
    await waitFor(() => expect(listRequests(harness).at(-1)?.billNo).toBe("2026020100000202"));
    await waitFor(() => expect(billField(harness).value).toBe("2026020100000202"));

    await harness.go("/callback/list");
    await waitFor(() => expect(listRequests(harness).at(-1)).toEqual({ pageSize: 10 }));
    expect(billField(harness).value).toBe("");
  });

  it("takes ?invoiceId= as the invoice filter; an invoice's event names its invoice in the row and the details", async () => {
    const attempt = invoiceAttempt();
    h = await renderCallbacks(
      [],
      {
        "callbacks.list": async () => ({ items: [attempt], ...fakeKeysetPaging(1, 10, 1) }),
      },
      `?invoiceId=${attempt.invoiceId}`,
    );
    const harness = h;
    await waitFor(() => expect(listRequests(harness)[0]).toEqual({ invoiceId: attempt.invoiceId, pageSize: 10 }));
    const invoiceField = within(screen.getByRole("form", { name: harness.t("callbacks.search.label") })).getByLabelText(
      harness.t("callbacks.search.invoiceId"),
    ) as HTMLInputElement;
    expect(invoiceField.value).toBe(attempt.invoiceId);
    const cells = withinRow(await screen.findByTestId(`callback-row-${attempt.attemptId}`));
    expect(cells.getByText(harness.t("callbacks.invoiceNo", { id: attempt.invoiceId }))).toBeTruthy();
    await harness.user.click(cells.getByRole("button", { name: harness.t("callbacks.actions.details") }));
    const facts = within(await screen.findByTestId("callback-facts"));
    expect(facts.getByText(harness.t("callbacks.details.invoiceId"))).toBeTruthy();
    expect(facts.getByText(attempt.invoiceId ?? "")).toBeTruthy();
  });

  it("leaves out a bill number that is not one, in the address too", async () => {
    h = await renderCallbacks([], {}, "?billNo=not-a-bill");
    const harness = h;
    await waitFor(() => expect(listRequests(harness)[0]).toEqual({ pageSize: 10 }));
    expect(billField(harness).value).toBe("");
    await waitFor(() => expect(harness.location()).toBe("/callback/list"));
  });
});

describe("Transaction callbacks' rows", () => {
  let h: CallbacksHarness | null = null;
  afterEach(() => h?.cleanup());

  it("are a data grid named by the list: each row owns its cells, Details and Redeliver right after its time", async () => {
    h = await renderCallbacks([]);
    const harness = h;
    const grid = await screen.findByRole("grid", { name: harness.t("callbacks.tableLabel") });
    const attempt = sampleAttempts[0];
    if (!attempt) throw new Error("no sample attempt");
    const row = await screen.findByTestId(`callback-row-${attempt.attemptId}`);
    expect(grid.contains(row)).toBe(true);
    expect(row.getAttribute("role")).toBe("row");
    const headers = [...screen.getByTestId("callbacks-table").querySelectorAll(".list-grid-label")];
    expect(headers.slice(0, 2).map((header) => header.textContent)).toEqual([
      harness.t("callbacks.columns.sentAt"),
      harness.t("callbacks.columns.operations"),
    ]);
    const cells = withinRow(row);
    await waitFor(() => expect(cells.getByText(harness.t(`callbacks.eventType.${attempt.eventType}`))).toBeTruthy());
    expect(cells.getByText(harness.t(`callbacks.result.${attempt.result}`))).toBeTruthy();
    expect(cells.getByRole("button", { name: harness.t("callbacks.actions.redeliver") })).toBeTruthy();
    await harness.user.click(cells.getByRole("button", { name: harness.t("callbacks.actions.details") }));
    await screen.findByTestId("callback-facts");
  });
});
