// @vitest-environment jsdom
// jsdom, not happy-dom like the other harnesses: happy-dom answers a <script src> itself (an error event at once, as
// it runs no scripts), while this path plays Google's script loading and failing as the path says.
import { act, screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { googleScopes } from "../../contracts/schemas/google.ts";
import {
  type GoogleCodeClientConfig,
  type GoogleIdentityServices,
  googleLibraryUrl,
} from "../../src/features/auth/google-library.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { googleClientId, googleSignInModel } from "../models/google-sign-in.model.ts";
import { expectBusy } from "./form-steps.ts";
import { googleConfigured } from "./google-configured.ts";

/** Google's popup, faked at the boundary: each press opens one, and the path says how it ends. */
type H = ConsoleHarness & {
  fake: ControlledApi;
  popups: GoogleCodeClientConfig[];
  presses: number;
  delivered: string | null;
};

// Sign-in with Google is configured; Google's script is not loaded until a path says so.
googleConfigured(googleClientId);

/** Errors GIS reports through error_callback; anything else is an OAuth error answered through callback. */
const gisErrorTypes = new Set(["popup_closed", "popup_failed_to_open", "unknown"]);

const googleScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>(`script[src="${googleLibraryUrl}"]`)];
const googleButton = (h: H) => screen.getByRole("button", { name: h.t("google.continue") }) as HTMLButtonElement;
const googleAlerts = (h: H) =>
  screen
    .queryAllByRole("alert")
    .map((a) => a.textContent ?? "")
    .filter((text) =>
      ["clientIdRequired", "libraryFailed", "popupBlocked", "failed"].some((key) => text === h.t(`google.${key}`)),
    );

async function theScript() {
  await waitFor(() => expect(googleScripts()).toHaveLength(1));
  return googleScripts()[0] as HTMLScriptElement;
}

function forgetGoogle() {
  delete window.google;
  for (const script of googleScripts()) script.remove();
}

runModel(googleSignInModel, {
  async start() {
    forgetGoogle();
    const fake = createControlledApi(["auth.googleCode"]);
    const h = await renderConsole({ url: "/login", api: fake.api });
    await screen.findByRole("heading", { name: h.t("login.title") });
    // The button lives in its own lazily loaded chunk.
    await screen.findByRole("button", { name: h.t("google.continue") }, { timeout: 5000 });
    return Object.assign(h, {
      fake,
      popups: [] as GoogleCodeClientConfig[],
      presses: 0,
      delivered: null as string | null,
    });
  },
  // Google's script and popup answer loadLibrary and requestCode, not the fake API: perform plays them.
  async perform(h: H, e) {
    switch (e.type) {
      case "xstate.done.actor.loadLibrary": {
        const script = await theScript();
        const google: GoogleIdentityServices = {
          accounts: { oauth2: { initCodeClient: (config) => ({ requestCode: () => void h.popups.push(config) }) } },
        };
        window.google = google;
        return act(() => void script.dispatchEvent(new Event("load")));
      }
      case "xstate.error.actor.loadLibrary": {
        const script = await theScript();
        return act(() => void script.dispatchEvent(new Event("error")));
      }
      case "google.start":
        await waitFor(() => expect(googleButton(h).disabled).toBe(false));
        h.presses += 1;
        return h.user.click(googleButton(h));
      case "xstate.done.actor.requestCode": {
        const popup = h.popups.at(-1) as GoogleCodeClientConfig;
        h.delivered = e.output;
        return act(() => popup.callback({ code: e.output, state: popup.state }));
      }
      case "xstate.error.actor.requestCode": {
        const popup = h.popups.at(-1) as GoogleCodeClientConfig;
        const type = (e.error as { type?: string }).type ?? "unknown";
        return act(() =>
          gisErrorTypes.has(type) ? popup.error_callback?.({ type }) : popup.callback({ error: type }),
        );
      }
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("loading")) {
      await expectBusy(h.t("google.continue"));
      // Google's script is asked for once, however often the button is mounted or retried.
      await theScript();
      expect(window.google).toBeUndefined();
      return;
    }
    if (s.matches("awaitingCode")) {
      await expectBusy(h.t("google.continue"));
      await waitFor(() => expect(h.popups).toHaveLength(h.presses));
      expect(h.popups.at(-1)).toMatchObject({ client_id: googleClientId, scope: googleScopes, ux_mode: "popup" });
      expect(googleAlerts(h)).toEqual([]);
      return;
    }

    const failure = s.context.failure;
    await waitFor(() => expect(googleAlerts(h)).toEqual(failure ? [h.t(`google.${failure}`)] : []));
    if (s.matches("unavailable")) {
      // The broken script tag is gone, so a press loads it afresh.
      expect(googleScripts()).toHaveLength(0);
      expect(window.google).toBeUndefined();
    }
    if (s.matches("ready") && h.delivered) {
      // Google's code went on to the session: the console asks the server to sign in with it.
      const code = h.delivered;
      await waitFor(() =>
        expect(h.fake.calls.filter((c) => c.method === "auth.googleCode").map((c) => c.args[0])).toEqual([{ code }]),
      );
      await expectBusy(h.t("google.continue"));
      return;
    }
    await waitFor(() => expect(googleButton(h).disabled).toBe(false));
    expect(h.fake.calls.some((c) => c.method === "auth.googleCode")).toBe(false);
  },
  stop: (h) => {
    h.cleanup();
    // A load left pending ends here, so the next path's page asks for Google's script afresh.
    for (const script of googleScripts()) script.dispatchEvent(new Event("error"));
    forgetGoogle();
  },
});
