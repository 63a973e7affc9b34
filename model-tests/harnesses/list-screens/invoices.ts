import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { ConsoleInvoice } from "../../../contracts/schemas/invoices.ts";
import { formatDateTime, formatUsdt } from "../../../src/i18n/format.ts";
import { withinRow } from "../../framework/row-queries.ts";
import { madeLink } from "../../models/invoice-fixtures.ts";
import { replaceText } from "../form-steps.ts";
import type { ListScreen } from "./list-screen.ts";

/**
 * Invoices: its order, application, amounts, status with its flags and chains; in the details dialog every field, the
 * payment link (copied or opened), the addresses, the transfers counted with their explorer links, and the timeline,
 * from the row.
 */
export const invoiceScreen: ListScreen = {
  path: "/invoice/list",
  emptyHint: true,
  // Make a payment link (the server answers at once) and close the link shown: the list is asked for again.
  async addRows(h) {
    await h.user.click(screen.getByRole("button", { name: h.t("invoices.link.create") }));
    const dialog = await screen.findByRole("dialog", { name: h.t("invoices.link.title") });
    await replaceText(h, within(dialog).getByLabelText(h.t("invoices.link.amount")), madeLink.amount);
    await h.user.click(within(dialog).getByRole("button", { name: h.t("invoices.link.submit") }));
    const made = await screen.findByRole("dialog", { name: h.t("invoices.link.madeTitle") });
    await h.user.click(
      within(made)
        .getAllByRole("button", { name: h.t("invoices.details.close") })
        .at(-1) as HTMLElement,
    );
  },
  rowTestId: (key) => `invoice-row-${key}`,
  async expectRow(h, row) {
    const invoice = row as ConsoleInvoice;
    const cells = withinRow(screen.getByTestId(`invoice-row-${invoice.invoiceId}`));
    await waitFor(() => expect(cells.getByText(h.t(`invoices.status.${invoice.status}`))).toBeTruthy());
    for (const flag of invoice.flags) expect(cells.getByText(h.t(`invoices.flag.${flag}`))).toBeTruthy();
    expect(cells.getByText(formatUsdt(invoice.amount, "en-US"))).toBeTruthy();
    expect(cells.getByText(formatUsdt(invoice.amountReceived, "en-US"))).toBeTruthy();
    expect(cells.getByText(invoice.addresses.map((a) => a.chain).join(", "))).toBeTruthy();
    expect(cells.getByText(invoice.appCode)).toBeTruthy();
  },
  async expectDetail(h, s) {
    const invoice = s.context.detail as ConsoleInvoice;
    const dialog = await screen.findByRole("dialog", {
      name: h.t("invoices.details.title", { orderId: invoice.orderId }),
    });
    // Its callbacks: Transaction callbacks filtered to it.
    const callbacks = within(dialog).getByRole("link", { name: h.t("invoices.details.callbacks") });
    expect(callbacks.getAttribute("href")).toBe(`/callback/list?invoiceId=${invoice.invoiceId}`);
    const facts = within(dialog).getByTestId("invoice-facts").textContent ?? "";
    for (const expected of [
      invoice.invoiceId,
      h.t(`invoices.status.${invoice.status}`),
      ...invoice.flags.map((flag) => h.t(`invoices.flag.${flag}`)),
      formatUsdt(invoice.amount, "en-US"),
      formatUsdt(invoice.amountReceived, "en-US"),
      invoice.description ?? h.t("invoices.none"),
      invoice.customerEmail ?? h.t("invoices.none"),
      invoice.redirectUrl ?? h.t("invoices.none"),
      ...Object.values(invoice.metadata),
      formatDateTime(invoice.createdAt, "en-US"),
      formatDateTime(invoice.expiresAt, "en-US"),
    ])
      expect(facts).toContain(expected);
    const link = within(dialog).getByTestId("invoice-link");
    expect(link.textContent).toContain(invoice.checkoutUrl);
    expect(within(link).getByRole("button", { name: h.t("invoices.details.copyLink") })).toBeTruthy();
    // Blueprint's AnchorButton: a link drawn as a button (role "button"), its href the checkout page.
    expect(
      within(link)
        .getByRole("button", { name: h.t("invoices.details.openLink") })
        .getAttribute("href"),
    ).toBe(invoice.checkoutUrl);
    const addresses = within(dialog).getByTestId("invoice-addresses");
    for (const a of invoice.addresses) {
      expect(addresses.textContent).toContain(a.address);
      expect(
        within(addresses).getByRole("button", { name: h.t("invoices.details.copyAddress", { chain: a.chain }) }),
      ).toBeTruthy();
    }
    const transfers = within(within(dialog).getByTestId("invoice-transfers").querySelector("tbody") as HTMLElement);
    const rows = transfers.getAllByRole("row");
    expect(rows).toHaveLength(invoice.transfers.length);
    invoice.transfers.forEach((t, i) => {
      const state = t.removed ? "removed" : t.late ? "late" : "counted";
      expect(rows[i]?.textContent).toContain(h.t(`invoices.details.${state}`));
      expect(rows[i]?.textContent).toContain(
        h.t("invoices.details.confirmationsOf", {
          confirmations: Math.min(t.confirmations, t.required),
          required: t.required,
        }),
      );
      // Its transaction: a link to the chain's explorer where one is configured, else the hash (or none) alone.
      const row = within(rows[i] as HTMLElement);
      if (t.explorerUrl)
        expect(
          row
            .getByRole("link", { name: h.t("invoices.details.onExplorer", { txHash: t.txHash }) })
            .getAttribute("href"),
        ).toBe(t.explorerUrl);
      else {
        expect(row.queryByRole("link")).toBeNull();
        expect(rows[i]?.textContent).toContain(t.txHash ?? h.t("invoices.none"));
      }
    });
    // Its life, oldest first: each step's time and words, a change's callback and how its delivery went.
    const steps = within(within(dialog).getByTestId("invoice-timeline")).getAllByRole("listitem");
    expect(steps).toHaveLength(invoice.timeline.length);
    invoice.timeline.forEach((step, i) => {
      const text = steps[i]?.textContent ?? "";
      expect(text).toContain(formatDateTime(step.at, "en-US"));
      if (step.transfer) {
        const kind = step.kind === "transferSeen" && step.transfer.late ? "paidLate" : step.kind;
        const words = { amount: formatUsdt(step.transfer.amount, "en-US"), chain: step.transfer.chain };
        expect(text).toContain(h.t(`invoices.timeline.${kind}` as "invoices.timeline.transferSeen", words));
      } else expect(text).toContain(h.t(`invoices.timeline.${step.kind}` as "invoices.timeline.created"));
      if (step.callback)
        expect(text).toContain(
          h.t(`invoices.timeline.callback.${step.callback.status}`, { count: step.callback.attempts }),
        );
    });
  },
};
