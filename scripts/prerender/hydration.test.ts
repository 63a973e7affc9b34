// @vitest-environment jsdom
// The build's prerender and the browser's first render meet. Each public page is rendered by the very SSR
// bundle scripts/prerender.ts uses (its own React, run with no DOM as in the build), put in #root as the page's
// inline script would, and hydrated by the console's App on React's development build, which reports every
// difference (text, attributes, ids) that the production build would silently keep.
import { act, createElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Locale } from "../../contracts/schemas/fields.ts";
import { googleClientIdMetaName } from "../../contracts/schemas/google.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { App } from "../../src/app/app.tsx";
import { preloadRoute } from "../../src/app/route-modules.ts";
import { createServices } from "../../src/app/services.ts";
import { settingsStorageKey } from "../../src/app/settings-service.ts";
import { createI18n } from "../../src/i18n/i18n.ts";
import { prerenderedPages } from "../../src/prerender/public-pages.ts";
import { classesInMarkup } from "./purge-blueprint.ts";
import { loadRenderer, type RenderModule } from "./renderer.ts";

// React's act() warns unless the environment says it is a test (Testing Library sets this too).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Theme = "light" | "dark";
const cases: ReadonlyArray<readonly [Locale, Theme]> = [
  ["en-US", "light"],
  ["th-TH", "dark"],
  ["zh-TW", "light"],
];
const rendered = new Map<string, { markup: string; title: string }>();
let runTimeStates = "";
const googleClientId = "hydration.apps.googleusercontent.com";
let cleanup = () => {};

/** Runs `work` the way the build runs the renderer: in Node, with no window or document. */
async function withoutDom<T>(work: () => Promise<T>): Promise<T> {
  for (const name of [
    "window",
    "document",
    "navigator",
    "localStorage",
    "sessionStorage",
    "self",
    "location",
    "history",
  ])
    vi.stubGlobal(name, undefined);
  try {
    return await work();
  } finally {
    vi.unstubAllGlobals();
  }
}

beforeAll(async () => {
  await withoutDom(async () => {
    const loaded = await loadRenderer();
    cleanup = loaded.cleanup;
    const renderer: RenderModule = loaded.renderer;
    for (const page of prerenderedPages) {
      for (const [locale, theme] of cases)
        rendered.set(`${page.path} ${locale} ${theme}`, await renderer.renderPage(page.path, locale, theme));
    }
    rendered.set("/login google", await renderer.renderPage("/login", "en-US", "light", googleClientId));
    runTimeStates = await renderer.renderRunTimeStates();
  });
}, 120_000);
afterAll(() => cleanup());

const silent = { success() {}, info() {}, error() {}, outcome() {}, pageChanged() {}, hush: () => () => {} };
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
  localStorage.clear();
  vi.restoreAllMocks();
});

/** Hydrates `markup` at `path` with the console's App and returns what React reported. */
async function hydrate(
  path: string,
  locale: Locale,
  markup: string,
): Promise<{ container: HTMLElement; reported: unknown[] }> {
  window.history.replaceState(null, "", path);
  const container = document.createElement("div");
  container.id = "root";
  container.innerHTML = markup;
  document.body.append(container);
  const reported: unknown[] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void reported.push(args.map(String).join(" ")));
  const [i18n] = await Promise.all([
    createI18n(locale, { consoleMessages: false }),
    preloadRoute({ pathname: path, search: "" }, false),
  ]);
  const services = createServices({ storage: localStorage, notify: silent, i18n, reload: () => {} });
  await act(async () => {
    root = hydrateRoot(container, createElement(App, { services, i18n }), {
      onRecoverableError: (error) => void reported.push(error),
    });
  });
  return { container, reported };
}

describe("prerendered pages hydrate without a difference", () => {
  for (const page of prerenderedPages) {
    for (const [locale, theme] of cases) {
      it(`${page.path} in ${locale}, ${theme}`, async () => {
        const prerendered = rendered.get(`${page.path} ${locale} ${theme}`);
        if (!prerendered) throw new Error("not rendered");
        localStorage.setItem(storageKeys.locale, locale);
        if (theme === "dark") localStorage.setItem(settingsStorageKey, JSON.stringify({ theme }));
        const { container, reported } = await hydrate(page.path, locale, prerendered.markup);
        expect(reported).toEqual([]);
        const heading = container.querySelector("h1");
        expect(heading?.textContent).toBeTruthy();
        expect(prerendered.markup).toContain(`>${heading?.textContent}</h1>`);
        expect(prerendered.title.length).toBeGreaterThan(0);
        expect(prerendered.markup, "no style attribute (the CSP refuses them)").not.toMatch(/\sstyle="/);
      });
    }
  }

  it("would report a difference: an attribute the client renders otherwise (the check works)", async () => {
    const markup = rendered.get("/login en-US light")?.markup ?? "";
    const altered = markup.replace('autoComplete="current-password"', 'autoComplete="off"');
    expect(altered).not.toBe(markup);
    const { reported } = await hydrate("/login", "en-US", altered);
    expect(reported.join(" ")).toMatch(/did(n't| not) match/);
  });

  it("meets the remembered e-mail the page's inline script fills in on /login", async () => {
    const markup = rendered.get("/login en-US light")?.markup ?? "";
    // What scripts/prerender/page-scripts.ts (bodyScript) does before the first paint.
    const filled = markup
      .replace(/(<input[^>]*data-stored-value="rememberedEmail"[^>]*?)value=""/, '$1value="kept@example.com"')
      .replace(/(<input)([^>]*data-stored-checked="rememberedEmail")/, '$1 checked=""$2');
    expect(filled).not.toBe(markup);
    localStorage.setItem(storageKeys.rememberedEmail, "kept@example.com");
    const { container, reported } = await hydrate("/login", "en-US", filled);
    expect(reported).toEqual([]);
    expect((container.querySelector("input[type=email]") as HTMLInputElement).value).toBe("kept@example.com");
    expect((container.querySelector("input[type=checkbox]") as HTMLInputElement).checked).toBe(true);
  });
});

describe("/login with sign-in with Google on (its variant of the page, with the client id the server names)", () => {
  const withGoogle = () => rendered.get("/login google")?.markup ?? "";
  beforeAll(async () => {
    // As the page's modulepreload hints have it by then: the button's chunk.
    await import("../../src/features/auth/google-sign-in.tsx");
  });
  afterEach(() => {
    for (const meta of document.head.querySelectorAll(`meta[name="${googleClientIdMetaName}"]`)) meta.remove();
  });

  it("is prerendered with the button, which the page without Google lacks", () => {
    expect(withGoogle()).toContain(">Continue with Google<");
    expect(rendered.get("/login en-US light")?.markup).not.toContain("Continue with Google");
  });

  it("hydrates without a difference when the page names the client id", async () => {
    const meta = document.createElement("meta");
    meta.name = googleClientIdMetaName;
    meta.content = googleClientId;
    document.head.append(meta);
    const { container, reported } = await hydrate("/login", "en-US", withGoogle());
    expect(reported).toEqual([]);
    expect(container.querySelector(".google-sign-in button")?.textContent).toBe("Continue with Google");
  });

  it("would report a difference on a page that names none (the server must send the variant it configures)", async () => {
    const { reported } = await hydrate("/login", "en-US", withGoogle());
    expect(reported.length).toBeGreaterThan(0);
  });
});

describe("the renderer", () => {
  it("renders each page in its locale, and the home page's navbar differently in the dark theme", () => {
    const home = (locale: Locale, theme: Theme) => rendered.get(`/home ${locale} ${theme}`)?.markup ?? "";
    // The theme switch names the other theme.
    expect(home("th-TH", "dark")).not.toBe(home("th-TH", "light"));
    expect(home("en-US", "light")).toContain("Accept USDT from anywhere");
    expect(rendered.get("/login en-US light")?.title).toBe("Sign in · Merchant Console");
    expect(rendered.get("/login zh-TW light")?.title).toMatch(/ · /);
  });

  it("renders the run-time states the purge learns from: toasts, a dialog, a failed field, a loading button", () => {
    const { used, together } = classesInMarkup([runTimeStates]);
    for (const name of [
      "bp6-toast",
      "bp6-button-group",
      "bp6-dialog",
      "bp6-dialog-footer",
      "bp6-callout",
      "bp6-form-helper-text",
      "bp6-spinner-head",
    ])
      expect(used.has(name), name).toBe(true);
    expect(together.get("bp6-toast")?.has("bp6-intent-danger")).toBe(true);
    expect(together.get("bp6-button-group")?.has("bp6-minimal")).toBe(true);
    expect(together.get("bp6-input-group")?.has("bp6-intent-danger")).toBe(true);
  });
});
