// Blueprint's stylesheet cut down to what the prerendered public pages can show.
// One file: the three kinds of classes below and the walk over the stylesheet that applies them are one algorithm,
// read with this comment.
//
// A plain purge (PurgeCSS with its default extractor) keeps the rules whose classes it finds in the markup, and
// so drops what Blueprint or the merchant turn on later: the focus manager's class, the intent a failed form
// puts on its fields, the dark theme, the dialogs and toasts that open on top, a button's spinner. Keeping
// every Blueprint modifier instead keeps nearly all of the file (a button's rules alone are every intent ×
// variant × state × theme). This purge reads two markups, the pages' and that of what they show only after an
// interaction (src/prerender/run-time-states.tsx: toasts, the Re-Login dialog, a loading button, a failed
// field), and knows Blueprint's classes through its own `Classes` (so a renamed class follows), in three kinds:
//  - states, which any element may take at run time (active, disabled, loading, dark, focus manager): always kept;
//  - variants (intents, minimal, outlined, large, fill, elevations, …): kept on a component only as the markups
//    combine them (the sign-in button is primary, large and fill; no page has a warning button);
//  - families whose class names Blueprint makes up at run time (the overlay's and toast's transition classes
//    such as `bp6-overlay-enter-active`, the portal, `bp6-overlay-open` on <body>): everything under them.
// The rules kept are byte for byte those of the whole file, in its order, so loading the whole file after them
// changes nothing they style. Rules that need Blueprint's other dark switch, an attribute the console never
// sets, go; so do (in a step of their own) the design tokens nothing kept reads.
import postcss, { type Container } from "postcss";

/** Blueprint's `Classes` namespace object (string constants and helpers), as `@blueprintjs/core` exports it. */
export type BlueprintClasses = Record<string, unknown>;

export interface BlueprintSafelist {
  /** Run-time states any element may take: kept wherever they appear. */
  states: ReadonlySet<string>;
  /** Variants: kept on a component only in combinations the markup shows (or on a family). */
  variants: ReadonlySet<string>;
  /** Class prefixes kept with everything under them and any variant (`bp6-overlay` keeps `bp6-overlay-enter-active`, …). */
  families: readonly string[];
}

export const stateNames = [
  "ACTIVE",
  "DISABLED",
  "LOADING",
  "SELECTED",
  "INTERACTIVE",
  "READ_ONLY",
  "DARK",
  "FOCUS_DISABLED",
  "FOCUS_STYLE_MANAGER_IGNORE",
] as const;

export const variantNames = [
  "FILL",
  "LARGE",
  "SMALL",
  "MINIMAL",
  "OUTLINED",
  "ROUND",
  "INLINE",
  "VERTICAL",
  "ALIGN_LEFT",
  "ALIGN_RIGHT",
  "COMPACT",
  "MULTILINE",
  "ELEVATION_0",
  "ELEVATION_1",
  "ELEVATION_2",
  "ELEVATION_3",
  "ELEVATION_4",
  "INTENT_PRIMARY",
  "INTENT_SUCCESS",
  "INTENT_WARNING",
  "INTENT_DANGER",
  "TEXT_MUTED",
  "TEXT_DISABLED",
  "TEXT_OVERFLOW_ELLIPSIS",
  "POSITION_TOP",
  "POSITION_BOTTOM",
  "POSITION_LEFT",
  "POSITION_RIGHT",
] as const;

/** Classes made up at run time: transitions (`bp6-overlay-appear-active`, `bp6-toast-exit`), the portal, the open overlay. */
export const familyNames = ["OVERLAY", "TOAST", "PORTAL", "DIALOG", "SPINNER"] as const;

const constant = (classes: BlueprintClasses, name: string): string => {
  const value = classes[name];
  if (typeof value !== "string" || value === "")
    throw new Error(`Blueprint's Classes has no ${name}: update scripts/prerender/purge-blueprint.ts`);
  return value;
};

export function blueprintSafelist(classes: BlueprintClasses): BlueprintSafelist {
  return {
    states: new Set(stateNames.map((name) => constant(classes, name))),
    variants: new Set(variantNames.map((name) => constant(classes, name))),
    families: familyNames.map((name) => constant(classes, name)),
  };
}

/** What the rendered markup shows: every class, and for each class the classes beside it on one element. */
export interface MarkupClasses {
  used: ReadonlySet<string>;
  together: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The classes of the `class` attributes in the markup (React writes `class="…"`). */
export function classesInMarkup(markup: Iterable<string>): MarkupClasses {
  const used = new Set<string>();
  const together = new Map<string, Set<string>>();
  for (const html of markup) {
    for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
      const names = (match[1] ?? "").split(/\s+/).filter(Boolean);
      for (const name of names) {
        used.add(name);
        const beside = together.get(name) ?? new Set<string>();
        for (const other of names) beside.add(other);
        together.set(name, beside);
      }
    }
  }
  return { used, together };
}

export interface PurgeOptions extends MarkupClasses {
  safelist: BlueprintSafelist;
}

const inFamily = (name: string, families: readonly string[]) =>
  families.some((family) => name === family || name.startsWith(`${family}-`));

/** The part of `text` from `open` (an opening parenthesis) to its closing one, and where it ends. */
function parenthesised(text: string, open: number): { inner: string; end: number } {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return { inner: text.slice(open + 1, i), end: i + 1 };
  }
  return { inner: text.slice(open + 1), end: text.length };
}

/** Splits `text` where `at` says, outside parentheses, brackets and quotes. */
function splitTopLevel(text: string, at: (c: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? "";
    if (c === "\\") i++;
    else if (quote) quote = c === quote ? "" : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && at(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

export const splitSelectorList = (list: string): string[] => splitTopLevel(list, (c) => c === ",");
/** The compound selectors of a complex one (`.a.b > .c` → `.a.b`, `.c`). */
export const compoundsOf = (selector: string): string[] =>
  splitTopLevel(selector, (c) => c === " " || c === ">" || c === "+" || c === "~" || c === "\n");

const alternativesPseudo = /^:(is|where|has|matches|-webkit-any|-moz-any)\(/;

/** One element's part of a selector: can some element of the pages carry all the classes it asks for? */
export function compoundAvailable(compound: string, options: PurgeOptions): boolean {
  const classes: string[] = [];
  for (let i = 0; i < compound.length; ) {
    const c = compound[i];
    if (c === "\\") {
      i += 2;
    } else if (c === "[") {
      // Attribute selectors, `[class*=bp6-intent-]` too, never drop a rule.
      const end = compound.indexOf("]", i);
      i = end < 0 ? compound.length : end + 1;
    } else if (c === ".") {
      const name = /^[A-Za-z0-9_-]+/.exec(compound.slice(i + 1))?.[0] ?? "";
      if (name) classes.push(name);
      i += 1 + name.length;
    } else if (c === ":" && compound.startsWith(":not(", i)) {
      // What an element must not be asks nothing of the pages.
      i = parenthesised(compound, i + 4).end;
    } else if (c === ":" && alternativesPseudo.test(compound.slice(i))) {
      const { inner, end } = parenthesised(compound, compound.indexOf("(", i));
      if (!splitSelectorList(inner).some((alternative) => selectorAvailable(alternative, options))) return false;
      i = end;
    } else {
      i++;
    }
  }
  const { used, together, safelist } = options;
  const components = classes.filter((name) => !safelist.states.has(name) && !safelist.variants.has(name));
  if (!components.every((name) => used.has(name) || inFamily(name, safelist.families))) return false;
  const variants = classes.filter((name) => safelist.variants.has(name));
  // A variant alone (`.bp6-intent-danger .bp6-icon`) or on a family member stays; on a component, as the markup pairs them.
  if (variants.length === 0 || components.length === 0 || components.some((name) => inFamily(name, safelist.families)))
    return true;
  return variants.every((variant) => components.some((name) => together.get(name)?.has(variant)));
}

/**
 * Blueprint 6 turns its dark theme on under `Classes.DARK` or under `[data-bp-color-scheme=dark]`. The console
 * sets only the class (src/layout/use-document-settings.ts, the head script of scripts/prerender/page-scripts.ts)
 * and Blueprint's code sets neither, so a rule that needs the attribute never applies: a sixth of the purged file.
 */
const colorSchemeAttribute = /\[\s*data-bp-color-scheme\s*=\s*(["']?)dark\1\s*\]/;

/** Whether a selector can match on the public pages: each of its compounds can. */
export function selectorAvailable(selector: string, options: PurgeOptions): boolean {
  if (colorSchemeAttribute.test(selector)) return false;
  return compoundsOf(selector).every((compound) => compoundAvailable(compound, options));
}

/**
 * The rules of `css` whose selectors can match, in their order and exactly as written (so the purged file is
 * a subset of the whole one, rule for rule); at-rules left empty go with them. Keyframes, font faces and the
 * custom properties on `:root` stay.
 */
export function purgeBlueprintCss(css: string, options: PurgeOptions): string {
  return withoutSelectors(css, (selector) => !selectorAvailable(selector, options));
}

/**
 * The rules of a purged stylesheet that hold in the light theme: every selector that needs the dark class
 * (`.bp6-dark .bp6-button`, `.bp6-button.bp6-dark`) goes, and with it a rule or at-rule left empty. A page
 * inlines these for its first paint; in the dark theme it loads the whole purged file after them (as a file of
 * its own, content-hashed), whose rules repeat these in the same order, so the cascade is the whole file's.
 */
export function lightThemeRules(css: string, darkClass: string): string {
  const dark = new RegExp(`\\.${darkClass.replace(/[-]/g, "\\-")}(?![\\w-])`);
  return withoutSelectors(css, (selector) => dark.test(selector));
}

/**
 * Blueprint's whole stylesheet less the rules that need its attribute dark switch (see `colorSchemeAttribute`),
 * which can never apply in the console: what the console's pages load (scripts/vite-blueprint-stylesheet.ts).
 */
export const withoutColorSchemeAttribute = (css: string): string =>
  withoutSelectors(css, (selector) => colorSchemeAttribute.test(selector));

/**
 * Drops the selectors `drop` picks out of each rule's list, and the rules and at-rules left empty; the rest as
 * written. A keyframe's steps (`from`, `50%`) are not selectors and stay.
 */
function withoutSelectors(css: string, drop: (selector: string) => boolean): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const parent = rule.parent;
    if (parent?.type === "atrule" && /keyframes$/i.test((parent as { name?: string }).name ?? "")) return;
    const all = splitSelectorList(rule.selector);
    const kept = all.filter((selector) => !drop(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < all.length) rule.selector = kept.join(",");
  });
  dropEmpty(root);
  return root.toString();
}

/** The custom properties a declaration's value reads (`var(--a, var(--b))` reads both). */
const propertiesRead = (value: string): string[] =>
  [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1] ?? "");

/**
 * Drops the custom properties that nothing reads: Blueprint defines some 220 design tokens on `:root` and under
 * the dark class, and a purged file uses a fifth of them. A property stays when a declaration of `css` other than
 * a custom property reads it, or one of `alsoReadBy` (the console's own styles) does, or a property kept so reads
 * it. The rules are otherwise left as they are; a rule or at-rule left empty goes.
 */
export function dropUnreadCustomProperties(css: string, alsoReadBy: readonly string[] = []): string {
  const root = postcss.parse(css);
  const readBy = new Map<string, string[]>();
  const needed = new Set<string>();
  const noteReads = (value: string) => {
    for (const name of propertiesRead(value)) needed.add(name);
  };
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--"))
      readBy.set(decl.prop, [...(readBy.get(decl.prop) ?? []), ...propertiesRead(decl.value)]);
    else noteReads(decl.value);
  });
  for (const other of alsoReadBy) postcss.parse(other).walkDecls((decl) => noteReads(decl.value));
  const pending = [...needed];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const read of readBy.get(name) ?? []) {
      if (!needed.has(read)) {
        needed.add(read);
        pending.push(read);
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--") && !needed.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  dropEmpty(root);
  return root.toString();
}

/** Removes at-rules (media queries, supports) that no longer hold anything. */
function dropEmpty(container: Container) {
  container.each((node) => {
    if (node.type !== "atrule" || !node.nodes) return;
    dropEmpty(node);
    if (node.nodes.length === 0) node.remove();
  });
}
