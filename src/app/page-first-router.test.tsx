// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { type ComponentType, lazy, Suspense } from "react";
import { Link, Route, Routes, useLocation, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RouteChangeProgress } from "../ui/route-progress.tsx";
import { PageFirstRouter } from "./page-first-router.tsx";

const Register = () => {
  const navigate = useNavigate();
  return (
    <main>
      <h1>Register</h1>
      <Link to="/login">Sign in instead</Link>
      <button type="button" onClick={() => void navigate("/login", { replace: true, state: { email: "a@b.c" } })}>
        Registered
      </button>
    </main>
  );
};

const Login = () => {
  const { state } = useLocation();
  return (
    <main>
      <h1>Sign in</h1>
      <p>{(state as { email?: string } | null)?.email ?? "no e-mail"}</p>
    </main>
  );
};

/** The login page's code, held until the test lets it arrive. */
function heldLoginPage() {
  let arrive = () => {};
  const arrived = new Promise<{ default: typeof Login }>((resolve) => {
    arrive = () => resolve({ default: Login });
  });
  return { LazyLogin: lazy(() => arrived), arrive: () => act(async () => arrive()) };
}

/** The heading on screen each time the address changes. */
function headingsAtAddressChanges() {
  const seen: string[] = [];
  for (const name of ["pushState", "replaceState"] as const) {
    const original = window.history[name].bind(window.history);
    vi.spyOn(window.history, name).mockImplementation((...args) => {
      original(...args);
      seen.push(`${window.location.pathname}: ${document.querySelector("h1")?.textContent ?? "nothing"}`);
    });
  }
  return seen;
}

function renderAt(path: string, LoginPage: ComponentType) {
  window.history.replaceState(null, "", path);
  return render(
    <PageFirstRouter>
      <RouteChangeProgress />
      <Suspense fallback={<p>loading</p>}>
        <Routes>
          <Route path="/register" element={<Register />} />
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </Suspense>
    </PageFirstRouter>,
  );
}

beforeEach(() => window.history.replaceState(null, "", "/"));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("PageFirstRouter", () => {
  it("keeps the page and its address while the next page's code loads, then changes both at once", async () => {
    const { LazyLogin, arrive } = heldLoginPage();
    renderAt("/register", LazyLogin);
    const seen = headingsAtAddressChanges();

    act(() => screen.getByRole("link", { name: "Sign in instead" }).click());
    expect(window.location.pathname).toBe("/register");
    expect(screen.getByRole("heading").textContent).toBe("Register");
    expect(screen.getByRole("progressbar")).toBeTruthy();

    await arrive();
    expect(screen.getByRole("heading").textContent).toBe("Sign in");
    expect(window.location.pathname).toBe("/login");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(seen).toEqual(["/login: Sign in"]);
  });

  it("hands a page's state to the next one, and keeps it in the browser's entry for a reload", async () => {
    const { LazyLogin, arrive } = heldLoginPage();
    renderAt("/register", LazyLogin);
    const before = window.history.length;
    act(() => screen.getByRole("button", { name: "Registered" }).click());
    await arrive();
    expect(screen.getByText("a@b.c")).toBeTruthy();
    expect(window.history.length).toBe(before); // replace: no new entry
    expect((window.history.state as { usr?: unknown }).usr).toEqual({ email: "a@b.c" });
  });

  it("follows the browser's back button", async () => {
    renderAt("/register", Login);
    act(() => screen.getByRole("link", { name: "Sign in instead" }).click());
    expect(screen.getByRole("heading").textContent).toBe("Sign in");
    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
      window.history.back();
      await popped;
    });
    expect(window.location.pathname).toBe("/register");
    expect(screen.getByRole("heading").textContent).toBe("Register");
  });
});
