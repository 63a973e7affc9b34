import { describe, expect, it } from "vitest";
import { afterLoginTarget, guardRoute, routeNameOf } from "./route-guard.ts";

describe("navigation guard (spec section 2)", () => {
  it("sends a signed-in merchant from login to the console", () => {
    expect(guardRoute({ hasToken: true, pathname: "/login", search: "" })).toEqual({
      kind: "redirect",
      to: "/console/index",
    });
    expect(guardRoute({ hasToken: true, pathname: "/order/list", search: "" })).toEqual({ kind: "allow" });
    expect(guardRoute({ hasToken: true, pathname: "/login", search: "?redirect=order&status=1" })).toEqual({
      kind: "redirect",
      to: "/order/list?status=1",
    });
  });

  it("lets a signed-out visitor reach only the public pages", () => {
    for (const pathname of ["/", "/home", "/products/enterprise-pack", "/register", "/forget", "/login", "/demo01"]) {
      expect(guardRoute({ hasToken: false, pathname, search: "" })).toEqual({ kind: "allow" });
    }
  });

  it("sends other routes to login with the route name and the original query", () => {
    expect(guardRoute({ hasToken: false, pathname: "/order/list", search: "?status=1&code=A7" })).toEqual({
      kind: "redirect",
      to: "/login?redirect=order&status=1&code=A7",
    });
    expect(guardRoute({ hasToken: false, pathname: "/console", search: "" })).toEqual({
      kind: "redirect",
      to: "/login?redirect=console",
    });
  });

  it("shows the not-found page for unknown paths, signed in or not", () => {
    expect(routeNameOf("/no/such/page")).toBeNull();
    expect(guardRoute({ hasToken: false, pathname: "/no/such/page", search: "" })).toEqual({ kind: "allow" });
  });

  it("leads back to the intended route after login, and never off-site", () => {
    expect(afterLoginTarget("?redirect=order&status=1")).toBe("/order/list?status=1");
    expect(afterLoginTarget("")).toBe("/console/index");
    expect(afterLoginTarget("?redirect=register")).toBe("/console/index");
    expect(afterLoginTarget("?redirect=//evil.example/x")).toBe("/console/index");
    expect(afterLoginTarget("?redirect=nonsense")).toBe("/console/index");
  });

  it("keeps the path of a /redirect/ route", () => {
    expect(guardRoute({ hasToken: false, pathname: "/redirect/order/list", search: "" })).toEqual({
      kind: "redirect",
      to: "/login?redirect=%2Forder%2Flist",
    });
    expect(afterLoginTarget("?redirect=%2Forder%2Flist")).toBe("/order/list");
  });
});
