// The two small inline scripts of a prerendered page. They run before the first paint and do what the
// console's first render would otherwise decide later: which language and theme the merchant stored, and
// whether a signed-in visitor should see the page at all. Each is serialised with its configuration into the
// HTML (scripts/prerender/page-html.ts) and allowed by its sha256 in the page's Content-Security-Policy.
// They must stay self-contained: only their own parameters and the browser's globals.

export interface HeadScriptConfig {
  /** The locales a page exists in (spec section 9: the stored `arco-locale`, else en-US). */
  locales: readonly string[];
  defaultLocale: string;
  /** Whether the page's markup differs in the dark theme (its variants are then `<locale>-dark`). */
  themed: boolean;
  /** /login: a stored token means the guard sends the visitor on, so nothing of the page may paint. */
  leavesWhenSignedIn: boolean;
  /** The locale chunks the console will import first (the locale, and en-US as its fallback), to preload now. */
  localeModules: Readonly<Record<string, readonly string[]>>;
  /** Blueprint's dark-theme class (`Classes.DARK`). */
  darkClass: string;
  /** The purged Blueprint rules as a file (light and dark); the page inlines only their light-theme part. */
  purgedCssHref: string;
}

/**
 * In <head>, before anything of <body> can paint: hides #root until the body script has chosen its content,
 * puts the stored locale on <html lang> and the stored theme and colours on <html> (as the console's
 * useDocumentSettings will), links the dark theme's rules when the theme is dark, and starts fetching the
 * locale's chunks. It writes its choice to
 * `<html data-page-variant>`: the variant to show, or "" for none (a signed-in visit of /login).
 */
export function headScript(config: HeadScriptConfig, win: Window = window): void {
  const doc = win.document;
  const html = doc.documentElement;
  html.classList.add("mc-picking");
  const read = (key: string): string | null => {
    try {
      return win.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const storedLocale = read("arco-locale");
  const locale = storedLocale !== null && config.locales.includes(storedLocale) ? storedLocale : config.defaultLocale;
  let settings: { theme?: unknown; themeColor?: unknown; colorWeak?: unknown } | null = null;
  try {
    const parsed: unknown = JSON.parse(read("app-settings") ?? "null");
    if (parsed && typeof parsed === "object") settings = parsed;
  } catch {
    settings = null;
  }
  const dark = settings?.theme === "dark";
  html.lang = locale;
  html.classList.toggle(config.darkClass, dark);
  // Where the console finds the purged rules when the merchant turns the page dark (src/app/full-styles.ts).
  html.setAttribute("data-purged-styles", config.purgedCssHref);
  if (dark) {
    // The dark rules before the first paint: a stylesheet a script adds blocks rendering only when it says so.
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = config.purgedCssHref;
    link.setAttribute("blocking", "render");
    link.setAttribute("data-purged-styles", "");
    const critical = doc.querySelector("style[data-critical-blueprint]");
    if (critical) critical.after(link);
    else doc.head.append(link);
  }
  html.style.colorScheme = dark ? "dark" : "light";
  if (typeof settings?.themeColor === "string" && /^#[0-9a-fA-F]{6}$/.test(settings.themeColor))
    html.style.setProperty("--mc-primary", settings.themeColor);
  if (settings?.colorWeak === true) html.style.filter = "invert(80%)";
  const signedIn = Boolean(read("token"));
  html.setAttribute(
    "data-page-variant",
    config.leavesWhenSignedIn && signedIn ? "" : locale + (config.themed && dark ? "-dark" : ""),
  );
  for (const href of config.localeModules[locale] ?? []) {
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * Right after #root (which holds the default variant, so a browser without scripts shows it): puts the chosen
 * variant's markup from its <template> in #root, or empties it (then the console renders instead of hydrating),
 * sets the tab's title, fills in what the page shows from storage (`data-stored-value`, `data-stored-checked`),
 * drops the templates and shows #root.
 */
export function bodyScript(darkClass: string, win: Window = window): void {
  const doc = win.document;
  const html = doc.documentElement;
  // Until the console has taken the page over (src/main.tsx marks <html data-hydrated>), a form sent by Enter or
  // a click would go as the browser's own GET of the page: a reload that loses what was typed. It is held back and
  // marked; the form sends it again once React has it (useHeldSubmit, src/ui/before-hydration.ts).
  doc.addEventListener(
    "submit",
    (event) => {
      if (html.hasAttribute("data-hydrated")) return;
      event.preventDefault();
      const form = event.target as Element | null;
      form?.setAttribute("data-held-submit", "");
    },
    true,
  );
  try {
    doc.body.classList.toggle(darkClass, html.classList.contains(darkClass));
    const root = doc.getElementById("root");
    const wanted = html.getAttribute("data-page-variant");
    if (root && wanted !== null && wanted !== root.getAttribute("data-variant")) {
      const template = wanted ? doc.querySelector<HTMLTemplateElement>(`template[data-variant="${wanted}"]`) : null;
      root.replaceChildren();
      if (template) {
        root.append(template.content.cloneNode(true));
        root.setAttribute("data-variant", wanted);
        doc.title = template.getAttribute("data-title") ?? doc.title;
      } else {
        root.removeAttribute("data-variant");
        root.removeAttribute("data-prerendered");
      }
    }
    // What the first render will show from storage (the remembered e-mail on /login), so hydration meets it.
    const read = (key: string | null): string | null => {
      try {
        return key ? win.localStorage.getItem(key) : null;
      } catch {
        return null;
      }
    };
    for (const input of root?.querySelectorAll("[data-stored-value]") ?? []) {
      const value = read(input.getAttribute("data-stored-value"));
      if (value) input.setAttribute("value", value);
    }
    for (const box of root?.querySelectorAll("[data-stored-checked]") ?? []) {
      if (read(box.getAttribute("data-stored-checked")) !== null) box.setAttribute("checked", "");
    }
    for (const template of doc.querySelectorAll("template[data-variant]")) template.remove();
  } finally {
    html.classList.remove("mc-picking");
  }
}

/** A call of one of the functions above as inline script text (minified by the caller). */
export function scriptCall(fn: (...args: never[]) => void, ...args: unknown[]): string {
  return `(${fn.toString()})(${args.map((arg) => JSON.stringify(arg)).join(",")});`;
}
