import { describe, expect, it } from "vitest";
import { consoleRoutes } from "../../contracts/console-routes.ts";
import { DefaultLayout, NotFoundPage, routeModulesFor, routePages } from "./route-modules.ts";
import { sectionRedirects } from "./route-names.ts";

const { console: ConsolePage, login: LoginPage, order: OrdersPage, register: RegisterPage } = routePages;

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
    expect(at("/no-such-list", true)).toEqual([DefaultLayout, NotFoundPage]);
    expect(at("/no-such-page")).toEqual([NotFoundPage]);
    expect(at("/redirect/order/list", true)).toEqual([]);
  });

  it("follow a route's alias and a menu entry's section link to the page they name", () => {
    expect(at("/dashboard/workplace", true)).toEqual([DefaultLayout, ConsolePage]);
    expect(at("/order", true)).toEqual([DefaultLayout, OrdersPage]);
  });
});

describe("the route table", () => {
  it("leads every side-menu entry to a page of its own", () => {
    for (const [section, name] of Object.entries(sectionRedirects)) {
      const [pathname = "", search = ""] = section.split(/(?=\?)/);
      expect(routeModulesFor({ pathname, search }, true), section).toEqual([
        DefaultLayout,
        routePages[name as keyof typeof routePages],
      ]);
    }
    expect(Object.keys(sectionRedirects).length).toBe(Object.values(consoleRoutes).filter((r) => "menu" in r).length);
  });

  it("takes no stand-in for a page (a typecheck, proven here)", () => {
    // @ts-expect-error the not-found page is made by lazyRoute, not routePage: no route may show it as its page
    const standIn: (typeof routePages)["console"] = NotFoundPage;
    expect(standIn).toBe(NotFoundPage);
  });
});
