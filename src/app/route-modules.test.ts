import { describe, expect, it } from "vitest";
import {
  ConsolePage,
  DefaultLayout,
  LoginPage,
  NotFoundPage,
  OrdersPage,
  RegisterPage,
  routeModulesFor,
} from "./route-modules.ts";

const at = (path: string, hasToken = false) => {
  const [pathname = "", search = ""] = path.split(/(?=\?)/);
  return routeModulesFor({ pathname, search }, hasToken);
};

describe("the modules the first page needs", () => {
  it("are the page's own for a public page", () => {
    expect(at("/login")).toEqual([LoginPage]);
    expect(at("/register", true)).toEqual([RegisterPage]);
  });

  it("follow the guard: a signed-in /login shows the console, a signed-out console asks to sign in", () => {
    expect(at("/login", true)).toEqual([DefaultLayout, ConsolePage]);
    expect(at("/login?redirect=order", true)).toEqual([DefaultLayout, OrdersPage]);
    expect(at("/order/list")).toEqual([LoginPage]);
  });

  it("include the signed-in layout, and the not-found page for unknown paths", () => {
    expect(at("/order/list", true)).toEqual([DefaultLayout, OrdersPage]);
    expect(at("/bill/list", true)).toEqual([DefaultLayout, NotFoundPage]);
    expect(at("/no-such-page")).toEqual([NotFoundPage]);
    expect(at("/redirect/order/list", true)).toEqual([]);
  });
});
