// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { demoCheckoutModel, demoInvoiceId } from "../models/demo-checkout.model.ts";
import { expectNotRepeated, pageWords } from "./form-steps.ts";

type H = ConsoleHarness & { fake: ControlledApi; asks: number };

const checkoutPage = `/pay/${demoInvoiceId}`;

runModel(demoCheckoutModel, {
  async start() {
    const fake = createControlledApi({ createInvoice: "demo.checkout" });
    const h = await renderConsole({ url: "/demo01", api: fake.api });
    // The page is a lazily loaded route: its chunk may take more than a second while other work shares the cores.
    await screen.findByRole("heading", { level: 1, name: h.t("demo.title") }, { timeout: 5000 });
    return Object.assign(h, { fake, asks: 1 });
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    if (e.type !== "demo.retry") unmapped(e);
    await h.user.click(screen.getByRole("button", { name: h.t("demo.retry") }));
    h.asks += 1;
  },
  async expectScreen(h: H, s) {
    // One invoice asked for when the page opens and one per retry, with nothing to choose.
    const asked = () => h.fake.calls.filter((c) => c.method === "demo.checkout");
    await waitFor(() => expect(asked()).toHaveLength(h.asks));
    expect(asked().at(-1)?.args[0]).toEqual({});

    if (s.matches("creating")) {
      // Said in the page's live region (the harness's location probe is a status too).
      await waitFor(() => expect(screen.getByText(h.t("demo.creating")).getAttribute("role")).toBe("status"));
      expect(h.leave).not.toHaveBeenCalled();
      return;
    }
    if (s.matches("leaving")) {
      // The browser is sent on once, in place of /demo01, and the page links there for one that did not follow.
      await waitFor(() => expect(h.leave).toHaveBeenCalledTimes(1));
      expect(h.leave).toHaveBeenCalledWith(checkoutPage);
      expect(screen.getByRole("link", { name: h.t("demo.openCheckout") }).getAttribute("href")).toBe(checkoutPage);
      return;
    }
    expect(h.leave).not.toHaveBeenCalled();
    if (s.matches("unavailable")) {
      await screen.findByRole("heading", { level: 2, name: h.t("demo.unavailableTitle") });
      expect(screen.getByText(h.t("demo.unavailableText"))).toBeTruthy();
      expect(screen.getByRole("link", { name: h.t("demo.register") }).getAttribute("href")).toBe("/register");
      expect(screen.queryByRole("button", { name: h.t("demo.retry") })).toBeNull();
      return;
    }
    const { failure } = s.context;
    await waitFor(() => {
      const alert = screen.getByRole("alert");
      expect(alert.textContent).toContain(h.t("demo.failedTitle"));
      expect(alert.textContent).toContain(pageWords(h, failure) || h.t("demo.failedText"));
    });
    expectNotRepeated(h, failure);
    expect(screen.getByRole("button", { name: h.t("demo.retry") })).toBeTruthy();
  },
  stop: (h) => h.cleanup(),
});
