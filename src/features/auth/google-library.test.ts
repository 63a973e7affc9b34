// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type GoogleCodeClientConfig,
  googleLibraryUrl,
  googleMessages,
  loadGoogleLibrary,
  requestGoogleCode,
} from "./google-library.ts";

const scripts = () => [...document.querySelectorAll(`script[src="${googleLibraryUrl}"]`)] as HTMLScriptElement[];

afterEach(() => {
  for (const script of scripts()) script.remove();
  delete window.google;
});

function fakeGoogle(answer: (config: GoogleCodeClientConfig) => void) {
  const configs: GoogleCodeClientConfig[] = [];
  window.google = {
    accounts: {
      oauth2: {
        initCodeClient: (config) => {
          configs.push(config);
          return { requestCode: () => answer(config) };
        },
      },
    },
  };
  return configs;
}

describe("loadGoogleLibrary", () => {
  it("adds Google's script once and resolves when it has loaded", async () => {
    const first = loadGoogleLibrary();
    const second = loadGoogleLibrary();
    expect(scripts()).toHaveLength(1);
    fakeGoogle(() => undefined);
    scripts()[0]?.dispatchEvent(new Event("load"));
    await expect(Promise.all([first, second])).resolves.toBeDefined();
    // Loaded: no second tag.
    await loadGoogleLibrary();
    expect(scripts()).toHaveLength(1);
  });

  it("fails with the spec's message when the script does not load, and a retry adds a fresh tag", async () => {
    const failed = loadGoogleLibrary();
    scripts()[0]?.dispatchEvent(new Event("error"));
    await expect(failed).rejects.toThrow(googleMessages.libraryFailed);
    expect(googleMessages.libraryFailed).toBe("Failed to load the Google 3P Authorization JavaScript Library.");
    expect(scripts()).toHaveLength(0);
    const retry = loadGoogleLibrary();
    expect(scripts()).toHaveLength(1);
    scripts()[0]?.dispatchEvent(new Event("load"));
    // The script "loaded" but defined no google.accounts: still a failed load.
    await expect(retry).rejects.toThrow(googleMessages.libraryFailed);
  });
});

describe("requestGoogleCode", () => {
  it("opens the code client in a popup with scopes email, profile and openid", async () => {
    const configs = fakeGoogle((config) => config.callback({ code: "4/abc", state: config.state }));
    await expect(requestGoogleCode("client-1")).resolves.toBe("4/abc");
    expect(configs[0]).toMatchObject({ client_id: "client-1", scope: "email profile openid", ux_mode: "popup" });
  });

  // Issue 25, finding 8: the code flow had no state bound to the press.
  it("opens each popup with a state of its own, and refuses a code that comes back without it", async () => {
    const configs = fakeGoogle((config) => config.callback({ code: "4/abc", state: config.state }));
    await requestGoogleCode("client-1");
    await requestGoogleCode("client-1");
    expect(configs[0]?.state).toMatch(/^[\w-]{22}$/);
    expect(configs[1]?.state).not.toBe(configs[0]?.state);
    fakeGoogle((config) => config.callback({ code: "4/planted" }));
    await expect(requestGoogleCode("client-1")).rejects.toMatchObject({ type: "state_mismatch" });
    fakeGoogle((config) => config.callback({ code: "4/planted", state: "someone-elses-state" }));
    await expect(requestGoogleCode("client-1")).rejects.toMatchObject({ type: "state_mismatch" });
  });

  it("says 'clientId is required' without a client id", async () => {
    const configs = fakeGoogle(() => undefined);
    await expect(requestGoogleCode("")).rejects.toThrow("clientId is required");
    expect(configs).toHaveLength(0);
  });

  it("rejects with Google's error type when the popup ends without a code", async () => {
    fakeGoogle((config) => config.error_callback?.({ type: "popup_closed" }));
    await expect(requestGoogleCode("client-1")).rejects.toEqual({ type: "popup_closed" });
    fakeGoogle((config) => config.callback({ error: "access_denied" }));
    await expect(requestGoogleCode("client-1")).rejects.toMatchObject({ type: "access_denied" });
  });

  it("needs the library first", async () => {
    const spy = vi.fn();
    await requestGoogleCode("client-1").catch(spy);
    expect(spy).toHaveBeenCalledWith(new Error(googleMessages.libraryFailed));
  });
});
