// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { ConsoleInvoice } from "../../contracts/schemas/invoices.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { formatUsdt } from "../../src/i18n/format.ts";
import { createControlledApi } from "../framework/fake-api.ts";
import { renderConsole } from "../framework/render-console.tsx";
import { withinRow } from "../framework/row-queries.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { invoicePaidOver, invoiceUnderpaid } from "../models/invoice-fixtures.ts";
import { invoiceRefundModel, refundDestination } from "../models/invoice-refund.model.ts";
import { walletWithDestinations } from "../models/wallet-fixtures.ts";
import { callsSince, markingSteps, type MarkedHarness } from "./account-dialogs.ts";
import { expectBusy, expectProblems, fill } from "./form-steps.ts";
import { signedInAnswers } from "./signed-in.ts";

/** The invoice once its refund of 20 was made: listed with it, 5 left to refund. */
const refunded: ConsoleInvoice = {
  ...invoicePaidOver,
  refunds: [
    ...invoicePaidOver.refunds,
    {
      withdrawalId: "42",
      chain: "Devnet",
      to: refundDestination,
      amount: "20",
      status: "requested",
      txHash: null,
      createdAt: "2026-11-27T11:00:00.000Z",
    },
  ],
};

/**
 * `made`: a refund was made in this walk, so what is left to refund is 5; `fresh`: the dialog was just opened, so its
 * amount is prefilled (a refused submit keeps what was typed).
 */
type H = MarkedHarness & { made: boolean; fresh: boolean };

/** The details dialog of the overpaid invoice (the refund's dialog opens over it). */
const details = (h: H) =>
  screen.findByRole("dialog", { name: h.t("invoices.details.title", { orderId: invoicePaidOver.orderId }) });
const refundTitle = (h: H) => h.t("invoices.refund.dialogTitle", { orderId: invoicePaidOver.orderId });

runModel(invoiceRefundModel, {
  async start() {
    const fake = createControlledApi(
      { submit: "invoices.refund" },
      {
        ...signedInAnswers,
        // The first answer lists the invoice as it was; once a refund was made, as the server has it then.
        "invoices.list": async (request: { orderId?: string } = {}) => {
          const items = request.orderId ? [refunded] : [invoicePaidOver, invoiceUnderpaid];
          return { items, ...fakeKeysetPaging(1, 10, items.length) };
        },
        "invoices.watch": () => () => {},
        "apps.list": async () => ({ items: [], ...fakeKeysetPaging(1, 100, 0) }),
        // Two-factor off: the dialog asks for the mailed code alone.
        "wallet.walletOverview": async () => walletWithDestinations.overview,
        "wallet.addresses": async () => walletWithDestinations.book,
      },
    );
    const rendered = await renderConsole({
      url: "/invoice/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    const h: H = Object.assign(rendered, { fake, step: null, made: false, fresh: false });
    const row = await screen.findByTestId(`invoice-row-${invoicePaidOver.invoiceId}`, {}, { timeout: 5000 });
    await h.user.click(withinRow(row).getByRole("button", { name: h.t("invoices.actions.details") }));
    const dialog = await details(h);
    // What it received less its refund not failed: 25 of 30 is left, and the refund already made is shown.
    const refunds = within(dialog).getByTestId("invoice-refunds");
    expect(refunds.textContent).toContain(formatUsdt("5", "en-US"));
    expect(refunds.textContent).toContain(h.t("withdrawals.status.confirmed"));
    return h;
  },
  fakeApi: markingSteps,
  async perform(h: H, e) {
    switch (e.type) {
      case "dialog.open":
        h.fresh = true;
        return h.user.click(within(await details(h)).getByRole("button", { name: h.t("invoices.refund.open") }));
      case "dialog.close":
        return h.user.click(
          within(await screen.findByRole("dialog", { name: refundTitle(h) })).getByRole("button", {
            name: h.t("common.cancel"),
          }),
        );
      case "refund.submit": {
        const dialog = await screen.findByRole("dialog", { name: refundTitle(h) });
        // The amount comes prefilled with what is left to refund; the chain with the one the customer paid on.
        const amount = within(dialog).getByLabelText(h.t("invoices.refund.amount")) as HTMLInputElement;
        if (h.fresh) expect(amount.value).toBe(h.made ? "5" : "25");
        h.fresh = false;
        await fill(h, h.t("invoices.refund.amount"), e.amount);
        expect((within(dialog).getByLabelText(h.t("invoices.refund.chain")) as HTMLSelectElement).value).toBe(e.chain);
        await fill(h, h.t("invoices.refund.to"), e.to);
        // The chain's fee is shown before sending; two-factor is off, so no authenticator's code is asked.
        const preview = await within(dialog).findByTestId("invoice-refund-preview");
        expect(preview.textContent).toContain(formatUsdt("1", "en-US"));
        expect(within(dialog).queryByLabelText(h.t("wallet.totpCode"))).toBeNull();
        await fill(h, h.t("fields.code"), e.code);
        return h.user.click(within(dialog).getByRole("button", { name: h.t("invoices.refund.submit") }));
      }
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.hasTag("busy")) return expectBusy(h.t("invoices.refund.submit"));
    if (s.hasTag("open")) {
      await screen.findByRole("dialog", { name: refundTitle(h) });
      return expectProblems(h, s.context.fieldErrors, s.context.failure);
    }
    await waitFor(() => expect(screen.queryByRole("dialog", { name: refundTitle(h) })).toBeNull());
    const dialog = await details(h);
    if (!h.step?.answered) return;
    // Made: said, the invoice asked for again by its order, and its details show the refund and what is left.
    h.made = true;
    expect(h.notifications.slice(h.step.notifications)).toContain(h.t("invoices.refund.asked"));
    await waitFor(() => expect(callsSince(h, "invoices.list").length).toBeGreaterThanOrEqual(1));
    const refunds = within(dialog).getByTestId("invoice-refunds");
    await waitFor(() => expect(refunds.textContent).toContain(formatUsdt("20", "en-US")));
    // 5 is still left: Refund stays offered.
    expect(within(dialog).getByRole("button", { name: h.t("invoices.refund.open") })).toBeTruthy();
    for (const asked of h.fake.calls.filter((c) => c.method === "invoices.refund"))
      expect(asked.args[0]).toMatchObject({
        invoiceId: invoicePaidOver.invoiceId,
        to: refundDestination,
        amount: "20",
      });
  },
  stop: (h) => h.cleanup(),
});
