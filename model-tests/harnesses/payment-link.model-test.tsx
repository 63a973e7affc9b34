// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { invoiceApps, madeLink } from "../models/invoice-fixtures.ts";
import { paymentLinkModel } from "../models/payment-link.model.ts";
import { sampleApp } from "../models/app-edit.model.ts";
import { dialogTitled, expectNoDialog, expectOpenFormDialog } from "./account-dialogs.ts";
import { replaceText } from "./form-steps.ts";
import { signedInAnswers } from "./signed-in.ts";

/** `links`: how many links the screen has shown made, each followed by the list asked for again. */
type H = ConsoleHarness & { fake: ControlledApi; links: number };

const madeDialog = () => screen.queryByTestId("payment-link-made")?.closest("[role=dialog]") as HTMLElement | null;
const listCalls = (h: H) => h.fake.calls.filter((c) => c.method === "invoices.list").length;

runModel(paymentLinkModel, {
  async start() {
    const fake = createControlledApi(
      { submit: "invoices.create" },
      {
        ...signedInAnswers,
        "invoices.list": async () => ({ items: [], ...fakeKeysetPaging(1, 10, 0) }),
        "invoices.watch": () => () => {},
        "apps.list": async () => ({
          items: invoiceApps.map((app) => ({ ...sampleApp, ...app })),
          ...fakeKeysetPaging(1, 100, invoiceApps.length),
        }),
      },
    );
    const h = await renderConsole({
      url: "/invoice/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    await screen.findByRole("heading", { name: h.t("invoices.title"), level: 1 });
    // The applications arrive with the first page: the dialog offers them.
    await waitFor(() => expect(fake.calls.some((c) => c.method === "apps.list")).toBe(true));
    return Object.assign(h, { fake, links: 0 });
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    const made = madeDialog();
    switch (e.type) {
      case "dialog.open":
        if (made) return h.user.click(within(made).getByRole("button", { name: h.t("invoices.link.another") }));
        return h.user.click(screen.getByRole("button", { name: h.t("invoices.link.create") }));
      case "dialog.close":
        // The footer's Close (the header's cross is named Close too).
        if (made)
          return h.user.click(
            within(made)
              .getAllByRole("button", { name: h.t("invoices.details.close") })
              .at(-1) as HTMLElement,
          );
        return h.user.click(
          within(screen.getByRole("dialog", { name: h.t("invoices.link.title") })).getByRole("button", {
            name: h.t("common.cancel"),
          }),
        );
      case "paymentLink.submit": {
        const dialog = await screen.findByRole("dialog", { name: h.t("invoices.link.title") });
        const field = (key: string) => within(dialog).getByLabelText(h.t(key as never));
        await h.user.selectOptions(field("invoices.link.application"), e.appCode);
        await replaceText(h, field("invoices.link.amount"), e.amount);
        await replaceText(h, field("invoices.link.description"), e.description ?? "");
        await h.user.selectOptions(field("invoices.link.expiry"), String(e.expiresInSeconds));
        await replaceText(h, field("invoices.link.redirectUrl"), e.redirectUrl ?? "");
        return h.user.click(within(dialog).getByRole("button", { name: h.t("invoices.link.submit") }));
      }
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    // The form and the link made are two dialogs: the one closing has gone before the other is read.
    if (!s.matches("closed")) await waitFor(() => expect(screen.getAllByRole("dialog")).toHaveLength(1));
    if (s.hasTag("open"))
      return expectOpenFormDialog(h, s, { title: h.t("invoices.link.title"), submit: h.t("invoices.link.submit") });
    if (s.hasTag("made")) {
      h.links += 1;
      const dialog = await dialogTitled(h.t("invoices.link.madeTitle"));
      const qr = within(dialog).getByRole("img", { name: h.t("invoices.link.qrLabel") });
      expect(qr.getAttribute("data-value")).toBe(madeLink.checkoutUrl);
      expect(dialog.textContent).toContain(madeLink.checkoutUrl);
      expect(dialog.textContent).toContain(madeLink.orderId);
      expect(within(dialog).getByRole("button", { name: h.t("invoices.details.copyLink") })).toBeTruthy();
      const open = within(dialog).getByRole("button", { name: h.t("invoices.details.openLink") });
      expect(open.getAttribute("href")).toBe(madeLink.checkoutUrl);
      // The list is asked for again once for each link made (and once when the page opened).
      await waitFor(() => expect(listCalls(h)).toBeGreaterThanOrEqual(1 + h.links));
      // What was sent: the fields typed, the expiry chosen, the dialog's own request id.
      const sent = h.fake.calls.filter((c) => c.method === "invoices.create").at(-1)?.args[0];
      expect(sent).toMatchObject({
        appCode: invoiceApps[0]?.appCode,
        amount: "12.5",
        description: "Two mugs",
        expiresInSeconds: 3600,
        redirectUrl: "https://shop.example.com/thanks",
      });
      expect((sent as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
      return;
    }
    await expectNoDialog();
  },
  stop: (h) => h.cleanup(),
});
