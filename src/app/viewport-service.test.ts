import { describe, expect, it } from "vitest";
import { fakeMatchMedia } from "./fake-match-media.ts";
import { narrowScreenQuery, startNavDrawer } from "./viewport-service.ts";

describe("startNavDrawer", () => {
  it("asks the breakpoint's media query and starts in the width class it answers", () => {
    const phone = fakeMatchMedia(true);
    const actor = startNavDrawer(phone.matchMedia);
    expect(phone.asked).toEqual([narrowScreenQuery]);
    expect(actor.getSnapshot().hasTag("narrow")).toBe(true);
    expect(startNavDrawer(fakeMatchMedia(false).matchMedia).getSnapshot().hasTag("narrow")).toBe(false);
  });

  it("follows the query's changes, and lets go of it when stopped", () => {
    const screen = fakeMatchMedia(false);
    const actor = startNavDrawer(screen.matchMedia);
    screen.resize(true);
    expect(actor.getSnapshot().hasTag("narrow")).toBe(true);
    screen.resize(false);
    expect(actor.getSnapshot().hasTag("narrow")).toBe(false);
    actor.stop();
    expect(screen.listeners.size).toBe(0);
  });

  it("counts a screen as wide without matchMedia (jsdom)", () => {
    expect(startNavDrawer(undefined).getSnapshot().matches("wide")).toBe(true);
  });
});

describe("the stylesheet's breakpoint", () => {
  it("is the machine's: the prerendered public pages switch arrangement where the navDrawer machine does", async () => {
    const { readFile } = await import("node:fs/promises");
    const css = await readFile(new URL("../styles/narrow.css", import.meta.url), "utf8");
    const queries = [...css.matchAll(/@media\s*([^{]+?)\s*\{/g)].map((m) => m[1]);
    expect(queries).toContain(narrowScreenQuery);
    const widest = Number(/max-width:\s*([\d.]+)px/.exec(narrowScreenQuery)?.[1]);
    for (const query of queries.filter((q) => q?.includes("min-width"))) {
      expect(Number(/min-width:\s*([\d.]+)px/.exec(query ?? "")?.[1]), query).toBe(Math.ceil(widest));
    }
  });
});
