// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeKeysetPaging } from "../../../machines/lists/keyset-test-support.ts";
import { withinRow } from "../../../model-tests/framework/row-queries.ts";
import "../../../model-tests/framework/setup.ts";
import { createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";
import { signedInAnswers } from "../../../model-tests/harnesses/signed-in.ts";
import { sampleApp } from "../../../model-tests/models/app-edit.model.ts";
import { loginResult, storedUser } from "../../../model-tests/models/fixtures.ts";
import { subscription } from "../../../model-tests/models/order-fixtures.ts";
import { storageKeys } from "../../api/session-storage.ts";

describe("My applications' rows", { timeout: 60_000 }, () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("are a data grid named by the list: each row owns its cells, its four buttons right after its code", async () => {
    const fake = createControlledApi([], {
      ...signedInAnswers,
      "orders.subscription": async () => subscription,
      "apps.list": async () => ({ items: [sampleApp], ...fakeKeysetPaging(1, 10, 1) }),
      "auth.sendCode": async () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
    });
    h = await renderConsole({
      url: "/app/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    const harness = h;
    const grid = await screen.findByRole("grid", { name: harness.t("apps.tableLabel") });
    const row = await screen.findByTestId(`app-row-${sampleApp.appCode}`);
    expect(grid.contains(row)).toBe(true);
    expect(row.getAttribute("role")).toBe("row");
    const headers = [...screen.getByTestId("apps-table").querySelectorAll(".list-grid-label")];
    expect(headers.slice(0, 2).map((header) => header.textContent)).toEqual([
      harness.t("apps.columns.appCode"),
      harness.t("apps.columns.operations"),
    ]);
    const cells = withinRow(row);
    await waitFor(() => expect(cells.getByText(harness.t("apps.status.normal"))).toBeTruthy());
    // The row's first cell names it.
    const first = document.getElementById(row.getAttribute("aria-owns")?.split(" ")[0] ?? "");
    expect([first?.getAttribute("role"), first?.textContent]).toEqual(["rowheader", sampleApp.appCode]);
    expect(cells.getByText(sampleApp.name)).toBeTruthy();
    for (const action of ["credentials", "rotate", "stop"] as const)
      expect(cells.getByRole("button", { name: harness.t(`apps.actions.${action}`) })).toBeTruthy();
    await harness.user.click(cells.getByRole("button", { name: harness.t("apps.actions.edit") }));
    await screen.findByRole("dialog", { name: harness.t("apps.titles.edit", { name: sampleApp.name }) });
  });
});
