import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { Application } from "../../../contracts/schemas/apps.ts";
import type { ConsoleHarness } from "../../framework/render-console.tsx";
import { withinRow } from "../../framework/row-queries.ts";
import { expectNotRepeated, pageWords, replaceText } from "../form-steps.ts";
import type { ListScreen } from "./list-screen.ts";

const fillIn = (h: ConsoleHarness, scope: HTMLElement, label: string, value: string) =>
  replaceText(h, within(scope).getByLabelText(label), value);
const switchName = (h: ConsoleHarness, app: Application) =>
  h.t(app.status === "normal" ? "apps.actions.stop" : "apps.actions.start");

/** My applications: its rows with their switch, the add and edit dialogs, a refused switch said. */
export const appScreen: ListScreen = {
  path: "/app/list",
  emptyHint: false,
  rowTestId: (key) => `app-row-${key}`,
  async expectRow(h, row) {
    const app = row as Application;
    const cells = withinRow(screen.getByTestId(`app-row-${app.appCode}`));
    await waitFor(() => expect(cells.getByText(h.t(`apps.status.${app.status}`))).toBeTruthy());
    expect(cells.getByText(app.name)).toBeTruthy();
    // Any-address withdrawals are shown on every row, off or with their daily limit.
    if (app.withdrawAnyAddressDailyLimit === null) expect(cells.getByText(h.t("apps.anyAddressOff"))).toBeTruthy();
    else expect(cells.getByText(new RegExp(`^${app.withdrawAnyAddressDailyLimit}(\\.\\d+)? USDT$`))).toBeTruthy();
    expect((cells.getByRole("button", { name: switchName(h, app) }) as HTMLButtonElement).disabled).toBe(false);
  },
  expectDetail: async () => {
    throw new Error("My applications have no details dialog: Edit and Credentials are the appEdit model's");
  },
  // Add an application with the add dialog (the server accepts it): the list is asked for again.
  async addRows(h) {
    await h.user.click(screen.getByRole("button", { name: h.t("apps.add") }));
    const dialog = await screen.findByRole("dialog");
    await fillIn(h, dialog, h.t("apps.columns.name"), "New shop");
    await fillIn(h, dialog, h.t("apps.columns.address"), "https://new.example.com");
    await fillIn(h, dialog, h.t("apps.columns.rechargeCallbackUrl"), "https://new.example.com/r");
    await fillIn(h, dialog, h.t("apps.columns.withdrawCallbackUrl"), "https://new.example.com/w");
    await h.user.click(within(dialog).getByRole("button", { name: h.t("apps.addSubmit") }));
  },
  // Edit, verify with the e-mail code, rename, Save: the list hears the saved application.
  async updateRow(h, row) {
    const app = row as Application;
    await h.user.click(
      withinRow(screen.getByTestId(`app-row-${app.appCode}`)).getByRole("button", { name: h.t("apps.actions.edit") }),
    );
    const dialog = await screen.findByRole("dialog");
    await fillIn(h, dialog, h.t("fields.code"), "123456");
    await h.user.click(within(dialog).getByRole("button", { name: h.t("apps.verify.submit") }));
    await fillIn(h, await screen.findByRole("dialog"), h.t("apps.columns.name"), app.name);
    await h.user.click(within(screen.getByRole("dialog")).getByRole("button", { name: h.t("common.save") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
  async expectCalling(h, s) {
    const first = s.context.items[0] as Application;
    const row = screen.getByTestId(`app-row-${first.appCode}`);
    await waitFor(() => {
      const button = withinRow(row).getByRole("button", { name: switchName(h, first) }) as HTMLButtonElement;
      expect(button.classList.contains("bp6-loading")).toBe(true);
      expect(button.disabled).toBe(true);
    });
  },
  async expectReady(h, s) {
    // One "created" notice for each application the add dialog added.
    const added = h.fake.calls.filter((c) => c.method === "apps.add").length;
    expect(h.notifications.filter((notice) => notice === h.t("apps.created"))).toHaveLength(added);
    const failure = s.context.actionFailure;
    if (!failure) return;
    await waitFor(() =>
      expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain(pageWords(h, failure)),
    );
    expectNotRepeated(h, failure);
  },
};
