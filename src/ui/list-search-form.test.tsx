// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { billListArea } from "../../machines/bills/bill-list.ts";
import { invoiceListArea } from "../../machines/invoices/invoice-list.ts";
import { type AnyListArea, emptySearchOf } from "../../machines/lists/list-area.ts";
import { transactionListArea } from "../../machines/transactions/transaction-list.ts";
import { ListSearchForm } from "./list-search-form.tsx";
import { englishOf } from "./list-things-test-support.ts";

afterEach(() => cleanup());

async function formOf(area: AnyListArea) {
  const i18n = await englishOf({});
  const view = {
    search: emptySearchOf(area),
    revision: 0,
    fieldErrors: {},
    choices: [],
    busy: false,
    canSearch: true,
  };
  render(
    <I18nextProvider i18n={i18n}>
      <ListSearchForm area={area} view={view} onSearch={() => {}} onReset={() => {}} />
    </I18nextProvider>,
  );
}

describe("a list's search form", () => {
  it("hints 0x… only where a hash or an address goes: an invoice's order ID is the shop's own text", async () => {
    await formOf(invoiceListArea);
    const orderId = screen.getByLabelText("invoices.search.orderId");
    expect(orderId.getAttribute("placeholder")).toBeNull();
    expect(orderId.getAttribute("spellcheck")).toBe("false");
    cleanup();
    await formOf(billListArea);
    expect(screen.getByLabelText("bills.search.txHash").getAttribute("placeholder")).toBe("0x…");
    expect(screen.getByLabelText("bills.search.address").getAttribute("placeholder")).toBe("0x…");
    cleanup();
    await formOf(transactionListArea);
    expect(screen.getByLabelText("transactions.search.txHash").getAttribute("placeholder")).toBe("0x…");
  });
});
