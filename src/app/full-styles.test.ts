// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import {
  ensureFullStyles,
  ensureThemeStyles,
  fullStylesUrl,
  hasBlueprintStyles,
  loadFullStyles,
} from "./full-styles.ts";

afterEach(() => {
  document.head.replaceChildren();
  document.documentElement.removeAttribute("data-purged-styles");
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

describe("the purged rules of the dark theme", () => {
  const prerendered = (purgedLinked: boolean) => {
    document.documentElement.setAttribute("data-purged-styles", "/assets/blueprint-public-abc.css");
    document.head.innerHTML = `<style data-critical-blueprint>.a{}</style>${purgedLinked ? '<link rel="stylesheet" href="/assets/blueprint-public-abc.css" data-purged-styles>' : ""}<style data-app-styles>.b{}</style>`;
  };

  it("are linked right after the inline light rules when a prerendered page turns dark, once", async () => {
    prerendered(false);
    await ensureThemeStyles(false);
    expect(document.querySelector("link[data-purged-styles]")).toBeNull();
    const done = ensureThemeStyles(true);
    const link = document.querySelector("link[data-purged-styles]");
    expect(link?.getAttribute("href")).toBe("/assets/blueprint-public-abc.css");
    expect(link?.previousElementSibling?.hasAttribute("data-critical-blueprint")).toBe(true);
    loaded(link);
    await done;
    await ensureThemeStyles(true);
    expect(document.querySelectorAll("link[data-purged-styles]").length).toBe(1);
  });

  it("come before the whole stylesheet, so that its order decides", async () => {
    prerendered(true);
    const done = ensureFullStyles();
    const full = document.querySelector("link[data-full-styles]");
    expect(full?.previousElementSibling?.hasAttribute("data-purged-styles")).toBe(true);
    expect(full?.nextElementSibling?.hasAttribute("data-app-styles")).toBe(true);
    loaded(full);
    await done;
  });

  it("are not needed once the whole stylesheet is there, nor on a page without purged rules", async () => {
    prerendered(false);
    document.head.insertAdjacentHTML("beforeend", `<link rel="stylesheet" href="${fullStylesUrl}" data-full-styles>`);
    await ensureThemeStyles(true);
    expect(document.querySelector("link[data-purged-styles]")).toBeNull();
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/app.css">';
    await ensureThemeStyles(true);
    expect(document.querySelector("link[data-purged-styles]")).toBeNull();
  });
});
