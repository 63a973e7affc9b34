// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter, useNavigate } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteChangeProgress } from "./route-progress.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

let go: (path: string) => void = () => {};
function Navigator() {
  const navigate = useNavigate();
  go = (path) => void navigate(path);
  return null;
}

describe("RouteChangeProgress", () => {
  it("shows the thin bar for a moment on each change of page, not on the first render, and only to the eye", async () => {
    vi.useFakeTimers();
    const i18n = i18next.createInstance();
    await i18n
      .use(initReactI18next)
      .init({ lng: "en-US", resources: { "en-US": { translation: { common: { loading: "Loading" } } } } });
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={["/console/index"]}>
          <Navigator />
          <RouteChangeProgress />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const bar = () => container.querySelector(".route-progress");
    expect(bar()).toBeNull();
    act(() => go("/user/center"));
    expect(bar()?.getAttribute("aria-hidden")).toBe("true");
    // The page is already there: nothing may announce that it is loading.
    expect(screen.queryByRole("progressbar")).toBeNull();
    act(() => vi.advanceTimersByTime(400));
    expect(bar()).toBeNull();
  });
});
