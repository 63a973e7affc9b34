// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { ensureFullStyles, fullStylesUrl, hasBlueprintStyles, loadFullStyles } from "./full-styles.ts";

afterEach(() => {
  document.head.replaceChildren();
});

const loaded = (link: Element | null) => link?.dispatchEvent(new Event("load"));

describe("Blueprint's whole stylesheet", () => {
  it("goes right after the purged rules of a prerendered page, before the console's own styles", async () => {
    document.head.innerHTML = "<style data-critical-blueprint>.a{}</style><style data-app-styles>.b{}</style>";
    expect(hasBlueprintStyles()).toBe(true);
    const done = ensureFullStyles();
    const link = document.querySelector("link[data-full-styles]");
    expect(link?.getAttribute("href")).toBe(fullStylesUrl);
    expect(link?.previousElementSibling?.hasAttribute("data-critical-blueprint")).toBe(true);
    expect(link?.nextElementSibling?.hasAttribute("data-app-styles")).toBe(true);
    loaded(link);
    await done;
    // Once there, it is not added again.
    await loadFullStyles();
    expect(document.querySelectorAll("link[data-full-styles]").length).toBe(1);
  });

  it("is left alone where the page has no purged rules (index.html links it, tests have none)", async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/app.css">';
    expect(hasBlueprintStyles()).toBe(false);
    await ensureFullStyles();
    expect(document.querySelector("link[data-full-styles]")).toBeNull();
  });

  it("goes before the first stylesheet when the page has none of Blueprint's (vite dev)", async () => {
    document.head.innerHTML = '<style data-vite-dev-id="app.css">.b{}</style>';
    const done = loadFullStyles();
    const link = document.querySelector("link[data-full-styles]");
    expect(link?.nextElementSibling?.tagName).toBe("STYLE");
    link?.dispatchEvent(new Event("error"));
    await done;
  });
});
