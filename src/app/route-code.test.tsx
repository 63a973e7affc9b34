// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { Link, Outlet, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyRoute } from "./lazy-route.ts";
import { PageFirstRouter } from "./page-first-router.tsx";
import { RouteCode } from "./route-code.tsx";

/** A module that arrives when the test says so. */
function held<T>(value: T) {
  let arrive = () => {};
  const arrived = new Promise<{ default: T }>((resolve) => {
    arrive = () => resolve({ default: value });
  });
  return { load: () => arrived, arrive: () => act(async () => arrive()) };
}

const Start = () => (
  <main>
    <h1>Start</h1>
    <Link to="/inside">In</Link>
  </main>
);
const Frame = () => (
  <main>
    <Suspense fallback={<p>page loading</p>}>
      <Outlet />
    </Suspense>
  </main>
);
const Inside = () => <h1>Inside</h1>;

function renderRoutes(
  frame: () => Promise<{ default: typeof Frame }>,
  inside: () => Promise<{ default: typeof Inside }>,
) {
  const LazyFrame = lazyRoute(frame);
  const LazyInside = lazyRoute(inside);
  window.history.replaceState(null, "", "/start");
  render(
    <PageFirstRouter>
      <Suspense fallback={<p>loading</p>}>
        <RouteCode modulesOf={({ pathname }) => (pathname === "/inside" ? [LazyFrame, LazyInside] : [])}>
          <Routes>
            <Route path="/start" element={<Start />} />
            <Route element={<LazyFrame />}>
              <Route path="/inside" element={<LazyInside />} />
            </Route>
          </Routes>
        </RouteCode>
      </Suspense>
    </PageFirstRouter>,
  );
}

/** What was on screen each time the address changed. */
function screensAtAddressChanges() {
  const seen: string[] = [];
  const original = window.history.pushState.bind(window.history);
  vi.spyOn(window.history, "pushState").mockImplementation((...args) => {
    original(...args);
    seen.push(`${window.location.pathname}: ${document.body.textContent}`);
  });
  return seen;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("RouteCode", () => {
  it("holds a navigation until the layout and its page have both arrived, so the layout never shows the page loading", async () => {
    const frame = held(Frame);
    const inside = held(Inside);
    renderRoutes(frame.load, inside.load);
    const seen = screensAtAddressChanges();

    act(() => screen.getByRole("link", { name: "In" }).click());
    await frame.arrive();
    expect(window.location.pathname).toBe("/start");
    expect(screen.getByRole("heading").textContent).toBe("Start");

    await inside.arrive();
    // The transition may commit a task after the module arrives: wait for the page, then look at what was seen.
    await screen.findByRole("heading", { name: "Inside" });
    expect(seen).toEqual(["/inside: Inside"]);
  });

  it("lets a page whose code failed to load try again itself instead of waiting for it forever", async () => {
    const inside = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue({ default: Inside });
    renderRoutes(() => Promise.resolve({ default: Frame }), inside);
    await act(async () => screen.getByRole("link", { name: "In" }).click());
    expect(await screen.findByRole("heading", { name: "Inside" })).toBeTruthy();
    expect(inside).toHaveBeenCalledTimes(2);
  });
});
