// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { waitFor } from "xstate";
import { createI18n } from "../i18n/i18n.ts";
import { createServices } from "./services.ts";
import type { Api } from "../api/make-api.ts";

const loginResult = {
  accessToken: "t",
  userId: "1",
  email: "m@example.com",
  language: "ja-JP",
  nickName: "m",
  avatar: "",
};

async function services() {
  localStorage.clear();
  const saved: string[] = [];
  const api = {
    auth: { login: async () => loginResult, logout: async () => null },
    user: {
      info: () => new Promise<never>(() => {}),
      language: async ({ language }: { language: string }) => {
        saved.push(language);
        return null;
      },
    },
  } satisfies { [A in keyof Api]?: Partial<Api[A]> };
  const reload = vi.fn();
  const made = createServices({
    storage: localStorage,
    notify: {
      success: vi.fn(),
      info: vi.fn(),
      error: vi.fn(),
      outcome: vi.fn(),
      pageChanged: vi.fn(),
      hush: () => () => {},
    },
    i18n: await createI18n("en-US"),
    reload,
    api: () => api as never,
  });
  return { ...made, saved, reload };
}

describe("the app-wide language switch", () => {
  it("starts with the page's language and the session as it is", async () => {
    const s = await services();
    expect(s.languageChange.getSnapshot().context).toMatchObject({
      current: "en-US",
      signedIn: false,
      userLanguage: null,
    });
  });

  it("learns of a sign-in, so a later choice is saved to the server", async () => {
    const s = await services();
    s.session.send({ type: "login.submit", email: "m@example.com", password: "Merchant7Pass", remember: false });
    await waitFor(s.session, (snapshot) => snapshot.matches("signedIn"));
    expect(s.languageChange.getSnapshot().context).toMatchObject({ signedIn: true, userLanguage: "ja-JP" });
    s.languageChange.send({ type: "language.change", value: "ko-KR" });
    await waitFor(s.languageChange, (snapshot) => snapshot.status === "done");
    expect(s.saved).toEqual(["ko-KR"]);
    expect(JSON.parse(localStorage.getItem("UserIdToken") ?? "null")).toMatchObject({ language: "ko-KR" });
    expect(localStorage.getItem("arco-locale")).toBe("ko-KR");
    expect(s.reload).toHaveBeenCalledOnce();
  });
});
