import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Classes } from "@blueprintjs/core";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import {
  blueprintSafelist,
  classesInMarkup,
  compoundsOf,
  dropUnreadCustomProperties,
  type PurgeOptions,
  lightThemeRules,
  purgeBlueprintCss,
  selectorAvailable,
  splitSelectorList,
} from "./purge-blueprint.ts";

const safelist = blueprintSafelist(Classes);
const optionsFor = (...markup: string[]): PurgeOptions => ({ ...classesInMarkup(markup), safelist });

describe("reading the markup", () => {
  it("finds each class and the classes beside it on the same element", () => {
    const { used, together } = classesInMarkup([
      '<button class="bp6-button bp6-intent-primary"><span class="bp6-button-text">x</span></button>',
    ]);
    expect([...used].sort()).toEqual(["bp6-button", "bp6-button-text", "bp6-intent-primary"]);
    expect(together.get("bp6-button")?.has("bp6-intent-primary")).toBe(true);
    expect(together.get("bp6-button-text")?.has("bp6-intent-primary")).toBe(false);
  });

  it("splits selector lists and compounds outside parentheses, brackets and quotes", () => {
    expect(splitSelectorList('.a:not(.b, .c), .d[x="1,2"]')).toEqual([".a:not(.b, .c)", '.d[x="1,2"]']);
    expect(compoundsOf(".a.b > .c + .d ~ .e .f:not(.g .h)")).toEqual([".a.b", ".c", ".d", ".e", ".f:not(.g .h)"]);
  });
});

describe("which selectors can match", () => {
  const options = optionsFor(
    '<div class="bp6-card bp6-elevation-2"><button class="bp6-button bp6-intent-primary bp6-large">x</button><input class="bp6-input"></div>',
  );

  it("keeps rules without classes, and states anywhere (focus, dark theme, disabled, the focus manager)", () => {
    for (const selector of [
      ":focus",
      "body",
      "*",
      ":root",
      ".bp6-dark :focus",
      ".bp6-focus-disabled :focus:not(.bp6-focus-style-manager-ignore *)",
      ".bp6-button:disabled",
      ".bp6-button.bp6-disabled",
      ".bp6-dark .bp6-button.bp6-intent-primary",
      ".bp6-button.bp6-loading",
    ]) {
      expect(selectorAvailable(selector, options), selector).toBe(true);
    }
  });

  it("keeps a variant only on a component the markup shows with it", () => {
    expect(selectorAvailable(".bp6-button.bp6-intent-primary:hover", options)).toBe(true);
    expect(selectorAvailable(".bp6-button.bp6-large", options)).toBe(true);
    expect(selectorAvailable(".bp6-button.bp6-intent-warning", options)).toBe(false);
    expect(selectorAvailable(".bp6-button.bp6-minimal.bp6-intent-primary", options)).toBe(false);
    expect(selectorAvailable(".bp6-card.bp6-elevation-2", options)).toBe(true);
    expect(selectorAvailable(".bp6-card.bp6-elevation-4", options)).toBe(false);
    // Alone, a variant names no component: it stays.
    expect(selectorAvailable(".bp6-intent-danger .bp6-icon", optionsFor('<span class="bp6-icon"></span>'))).toBe(true);
  });

  it("drops components the pages never show, and keeps attribute selectors and what :not() excludes", () => {
    expect(selectorAvailable(".bp6-menu-item", options)).toBe(false);
    expect(selectorAvailable(".bp6-button-group .bp6-button", options)).toBe(false);
    expect(selectorAvailable(".bp6-button[class*=bp6-intent-]:focus", options)).toBe(true);
    expect(selectorAvailable(".bp6-input:not(.bp6-menu-item)", options)).toBe(true);
    expect(selectorAvailable(":is(.bp6-menu, .bp6-button) .bp6-input", options)).toBe(true);
    expect(selectorAvailable(":is(.bp6-menu, .bp6-tag) .bp6-input", options)).toBe(false);
  });

  it("drops what needs Blueprint's other dark switch, the attribute the console never sets", () => {
    expect(selectorAvailable("[data-bp-color-scheme=dark] .bp6-button", options)).toBe(false);
    expect(selectorAvailable('[data-bp-color-scheme="dark"]', options)).toBe(false);
    expect(selectorAvailable(".bp6-dark .bp6-button", options)).toBe(true);
    expect(selectorAvailable("[data-bp-color-scheme=light] .bp6-button", options)).toBe(true);
  });

  it("keeps the class names Blueprint makes up at run time: overlay and toast transitions, the portal", () => {
    for (const selector of [
      ".bp6-overlay-enter .bp6-overlay-backdrop",
      ".bp6-toast-exit-active",
      ".bp6-portal",
      "body.bp6-overlay-open",
      ".bp6-dialog-container.bp6-overlay-appear-active .bp6-dialog",
    ]) {
      expect(selectorAvailable(selector, options), selector).toBe(true);
    }
  });
});

describe("purging Blueprint's stylesheet", () => {
  const require = createRequire(import.meta.url);
  const whole = readFileSync(require.resolve("@blueprintjs/core/lib/css/blueprint.css"), "utf8");
  const pageMarkup =
    '<div class="bp6-card bp6-elevation-2"><form><div class="bp6-form-group"><div class="bp6-input-group"><input class="bp6-input"></div></div><button class="bp6-button bp6-intent-primary bp6-large"><span class="bp6-button-text">Sign in</span></button></form></div>';
  const dialogMarkup =
    '<div class="bp6-overlay bp6-overlay-open bp6-overlay-scroll-container"><div class="bp6-overlay-backdrop"></div><div class="bp6-dialog-container bp6-overlay-content"><div class="bp6-dialog"><div class="bp6-dialog-header"><h2 class="bp6-heading">x</h2></div><div class="bp6-dialog-body">x</div><div class="bp6-dialog-footer"><div class="bp6-dialog-footer-actions"><button class="bp6-button">x</button></div></div></div></div></div>';
  const purged = purgeBlueprintCss(whole, optionsFor(pageMarkup, dialogMarkup));
  const selectors = new Set<string>();
  postcss.parse(purged).walkRules((rule) => {
    for (const s of rule.selectors) selectors.add(s);
  });

  it("keeps the focus outline, the dark theme, the intents in use and the dialog", () => {
    for (const selector of [
      ":focus",
      ".bp6-dark :focus",
      ".bp6-focus-disabled :focus:not(.bp6-focus-style-manager-ignore *)",
      ".bp6-button.bp6-intent-primary",
      ".bp6-button.bp6-intent-primary:hover",
      ".bp6-dialog",
      ".bp6-dark .bp6-dialog-header",
      ".bp6-dialog-header",
      ".bp6-overlay-backdrop",
      ".bp6-elevation-2",
      ".bp6-dark .bp6-elevation-2",
      ".bp6-card",
      ".bp6-dark .bp6-card",
    ]) {
      expect(selectors.has(selector), selector).toBe(true);
    }
    expect(
      selectors.has(".bp6-dark .bp6-button.bp6-minimal.bp6-intent-primary"),
      "no minimal primary button on the pages",
    ).toBe(false);
  });

  it("drops components and variants nobody shows, and is far smaller", () => {
    expect([...selectors].some((s) => s.includes(".bp6-menu-item"))).toBe(false);
    expect([...selectors].some((s) => s.includes("data-bp-color-scheme"))).toBe(false);
    expect([...selectors].some((s) => s.includes(".bp6-button.bp6-intent-warning"))).toBe(false);
    expect(purged.length).toBeLessThan(whole.length / 3);
  });

  it("writes the rules it keeps exactly as the whole file has them (selectors left out at most), in its order", () => {
    const body = (rule: postcss.Rule) => rule.nodes.map((node) => node.toString()).join(";");
    const wholeRules: postcss.Rule[] = [];
    postcss.parse(whole).walkRules((rule) => void wholeRules.push(rule));
    let at = 0;
    postcss.parse(purged).walkRules((rule) => {
      const found = wholeRules.findIndex(
        (r, i) => i >= at && body(r) === body(rule) && rule.selectors.every((s) => r.selectors.includes(s)),
      );
      expect(found, rule.toString().slice(0, 80)).toBeGreaterThanOrEqual(at);
      at = found;
    });
    expect(purged).toMatch(/@keyframes/);
  });
});

describe("the light theme's rules", () => {
  const css = [
    ".bp6-button{color:red}",
    ".bp6-dark .bp6-button,.bp6-button.bp6-dark{color:white}",
    ".bp6-card,.bp6-dark .bp6-card{padding:1px}",
    "@media (min-width:1px){.bp6-dark .bp6-card{color:blue}}",
    ".bp6-dark-ish{color:green}",
    "@keyframes spin{to{transform:rotate(1turn)}}",
  ].join("\n");
  const light = lightThemeRules(css, "bp6-dark");

  it("drop every selector that needs the dark class, and what is left empty", () => {
    expect(light).not.toMatch(/\.bp6-dark[ .,{]/);
    expect(light).not.toMatch(/@media/);
    expect(light).toContain(".bp6-card{padding:1px}");
  });

  it("keep everything else as written: other classes that only start alike, keyframes", () => {
    expect(light).toContain(".bp6-button{color:red}");
    expect(light).toContain(".bp6-dark-ish{color:green}");
    expect(light).toContain("@keyframes spin");
  });
});

describe("the design tokens nothing reads", () => {
  const css = [
    ":root{--used:1px;--chained:var(--base);--base:red;--unused:2px;--read-by-app:3px;--read-by-unused:var(--only-unused);--only-unused:0}",
    ".bp6-dark{--dark-only:blue}",
    ".bp6-card{padding:var(--used);color:var(--missing, var(--chained))}",
    "@supports (color: oklch(from var(--any-color) l c h)){:root{--unused-too:oklch(0 0 0)}}",
  ].join("\n");
  const kept = dropUnreadCustomProperties(css, [".mc-x{margin:var(--read-by-app)}"]);

  it("keep the tokens a rule reads, directly, through another token, or from the console's styles", () => {
    for (const name of ["--used", "--chained", "--base", "--read-by-app"]) expect(kept, name).toContain(`${name}:`);
    expect(kept).toContain(".bp6-card{padding:var(--used);color:var(--missing, var(--chained))}");
  });

  it("drop the others, and rules and at-rules left empty", () => {
    for (const name of ["--unused", "--read-by-unused", "--only-unused", "--dark-only", "--unused-too"])
      expect(kept, name).not.toContain(`${name}:`);
    expect(kept).not.toContain(".bp6-dark");
    expect(kept).not.toContain("@supports");
  });

  it("cut Blueprint's purged rules by a fifth and more without losing a token a kept rule reads", () => {
    const require = createRequire(import.meta.url);
    const whole = readFileSync(require.resolve("@blueprintjs/core/lib/css/blueprint.css"), "utf8");
    const purged = purgeBlueprintCss(
      whole,
      optionsFor(
        '<div class="bp6-card"><button class="bp6-button bp6-intent-primary">x</button><input class="bp6-input"></div>',
      ),
    );
    const slim = dropUnreadCustomProperties(purged);
    expect(slim.length).toBeLessThan(purged.length * 0.8);
    const declared = new Set<string>();
    const read = new Set<string>();
    postcss.parse(slim).walkDecls((decl) => {
      if (decl.prop.startsWith("--")) declared.add(decl.prop);
      for (const match of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(match[1] ?? "");
    });
    const declaredInWhole = new Set<string>();
    postcss.parse(whole).walkDecls((decl) => void (decl.prop.startsWith("--") && declaredInWhole.add(decl.prop)));
    for (const name of read) if (declaredInWhole.has(name)) expect(declared.has(name), name).toBe(true);
  });
});
