// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../model-tests/framework/setup.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import { createControlledApi } from "../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../model-tests/framework/render-console.tsx";
import { signedInAnswers } from "../../model-tests/harnesses/signed-in.ts";
import { sampleApp } from "../../model-tests/models/app-edit.model.ts";
import { sampleBills } from "../../model-tests/models/bill-fixtures.ts";
import { loginResult, storedUser } from "../../model-tests/models/fixtures.ts";
import { storageKeys } from "../api/session-storage.ts";

let h: ConsoleHarness | null = null;

/** A list that shows no row offers no export (its file would hold the header alone), and says why on the button. */
describe("a list's export", { timeout: 30_000 }, () => {
  afterEach(() => h?.cleanup());

  it("is disabled, saying why, while the list shows no row, and offered again when its search finds rows", async () => {
    const fake = createControlledApi([], {
      ...signedInAnswers,
      "apps.list": async () => ({ items: [sampleApp], ...fakeKeysetPaging(1, 100, 1) }),
      "bills.list": async (input) =>
        (input as { status?: string }).status === "credited"
          ? { items: sampleBills, ...fakeKeysetPaging(1, 10, sampleBills.length) }
          : { items: [], ...fakeKeysetPaging(1, 10, 0) },
      "bills.watch": () => () => {},
    });
    h = await renderConsole({
      url: "/bill/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    const harness = h;
    const button = () => screen.getByRole<HTMLButtonElement>("button", { name: harness.t("listExport.button") });
    await waitFor(() => expect(button().disabled).toBe(true), { timeout: 5000 });
    expect(button().closest("[title]")?.getAttribute("title")).toBe(harness.t("listExport.nothing"));

    const form = screen.getByRole("form", { name: harness.t("bills.search.label") });
    await harness.user.selectOptions(within(form).getByLabelText(harness.t("bills.search.status")), "credited");
    await harness.user.click(within(form).getByRole("button", { name: harness.t("bills.search.submit") }));
    await screen.findByTestId(`bill-row-${sampleBills[0]?.billNo}`, {}, { timeout: 5000 });
    expect(button().disabled).toBe(false);
    expect(button().closest("[title]")?.getAttribute("title")).toBe(harness.t("listExport.hint"));
  });
});
