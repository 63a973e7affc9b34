// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../../model-tests/framework/setup.ts";
import { createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";
import { withinRow } from "../../../model-tests/framework/row-queries.ts";
import { fill } from "../../../model-tests/harnesses/form-steps.ts";
import { signedInAnswers } from "../../../model-tests/harnesses/signed-in.ts";
import { loginResult, storedUser } from "../../../model-tests/models/fixtures.ts";
import { invoicePaidOver, invoiceUnderpaid } from "../../../model-tests/models/invoice-fixtures.ts";
import {
  coolingDestination,
  usableDestination,
  walletWithSecondFactor,
} from "../../../model-tests/models/wallet-fixtures.ts";
import { fakeKeysetPaging } from "../../../machines/lists/keyset-test-support.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { ApiError } from "../../api/api-error.ts";
import { storageKeys } from "../../api/session-storage.ts";
import { formatUsdt } from "../../i18n/format.ts";

const slow = { timeout: 5000 };
/** Paid 25, received 30, nothing refunded yet: the 5 beyond its amount is the customer's. */
const paidOverNotRefunded = { ...invoicePaidOver, refunds: [] };

/**
 * The refund dialog of a merchant with two-factor on: it asks for the authenticator's code and will not send without
 * it, shows the chain's fee and what leaves the balance, and warns of a destination the address book would not pay.
 * One page load walking every step (the suite's CPU budget).
 */
/** What is said under a marked field. */
const saidUnder = (field: HTMLElement) =>
  document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;

describe("the refund dialog, two-factor on", { timeout: 60_000 }, () => {
  let h: (ConsoleHarness & { fake: ReturnType<typeof createControlledApi> }) | null = null;
  afterEach(() => h?.cleanup());

  it("shows the fee, warns of an address outside the book, and requires the authenticator's code; says what to do when the address is one of the service's own, and marks the authenticator's field when its code is wrong", async () => {
    const fake = createControlledApi([], {
      ...signedInAnswers,
      "invoices.list": async () => ({
        items: [paidOverNotRefunded, invoiceUnderpaid],
        ...fakeKeysetPaging(1, 10, 2),
      }),
      "apps.list": async () => ({ items: [], ...fakeKeysetPaging(1, 100, 0) }),
      "wallet.walletOverview": async () => walletWithSecondFactor.overview,
      "wallet.addresses": async () => walletWithSecondFactor.book,
      // The address typed is one of this service's own (a deposit address): refused; then the authenticator's code.
      "invoices.refund": async () => {
        if (fake.calls.filter((c) => c.method === "invoices.refund").length === 1)
          throw new ApiError("api", errCodes.withdrawalOurAddress, "ours");
        throw new ApiError("api", errCodes.twoFactorCodeWrong, "wrong");
      },
      // The list's live stream: silent here.
      "invoices.watch": () => () => {},
    });
    const rendered = await renderConsole({
      url: "/invoice/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    h = Object.assign(rendered, { fake });
    const harness = h;
    const row = await screen.findByTestId(`invoice-row-${invoicePaidOver.invoiceId}`, {}, slow);
    await harness.user.click(withinRow(row).getByRole("button", { name: harness.t("invoices.actions.details") }));
    const details = await screen.findByRole(
      "dialog",
      { name: harness.t("invoices.details.title", { orderId: invoicePaidOver.orderId }) },
      slow,
    );
    await harness.user.click(within(details).getByRole("button", { name: harness.t("invoices.refund.open") }));
    const dialog = await screen.findByRole(
      "dialog",
      { name: harness.t("invoices.refund.dialogTitle", { orderId: invoicePaidOver.orderId }) },
      slow,
    );

    // The excess (5 of the 30 received) prefilled and said so: a fee of 1 beside it, 6 from the balance.
    const preview = await within(dialog).findByTestId("invoice-refund-preview", {}, slow);
    expect(preview.textContent).toContain(`${harness.t("wallet.fee")}${formatUsdt("1", "en-US")}`);
    expect(preview.textContent).toContain(`${harness.t("wallet.debit")}${formatUsdt("6", "en-US")}`);
    expect(within(dialog).getByLabelText(harness.t("invoices.refund.amount"))).toHaveProperty("value", "5");
    expect(dialog.textContent).toContain(
      harness.t("invoices.refund.excessFilled", { excess: formatUsdt("5", "en-US") }),
    );
    // All of it (30, 31 with the fee) is more than the balance (25) covers: said before sending.
    await fill(harness, harness.t("invoices.refund.amount"), "30");
    await waitFor(() => expect(within(dialog).getByText(harness.t("errors.2806"))).toBeTruthy());
    await fill(harness, harness.t("invoices.refund.amount"), "5");
    await waitFor(() => expect(within(dialog).queryByText(harness.t("errors.2806"))).toBeNull());

    // A destination still cooling down, or none of the book, is warned of; a usable one is not.
    const unknown = () => within(dialog).queryByTestId("invoice-refund-unknown");
    await fill(harness, harness.t("invoices.refund.to"), coolingDestination.address);
    expect(unknown()?.textContent).toBe(harness.t("invoices.refund.notInBook", { chain: "Devnet" }));
    await fill(harness, harness.t("invoices.refund.to"), usableDestination.address.toLowerCase());
    expect(unknown()).toBeNull();

    // Two-factor is on: the authenticator's code is asked, and without it nothing is sent.
    await fill(harness, harness.t("fields.code"), "135790");
    const submit = within(dialog).getByRole("button", { name: harness.t("invoices.refund.submit") });
    await harness.user.click(submit);
    await within(dialog).findByText(harness.t("validation.codeRequired"), {}, slow);
    expect(fake.calls.filter((c) => c.method === "invoices.refund")).toEqual([]);
    await fill(harness, harness.t("wallet.totpCode"), "246802");
    await harness.user.click(submit);
    await waitFor(
      () =>
        expect(fake.calls.find((c) => c.method === "invoices.refund")?.args[0]).toMatchObject({
          invoiceId: invoicePaidOver.invoiceId,
          amount: "5",
          code: "135790",
          totpCode: "246802",
        }),
      slow,
    );
    // The destination typed is marked, with what to do under it, and takes the focus.
    const to = within(dialog).getByLabelText(harness.t("invoices.refund.to"));
    await waitFor(() => expect(to.getAttribute("aria-invalid")).toBe("true"), slow);
    expect(saidUnder(to)).toBe(harness.t("errorPage.ownAddress"));
    expect(document.activeElement).toBe(to);

    // A wrong authenticator's code marks the authenticator's field, not the mailed code's.
    await harness.user.click(submit);
    const totp = within(dialog).getByLabelText(harness.t("wallet.totpCode"));
    await waitFor(() => expect(totp.getAttribute("aria-invalid")).toBe("true"), slow);
    expect(saidUnder(totp)).toBe(harness.t("errorPage.authenticatorCode"));
    expect(document.activeElement).toBe(totp);
    expect(within(dialog).getByLabelText(harness.t("fields.code")).getAttribute("aria-invalid")).toBeNull();
    expect(to.getAttribute("aria-invalid")).toBeNull();
  });
});
