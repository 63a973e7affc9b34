import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { pinnedTabPath, type TabEntry, tabsMachine } from "./tabs.ts";

const tab = (name: string, query: Record<string, string> = {}): TabEntry => ({
  title: `menu.${name}`,
  name,
  fullPath: `/${name}/list${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`,
  query,
  ignoreCache: false,
});

function opened(...names: string[]) {
  const actor = createActor(tabsMachine).start();
  for (const name of names) actor.send({ type: "tab.visit", tab: tab(name) });
  return actor;
}

const names = (actor: ReturnType<typeof opened>) => actor.getSnapshot().context.tabs.map((t) => t.name);

describe("tabs", () => {
  it("adds a tab per route and re-visiting updates it instead of adding another", () => {
    const actor = opened("console", "order", "app");
    actor.send({ type: "tab.visit", tab: tab("order", { status: "1" }) });
    expect(names(actor)).toEqual(["console", "order", "app"]);
    expect(actor.getSnapshot().context.tabs[1]?.fullPath).toBe("/order/list?status=1");
    expect(actor.getSnapshot().context.active).toBe("order");
  });

  it("closing the active tab activates its right neighbour, else its left one", () => {
    const actor = opened("console", "order", "app", "order");
    actor.send({ type: "tab.close", name: "order" });
    expect(names(actor)).toEqual(["console", "app"]);
    expect(actor.getSnapshot().context.active).toBe("app");
    actor.send({ type: "tab.close", name: "app" });
    expect(actor.getSnapshot().context.active).toBe("console");
  });

  it("closing another tab keeps the active one", () => {
    const actor = opened("console", "order", "app");
    actor.send({ type: "tab.close", name: "order" });
    expect(actor.getSnapshot().context.active).toBe("app");
  });

  it("never closes the console tab", () => {
    const actor = opened("console", "order");
    actor.send({ type: "tab.close", name: "console" });
    actor.send({ type: "tab.closeOthers", name: "order" });
    expect(names(actor)).toEqual(["console", "order"]);
  });

  it("close others keeps the chosen tab and the console", () => {
    const actor = opened("console", "order", "app", "bill");
    actor.send({ type: "tab.closeOthers", name: "app" });
    expect(names(actor)).toEqual(["console", "app"]);
    expect(actor.getSnapshot().context.active).toBe("app");
  });

  it("resets on logout", () => {
    const actor = opened("console", "order");
    actor.send({ type: "tabs.reset" });
    expect(actor.getSnapshot().context).toEqual({ tabs: [], active: null });
  });

  it("says where to go when the current tab is closed, and nothing when another one is", () => {
    const actor = opened("console", "order", "app", "order");
    const told: string[] = [];
    actor.on("tabs.navigate", (event) => told.push(event.to));
    actor.send({ type: "tab.close", name: "app" });
    expect(told).toEqual([]);
    actor.send({ type: "tab.close", name: "order" });
    expect(told).toEqual(["/console/list"]);
  });

  it("goes to the console's page when the only tab is closed", () => {
    const actor = opened("order");
    const told: string[] = [];
    actor.on("tabs.navigate", (event) => told.push(event.to));
    actor.send({ type: "tab.close", name: "order" });
    expect(actor.getSnapshot().context).toEqual({ tabs: [], active: null });
    expect(told).toEqual([pinnedTabPath]);
  });

  it("offers close for every tab but the console, and close others only when another tab is open", () => {
    const actor = opened("console");
    const s = () => actor.getSnapshot();
    expect(s().can({ type: "tab.close", name: "console" })).toBe(false);
    expect(s().can({ type: "tab.closeOthers", name: "console" })).toBe(false);
    actor.send({ type: "tab.visit", tab: tab("order") });
    expect(s().can({ type: "tab.close", name: "order" })).toBe(true);
    expect(s().can({ type: "tab.close", name: "bill" })).toBe(false);
    expect(s().can({ type: "tab.closeOthers", name: "order" })).toBe(true);
  });
});
