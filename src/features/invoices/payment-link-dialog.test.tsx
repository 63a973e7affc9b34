// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../../model-tests/framework/setup.ts";
import { type ControlledApi, createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";
import { replaceText } from "../../../model-tests/harnesses/form-steps.ts";
import { signedInAnswers } from "../../../model-tests/harnesses/signed-in.ts";
import { sampleApp } from "../../../model-tests/models/app-edit.model.ts";
import { failure, loginResult, storedUser } from "../../../model-tests/models/fixtures.ts";
import { invoiceApps, madeLink } from "../../../model-tests/models/invoice-fixtures.ts";
import { fakeKeysetPaging } from "../../../machines/lists/keyset-test-support.ts";
import { storageKeys } from "../../api/session-storage.ts";

const slow = { timeout: 5000 };
const appsAnswer = (apps: ReadonlyArray<{ appCode: string; name: string }>) => ({
  output: { items: apps.map((app) => ({ ...sampleApp, ...app })), ...fakeKeysetPaging(1, 100, apps.length) },
});

/** Invoices with its applications' call held until the test answers it, and "Create a payment link" opened. */
async function openDialog(): Promise<{ h: ConsoleHarness; fake: ControlledApi; dialog: HTMLElement }> {
  const fake = createControlledApi(["apps.list"], {
    ...signedInAnswers,
    "invoices.list": async () => ({ items: [], ...fakeKeysetPaging(1, 10, 0) }),
    "invoices.watch": () => () => {},
    "invoices.create": async () => madeLink,
  });
  const h = await renderConsole({
    url: "/invoice/list",
    api: fake.api,
    storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
  });
  const create = await screen.findByRole("button", { name: h.t("invoices.link.create") }, slow);
  await waitFor(() => expect(fake.calls.some((c) => c.method === "apps.list")).toBe(true));
  await h.user.click(create);
  const dialog = await screen.findByRole("dialog", { name: h.t("invoices.link.title") }, slow);
  return { h, fake, dialog };
}

const submitOf = (h: ConsoleHarness, dialog: HTMLElement) =>
  within(dialog).getByRole("button", { name: h.t("invoices.link.submit") }) as HTMLButtonElement;

/** While the applications load: their choice held, saying so, and nothing to submit yet. */
function expectAppsLoading(h: ConsoleHarness, dialog: HTMLElement) {
  const application = within(dialog).getByLabelText(h.t("invoices.link.application")) as HTMLSelectElement;
  expect(application.disabled).toBe(true);
  expect(application.getAttribute("aria-busy")).toBe("true");
  expect(within(dialog).getByRole("progressbar", { name: h.t("invoices.link.appsLoading") })).toBeTruthy();
  expect(submitOf(h, dialog).disabled).toBe(true);
}

/**
 * "Create a payment link" opened right after the page loads, before the merchant's applications have arrived (a
 * reload on a busy machine): the application's choice waits for them, the dialog says when they could not be read
 * and asks again, and the link is made for the application the choice shows.
 */
describe("the payment link dialog opened before the applications arrive", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("waits for the applications, retries when they could not be read, and makes the link for the one shown", async () => {
    const opened = await openDialog();
    const { fake, dialog } = opened;
    h = opened.h;
    const harness = h;
    expectAppsLoading(harness, dialog);

    await fake.settle("apps.list", { error: failure("5000", "Internal error") });
    const alert = await within(dialog).findByRole("alert", {}, slow);
    expect(alert.textContent).toContain(harness.t("invoices.link.appsFailed"));
    expect(submitOf(harness, dialog).disabled).toBe(true);
    await harness.user.click(within(alert).getByRole("button", { name: harness.t("invoices.link.appsRetry") }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === "apps.list")).toHaveLength(2));
    await waitFor(() => expectAppsLoading(harness, dialog));

    await fake.settle("apps.list", appsAnswer(invoiceApps));
    await waitFor(() => expect(submitOf(harness, dialog).disabled).toBe(false));
    const application = within(dialog).getByLabelText(harness.t("invoices.link.application")) as HTMLSelectElement;
    expect(application.disabled).toBe(false);
    expect(application.value).toBe(invoiceApps[0]?.appCode);
    await replaceText(harness, within(dialog).getByLabelText(harness.t("invoices.link.amount")), "2.5");
    await harness.user.click(submitOf(harness, dialog));
    await screen.findByRole("dialog", { name: harness.t("invoices.link.madeTitle") }, slow);
    const sent = fake.calls.find((c) => c.method === "invoices.create")?.args[0];
    expect(sent).toMatchObject({ appCode: invoiceApps[0]?.appCode, amount: "2.5" });
  });

  it("says when the merchant has no application, with the way to add one, and offers no submit", async () => {
    const opened = await openDialog();
    const { fake, dialog } = opened;
    h = opened.h;
    await fake.settle("apps.list", appsAnswer([]));
    const empty = await within(dialog).findByTestId("payment-link-no-apps", {}, slow);
    expect(empty.textContent).toContain(h.t("invoices.link.noApps"));
    expect(
      within(empty)
        .getByRole("link", { name: h.t("invoices.toApps") })
        .getAttribute("href"),
    ).toBe("/app/list");
    expect(within(dialog).queryByLabelText(h.t("invoices.link.application"))).toBeNull();
    expect(submitOf(h, dialog).disabled).toBe(true);
  });
});
