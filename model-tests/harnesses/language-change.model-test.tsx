// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { languageChangeModel } from "../models/language-change.model.ts";
import { renderSignedIn } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ControlledApi };

const languageSwitch = (h: H) => screen.getByRole("combobox", { name: h.t("language.label") }) as HTMLSelectElement;

runModel(languageChangeModel, {
  async start(path) {
    if (path.input.signedIn)
      return renderSignedIn({ saveLanguage: "user.language" }, { language: path.input.userLanguage ?? "en-US" });
    const fake = createControlledApi({ saveLanguage: "user.language" });
    const h = await renderConsole({ url: "/login", api: fake.api });
    await screen.findByRole("heading", { name: h.t("login.title") });
    return Object.assign(h, { fake });
  },
  fakeApi: (h) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "language.change":
        // A select fires no change for the option already chosen; the event stands for any such no-op.
        fireEvent.change(languageSwitch(h), { target: { value: e.value } });
        return;
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("saving")) {
      await waitFor(() => expect(languageSwitch(h).disabled).toBe(true));
      expect(h.fake.calls.filter((c) => c.method === "user.language").at(-1)?.args).toEqual([
        { language: s.context.next },
      ]);
      return;
    }
    if (s.matches("applying")) {
      await waitFor(() => expect(h.reload).toHaveBeenCalledOnce());
      expect(localStorage.getItem(storageKeys.locale)).toBe(s.context.next);
      expect(h.notifications).toContain(h.t("language.changed"));
      const stored = JSON.parse(localStorage.getItem(storageKeys.user) ?? "null") as { language: string } | null;
      if (s.context.signedIn) expect(stored?.language).toBe(s.context.next);
      return;
    }
    await waitFor(() => expect(languageSwitch(h).disabled).toBe(false));
    expect(h.reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.locale)).toBeNull();
  },
  stop: (h) => h.cleanup(),
});
