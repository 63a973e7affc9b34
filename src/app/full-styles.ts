import blueprintCssUrl from "@blueprintjs/core/lib/css/blueprint.css?url";

/**
 * Blueprint's whole stylesheet. The prerendered public pages carry only a purged part of it inline
 * (`<style data-critical-blueprint>`, scripts/prerender/purge-blueprint.ts); the console, the demo and the
 * not-found page need the rest, so their route modules load it before they render. The built index.html
 * links it itself (`<link data-full-styles>`); in `vite dev` the entry loads it before the first render.
 */
export const fullStylesUrl = blueprintCssUrl;

const criticalSelector = "style[data-critical-blueprint]";
const linkSelector = "link[data-full-styles]";
const purgedSelector = "link[data-purged-styles]";
const loads = new WeakMap<Element, Promise<void>>();

function whenLoaded(link: HTMLLinkElement): Promise<void> {
  let promise = loads.get(link);
  if (!promise) {
    promise = link.sheet
      ? Promise.resolve()
      : new Promise<void>((done) => {
          // A failed stylesheet leaves the page as it is rather than blocking the route for ever.
          link.addEventListener("load", () => done(), { once: true });
          link.addEventListener("error", () => done(), { once: true });
        });
    loads.set(link, promise);
  }
  return promise;
}

/**
 * Adds the stylesheet once and resolves when it applies. It goes right after the purged Blueprint rules and
 * before the console's own styles, so the cascade is the same as with the whole file in place of the purged one.
 */
export function loadFullStyles(doc: Document = document): Promise<void> {
  const existing = doc.querySelector<HTMLLinkElement>(linkSelector);
  if (existing) return whenLoaded(existing);
  const link = doc.createElement("link");
  link.rel = "stylesheet";
  link.href = fullStylesUrl;
  link.setAttribute("data-full-styles", "");
  // After the purged rules, inline and linked: the whole file's order then decides every tie.
  const critical = doc.querySelector(purgedSelector) ?? doc.querySelector(criticalSelector);
  const firstStyles = doc.head.querySelector('style, link[rel="stylesheet"]');
  if (critical) critical.after(link);
  else if (firstStyles) firstStyles.before(link);
  else doc.head.append(link);
  return whenLoaded(link);
}

/** For a route outside the prerendered public pages: the whole stylesheet, when the page has only the purged part. */
export function ensureFullStyles(doc: Document = document): Promise<void> {
  return doc.querySelector(criticalSelector) ? loadFullStyles(doc) : Promise.resolve();
}

/** Whether the page has any Blueprint styles yet (none in `vite dev` before the entry adds them). */
export const hasBlueprintStyles = (doc: Document = document): boolean =>
  doc.querySelector(`${criticalSelector}, ${linkSelector}`) !== null;

/**
 * A prerendered page inlines only the light theme's purged rules; in the dark theme it needs the purged file
 * (light and dark rules, in Blueprint's order), which its head script links when the stored theme is dark and
 * this adds when the merchant turns the page dark. Elsewhere (whole stylesheet, `vite dev`, tests) nothing to do.
 */
export function ensureThemeStyles(dark: boolean, doc: Document = document): Promise<void> {
  const href = doc.documentElement.getAttribute("data-purged-styles");
  if (!dark || !href || !doc.querySelector(criticalSelector) || doc.querySelector(linkSelector))
    return Promise.resolve();
  let link = doc.querySelector<HTMLLinkElement>(purgedSelector);
  if (!link) {
    link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.setAttribute("data-purged-styles", "");
    doc.querySelector(criticalSelector)?.after(link);
  }
  return whenLoaded(link);
}
