// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { minifySync } from "vite";
import { bodyScript, type HeadScriptConfig, headScript, scriptCall } from "./page-scripts.ts";

const config: HeadScriptConfig = {
  locales: ["en-US", "zh-CN", "th-TH"],
  defaultLocale: "en-US",
  themed: false,
  leavesWhenSignedIn: true,
  localeModules: {
    "en-US": ["/assets/en-US-1.js"],
    "zh-CN": ["/assets/zh-CN-1.js", "/assets/en-US-1.js"],
    "th-TH": ["/assets/th-TH-1.js", "/assets/en-US-1.js"],
  },
  darkClass: "bp6-dark",
  purgedCssHref: "/assets/blueprint-public-abc.css",
};

/** The page as the prerender writes it: #root with the default variant, the others as templates. */
function page(variants: string[] = ["zh-CN", "th-TH", "en-US-dark", "zh-CN-dark"]) {
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
  document.head.innerHTML =
    "<title>Sign in</title><style data-critical-blueprint></style><style data-app-styles></style>";
  document.body.className = "";
  document.body.innerHTML = `<div id="root" data-prerendered data-variant="en-US"><h1>Sign in</h1><input type="email" data-stored-value="rememberedEmail" value=""><input type="checkbox" data-stored-checked="rememberedEmail"></div>${variants
    .map(
      (key) =>
        `<template data-variant="${key}" data-title="title ${key}"><h1>${key}</h1><input type="email" data-stored-value="rememberedEmail" value=""><input type="checkbox" data-stored-checked="rememberedEmail"></template>`,
    )
    .join("")}`;
}

const root = () => document.getElementById("root") as HTMLElement;
const run = (c: Partial<HeadScriptConfig> = {}) => {
  headScript({ ...config, ...c });
  expect(document.documentElement.classList.contains("mc-picking")).toBe(true);
  bodyScript("bp6-dark");
};

// Each test starts with nothing stored: a token left by another test would make the script leave #root empty.
beforeEach(() => localStorage.clear());
// A test's page is not the next test's (each file starts on a blank page: src/app/blank-document-setup.ts).
afterEach(() => {
  localStorage.clear();
  document.body.replaceChildren();
  document.documentElement.removeAttribute("lang");
});

describe("the inline scripts of a prerendered page", () => {
  it("keep the default variant for a first visit, and show it", () => {
    page();
    run();
    expect(root().querySelector("h1")?.textContent).toBe("Sign in");
    expect(document.documentElement.lang).toBe("en-US");
    expect(document.documentElement.classList.contains("mc-picking")).toBe(false);
    expect(document.querySelectorAll("template").length).toBe(0);
    expect(root().hasAttribute("data-prerendered")).toBe(true);
    expect([...document.head.querySelectorAll("link[rel=modulepreload]")].map((l) => l.getAttribute("href"))).toEqual([
      "/assets/en-US-1.js",
    ]);
  });

  it("put the stored locale's variant in #root, with its title and its chunks preloaded", () => {
    page();
    localStorage.setItem("arco-locale", "zh-CN");
    run();
    expect(root().querySelector("h1")?.textContent).toBe("zh-CN");
    expect(root().getAttribute("data-variant")).toBe("zh-CN");
    expect(document.title).toBe("title zh-CN");
    expect(document.documentElement.lang).toBe("zh-CN");
    expect([...document.head.querySelectorAll("link[rel=modulepreload]")].map((l) => l.getAttribute("href"))).toEqual([
      "/assets/zh-CN-1.js",
      "/assets/en-US-1.js",
    ]);
  });

  it("fall back to en-US for a locale the console does not have", () => {
    page();
    localStorage.setItem("arco-locale", "fr-FR");
    run();
    expect(root().querySelector("h1")?.textContent).toBe("Sign in");
    expect(document.documentElement.lang).toBe("en-US");
  });

  it("apply the stored theme, colour and colour-weak mode, and take the dark variant where the page has one", () => {
    page();
    localStorage.setItem("arco-locale", "zh-CN");
    localStorage.setItem("app-settings", JSON.stringify({ theme: "dark", themeColor: "#00AA55", colorWeak: true }));
    run({ themed: true });
    expect(document.documentElement.classList.contains("bp6-dark")).toBe(true);
    expect(document.body.classList.contains("bp6-dark")).toBe(true);
    expect(document.documentElement.style.getPropertyValue("--mc-primary")).toBe("#00AA55");
    expect(document.documentElement.style.filter).toBe("invert(80%)");
    expect(root().querySelector("h1")?.textContent).toBe("zh-CN-dark");
  });

  it("hold a form back until the console has taken the page over, so an early Enter does not reload the page, and mark it to be sent again", () => {
    page();
    document.getElementById("root")?.insertAdjacentHTML("beforeend", "<form id=f></form><form id=g></form>");
    run();
    const form = document.getElementById("f") as HTMLFormElement;
    const early = new Event("submit", { cancelable: true, bubbles: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(form.hasAttribute("data-held-submit")).toBe(true);
    expect(document.getElementById("g")?.hasAttribute("data-held-submit")).toBe(false);
    document.documentElement.setAttribute("data-hydrated", "");
    form.removeAttribute("data-held-submit");
    const later = new Event("submit", { cancelable: true, bubbles: true });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(form.hasAttribute("data-held-submit")).toBe(false);
    document.documentElement.removeAttribute("data-hydrated");
  });

  it("link the purged rules, dark ones included, right after the inline light ones and blocking the first paint, only in the dark theme", () => {
    page();
    run();
    expect(document.querySelectorAll("link[rel=stylesheet]").length).toBe(0);
    expect(document.documentElement.getAttribute("data-purged-styles")).toBe("/assets/blueprint-public-abc.css");
    page();
    localStorage.setItem("app-settings", JSON.stringify({ theme: "dark" }));
    run();
    const link = document.querySelector<HTMLLinkElement>("style[data-critical-blueprint] + link");
    expect(link?.getAttribute("href")).toBe("/assets/blueprint-public-abc.css");
    expect(link?.rel).toBe("stylesheet");
    expect(link?.getAttribute("blocking")).toBe("render");
    expect(link?.nextElementSibling?.matches("style[data-app-styles]")).toBe(true);
  });

  it("ignore settings it cannot read, and a colour that is not one", () => {
    page();
    localStorage.setItem("app-settings", "{not json");
    run({ themed: true });
    expect(document.documentElement.classList.contains("bp6-dark")).toBe(false);
    page();
    localStorage.setItem("app-settings", JSON.stringify({ theme: "dark", themeColor: "red;x:y" }));
    run({ themed: true });
    expect(document.documentElement.style.getPropertyValue("--mc-primary")).toBe("");
    expect(root().querySelector("h1")?.textContent).toBe("en-US-dark");
  });

  it("leave #root empty for a signed-in visitor of /login, so the console renders the redirect instead", () => {
    page();
    localStorage.setItem("token", "abc");
    run();
    expect(root().childElementCount).toBe(0);
    expect(root().hasAttribute("data-prerendered")).toBe(false);
    expect(document.documentElement.classList.contains("mc-picking")).toBe(false);
    // Other pages show themselves to a signed-in merchant.
    page();
    run({ leavesWhenSignedIn: false });
    expect(root().querySelector("h1")?.textContent).toBe("Sign in");
  });

  it("fill in the remembered e-mail and tick remember, in whichever variant shows", () => {
    page();
    localStorage.setItem("rememberedEmail", "kept@example.com");
    localStorage.setItem("arco-locale", "th-TH");
    run();
    expect(root().querySelector("input[type=email]")?.getAttribute("value")).toBe("kept@example.com");
    expect((root().querySelector("input[type=checkbox]") as HTMLInputElement).checked).toBe(true);
  });

  it("show #root even when something goes wrong", () => {
    page();
    headScript(config);
    document.body.querySelector("template")?.remove();
    localStorage.setItem("arco-locale", "zh-CN");
    document.documentElement.setAttribute("data-page-variant", "zh-CN");
    bodyScript("bp6-dark");
    // The variant's template is missing: the console renders instead of hydrating.
    expect(root().hasAttribute("data-prerendered")).toBe(false);
    expect(document.documentElement.classList.contains("mc-picking")).toBe(false);
  });

  it("run as the minified inline scripts the build writes", () => {
    page();
    localStorage.setItem("arco-locale", "th-TH");
    const head = minifySync("head.js", scriptCall(headScript, config)).code;
    const body = minifySync("body.js", scriptCall(bodyScript, "bp6-dark")).code;
    expect(head.length).toBeLessThan(1500);
    new Function(head)();
    new Function(body)();
    expect(root().querySelector("h1")?.textContent).toBe("th-TH");
    expect(document.documentElement.lang).toBe("th-TH");
  });
});
