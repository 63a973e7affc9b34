import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { googleSignInMachine } from "./google-sign-in.ts";
import { settle } from "../test-support.ts";

function start(
  clientId: string | undefined,
  overrides: { loadLibrary?: () => Promise<void>; requestCode?: () => Promise<string> } = {},
) {
  const delivered = vi.fn();
  const loads = vi.fn();
  const machine = googleSignInMachine.provide({
    actors: {
      loadLibrary: fromPromise(async ({ input }) => {
        loads(input.clientId);
        return (overrides.loadLibrary ?? (async () => undefined))();
      }),
      requestCode: fromPromise(async () => (overrides.requestCode ?? (async () => "4/code"))()),
    },
    actions: { deliverCode: (_, params) => delivered(params) },
  });
  return { actor: createActor(machine, { input: { clientId } }).start(), delivered, loads };
}

describe("googleSignIn machine", () => {
  it("says 'clientId is required' without a client id, and never loads Google's library", () => {
    for (const clientId of [undefined, "", "  "]) {
      const { actor, loads } = start(clientId);
      expect(actor.getSnapshot().value).toBe("unavailable");
      expect(actor.getSnapshot().context.failure).toBe("clientIdRequired");
      actor.send({ type: "google.start" });
      expect(actor.getSnapshot().context.failure).toBe("clientIdRequired");
      expect(loads).not.toHaveBeenCalled();
    }
  });

  it("loads the library, then a press opens the popup and delivers the code", async () => {
    const { actor, delivered, loads } = start("client-1");
    expect(actor.getSnapshot().value).toBe("loading");
    await settle(actor, "ready");
    expect(loads).toHaveBeenCalledWith("client-1");
    actor.send({ type: "google.start" });
    expect(actor.getSnapshot().value).toBe("awaitingCode");
    await settle(actor, "ready");
    expect(delivered).toHaveBeenCalledWith({ code: "4/code" });
  });

  it("reports a library that failed to load, and retries it on the next press", async () => {
    let attempt = 0;
    const { actor, loads } = start("client-1", {
      loadLibrary: async () => (++attempt === 1 ? Promise.reject(new Error("script error")) : undefined),
    });
    await settle(actor, "unavailable");
    expect(actor.getSnapshot().context.failure).toBe("libraryFailed");
    actor.send({ type: "google.start" });
    await settle(actor, "ready");
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it.each([
    ["the merchant closes the popup", "popup_closed", null],
    ["the merchant denies access", "access_denied", null],
    ["the browser blocks the popup", "popup_failed_to_open", "popupBlocked"],
    ["anything else", "unknown", "failed"],
  ])("goes back to ready when %s", async (_, type, failure) => {
    const { actor, delivered } = start("client-1", { requestCode: () => Promise.reject({ type }) });
    await settle(actor, "ready");
    actor.send({ type: "google.start" });
    await settle(actor, "ready");
    expect(actor.getSnapshot().context.failure).toBe(failure);
    expect(delivered).not.toHaveBeenCalled();
  });

  it("clears an earlier failure on the next press", async () => {
    let attempt = 0;
    const { actor } = start("client-1", {
      requestCode: async () => (++attempt === 1 ? Promise.reject(new Error("boom")) : "4/second"),
    });
    await settle(actor, "ready");
    actor.send({ type: "google.start" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.failure).toBe("failed"));
    actor.send({ type: "google.start" });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it("is busy while Google's library loads and while the popup is open", async () => {
    let answer: (code: string) => void = () => {};
    const { actor } = start("client-1", { requestCode: () => new Promise((resolve) => (answer = resolve)) });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle(actor, "ready");
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    actor.send({ type: "google.start" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    answer("4/code");
    await settle(actor, "ready");
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(start(undefined).actor.getSnapshot().hasTag("busy")).toBe(false);
  });
});
