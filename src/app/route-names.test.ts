import { describe, expect, it } from "vitest";
import { sideMenu } from "../../contracts/console-routes.ts";
import { activeMenuEntry } from "./route-names.ts";

const sections = sideMenu.map((entry) => entry.path);

describe("the side menu's entry of a page (issue 26)", () => {
  it("buying a package has its own entry, Packages, which leads to /order/buy", () => {
    expect(sideMenu.find((entry) => entry.name === "menu.packages")).toMatchObject({ path: "/packages" });
    expect(activeMenuEntry("/order/buy", sections)).toBe("/packages");
    expect(activeMenuEntry("/packages", sections)).toBe("/packages");
  });

  it("highlights the page's own entry, else the section the address lies in, else none", () => {
    expect(activeMenuEntry("/order/list", sections)).toBe("/order");
    expect(activeMenuEntry("/order/list/", sections)).toBe("/order");
    expect(activeMenuEntry("/console/index", sections)).toBe("/console");
    expect(activeMenuEntry("/user/center", sections)).toBe("/user");
    expect(activeMenuEntry("/order/unknown", sections)).toBe("/order");
    expect(activeMenuEntry("/orders", sections)).toBeNull();
    expect(activeMenuEntry("/login", sections)).toBeNull();
  });

  it("follows a menu from the server, whose entries the route table may not know", () => {
    expect(activeMenuEntry("/app/list", ["/console", "/app"])).toBe("/app");
    expect(activeMenuEntry("/order/buy", ["/console", "/order"])).toBe("/order");
  });
});
