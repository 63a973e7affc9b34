import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { languageChangeMachine } from "./language-change.ts";
import { selectLocale } from "./language-change-selectors.ts";
import { apiFailure, settle } from "../test-support.ts";

function start(
  input: { current: "en-US" | "ja-JP"; signedIn: boolean; userLanguage: string | null },
  save: () => Promise<unknown> = async () => null,
) {
  const effects = {
    setLocale: vi.fn(),
    storeLocale: vi.fn(),
    updateStoredUser: vi.fn(),
    announceChanged: vi.fn(),
    reloadPage: vi.fn(),
    saved: [] as string[],
  };
  const machine = languageChangeMachine.provide({
    actors: {
      saveLanguage: fromPromise(async ({ input: body }) => {
        effects.saved.push(body.language);
        return save();
      }),
    },
    actions: {
      setLocale: (_, p) => effects.setLocale(p.locale),
      storeLocale: (_, p) => effects.storeLocale(p.locale),
      updateStoredUser: (_, p) => effects.updateStoredUser(p.language),
      announceChanged: (_, p) => effects.announceChanged(p.locale),
      reloadPage: () => effects.reloadPage(),
    },
  });
  return { actor: createActor(machine, { input }).start(), effects };
}

describe("language change (spec section 4)", () => {
  it.each([[""], [null], [undefined], ["en-US"], ["xx-XX"]])("ignores %o", (value) => {
    const { actor, effects } = start({ current: "en-US", signedIn: true, userLanguage: "en-US" });
    actor.send({ type: "language.change", value });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(effects.saved).toEqual([]);
    expect(effects.reloadPage).not.toHaveBeenCalled();
  });

  it("signed out: sets, stores, announces and reloads without calling the server", () => {
    const { actor, effects } = start({ current: "en-US", signedIn: false, userLanguage: null });
    actor.send({ type: "language.change", value: "ja-JP" });
    expect(actor.getSnapshot().status).toBe("done");
    expect(effects.saved).toEqual([]);
    expect(effects.setLocale).toHaveBeenCalledWith("ja-JP");
    expect(effects.storeLocale).toHaveBeenCalledWith("ja-JP");
    expect(effects.announceChanged).toHaveBeenCalledWith("ja-JP");
    expect(effects.reloadPage).toHaveBeenCalledOnce();
    expect(effects.updateStoredUser).not.toHaveBeenCalled();
  });

  it("signed in: saves to the server first and updates the stored user when it differs", async () => {
    const { actor, effects } = start({ current: "en-US", signedIn: true, userLanguage: "en-US" });
    actor.send({ type: "language.change", value: "th-TH" });
    await settle(actor, "applying");
    expect(effects.saved).toEqual(["th-TH"]);
    expect(effects.updateStoredUser).toHaveBeenCalledWith("th-TH");
    expect(effects.reloadPage).toHaveBeenCalledOnce();
  });

  it("leaves the stored user alone when it already has the language", async () => {
    const { actor, effects } = start({ current: "ja-JP", signedIn: true, userLanguage: "en-US" });
    actor.send({ type: "language.change", value: "en-US" });
    await settle(actor, "applying");
    expect(effects.updateStoredUser).not.toHaveBeenCalled();
  });

  it("changes nothing when the server refuses", async () => {
    const { actor, effects } = start({ current: "en-US", signedIn: true, userLanguage: "en-US" }, () =>
      Promise.reject(apiFailure("4010")),
    );
    actor.send({ type: "language.change", value: "ko-KR" });
    await settle(actor, "idle");
    expect(actor.getSnapshot().context.failure?.errCode).toBe("4010");
    expect(effects.setLocale).not.toHaveBeenCalled();
    expect(effects.reloadPage).not.toHaveBeenCalled();
  });

  it("follows sign-in and sign-out: the one app-wide actor saves only while signed in", async () => {
    const { actor, effects } = start({ current: "en-US", signedIn: false, userLanguage: null });
    actor.send({ type: "session.changed", signedIn: true, userLanguage: "en-US" });
    expect(actor.getSnapshot().context).toMatchObject({ signedIn: true, userLanguage: "en-US" });
    actor.send({ type: "language.change", value: "ja-JP" });
    expect(actor.getSnapshot().value).toBe("saving");
    await settle(actor, "applying");
    expect(effects.saved).toEqual(["ja-JP"]);
    expect(effects.updateStoredUser).toHaveBeenCalledWith("ja-JP");

    const signedOut = start({ current: "en-US", signedIn: true, userLanguage: "en-US" });
    signedOut.actor.send({ type: "session.changed", signedIn: false, userLanguage: null });
    signedOut.actor.send({ type: "language.change", value: "ja-JP" });
    expect(signedOut.actor.getSnapshot().value).toBe("applying");
    expect(signedOut.effects.saved).toEqual([]);
  });

  it("shows the current language, and the new one once it is being applied", async () => {
    const { actor } = start({ current: "en-US", signedIn: true, userLanguage: "en-US" });
    expect(selectLocale(actor.getSnapshot())).toBe("en-US");
    actor.send({ type: "language.change", value: "ko-KR" });
    expect(actor.getSnapshot().value).toBe("saving");
    expect(selectLocale(actor.getSnapshot())).toBe("en-US");
    await settle(actor, "applying");
    expect(selectLocale(actor.getSnapshot())).toBe("ko-KR");
  });
});
