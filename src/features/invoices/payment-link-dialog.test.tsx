// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../../model-tests/framework/setup.ts";
import { createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";
import { replaceText } from "../../../model-tests/harnesses/form-steps.ts";
import { signedInAnswers } from "../../../model-tests/harnesses/signed-in.ts";
import { sampleApp } from "../../../model-tests/models/app-edit.model.ts";
import { loginResult, storedUser } from "../../../model-tests/models/fixtures.ts";
import { invoiceApps, madeLink } from "../../../model-tests/models/invoice-fixtures.ts";
import { fakeKeysetPaging } from "../../../machines/lists/keyset-test-support.ts";
import { storageKeys } from "../../api/session-storage.ts";

const slow = { timeout: 5000 };

/**
 * "Create a payment link" opened right after the page loads, before the merchant's applications have arrived (a
 * reload on a busy machine): the form shows the code field, then the applications' choice once they arrive, and the
 * link is made for the application the choice shows.
 */
describe("the payment link dialog opened before the applications arrive", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("makes the link for the application the choice shows", async () => {
    const fake = createControlledApi(["apps.list"], {
      ...signedInAnswers,
      "invoices.list": async () => ({ items: [], ...fakeKeysetPaging(1, 10, 0) }),
      "invoices.watch": () => () => {},
      "invoices.create": async () => madeLink,
    });
    h = await renderConsole({
      url: "/invoice/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    const harness = h;
    const create = await screen.findByRole("button", { name: harness.t("invoices.link.create") }, slow);
    await waitFor(() => expect(fake.calls.some((c) => c.method === "apps.list")).toBe(true));
    await harness.user.click(create);
    const dialog = await screen.findByRole("dialog", { name: harness.t("invoices.link.title") }, slow);
    await fake.settle("apps.list", {
      output: {
        items: invoiceApps.map((app) => ({ ...sampleApp, ...app })),
        ...fakeKeysetPaging(1, 100, invoiceApps.length),
      },
    });
    const application = (await within(dialog).findByLabelText(
      harness.t("invoices.link.application"),
      {},
      slow,
    )) as HTMLSelectElement;
    expect(application.value).toBe(invoiceApps[0]?.appCode);
    await replaceText(harness, within(dialog).getByLabelText(harness.t("invoices.link.amount")), "2.5");
    await harness.user.click(within(dialog).getByRole("button", { name: harness.t("invoices.link.submit") }));
    await screen.findByRole("dialog", { name: harness.t("invoices.link.madeTitle") }, slow);
    const sent = fake.calls.find((c) => c.method === "invoices.create")?.args[0];
    expect(sent).toMatchObject({ appCode: invoiceApps[0]?.appCode, amount: "2.5" });
  });
});
