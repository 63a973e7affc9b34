// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../contracts/schemas/user.ts";
import { createServices } from "./services.ts";
import { ServicesProvider } from "./services-context.tsx";
import { createI18n } from "../i18n/i18n.ts";
import { isAllowed, RequireRole } from "./require-role.tsx";

afterEach(() => cleanup());

async function renderWithRole(roles: unknown, role: Role) {
  localStorage.clear();
  // The role lives in the signed-in session, so the test signs in from storage.
  localStorage.setItem("token", "t");
  localStorage.setItem(
    "UserIdToken",
    JSON.stringify({ id: "1", email: "m@example.com", language: "en-US", nickName: "m", avatar: "" }),
  );
  const i18n = await createI18n("en-US");
  const services = createServices({
    storage: localStorage,
    notify: {
      success: vi.fn(),
      info: vi.fn(),
      error: vi.fn(),
      outcome: vi.fn(),
      pageChanged: vi.fn(),
      hush: () => () => {},
    },
    i18n,
    reload: vi.fn(),
    api: () => ({ user: { info: () => new Promise(() => {}) } }) as never,
  });
  if (role) act(() => services.session.send({ type: "role.switch", role }));
  render(
    <ServicesProvider services={services}>
      <RequireRole roles={roles as Role[]}>
        <button type="button">Delete everything</button>
      </RequireRole>
    </ServicesProvider>,
  );
  return services;
}

describe("isAllowed", () => {
  it("lets anyone through an empty list and only listed roles through a non-empty one", () => {
    expect(isAllowed("", [])).toBe(true);
    expect(isAllowed("admin", ["admin"])).toBe(true);
    expect(isAllowed("user", ["admin"])).toBe(false);
    expect(isAllowed("", ["admin", "user"])).toBe(false);
  });

  it("throws on anything but a list", () => {
    expect(() => isAllowed("admin", "admin")).toThrow(/list of roles/);
    expect(() => isAllowed("admin", undefined)).toThrow(TypeError);
  });
});

describe("RequireRole", () => {
  it("renders its children for an allowed role", async () => {
    await renderWithRole(["admin"], "admin");
    expect(screen.queryByRole("button", { name: "Delete everything" })).not.toBeNull();
  });

  it("removes its children for another role, and follows a role switch", async () => {
    const services = await renderWithRole(["admin"], "user");
    expect(screen.queryByRole("button", { name: "Delete everything" })).toBeNull();
    act(() => services.session.send({ type: "role.switch", role: "admin" }));
    expect(screen.queryByRole("button", { name: "Delete everything" })).not.toBeNull();
  });

  it("throws at render when given a non-list", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(renderWithRole("admin", "admin")).rejects.toThrow(/list of roles/);
    spy.mockRestore();
  });
});
