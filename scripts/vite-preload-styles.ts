import type { Plugin } from "vite";

/** A stylesheet link as Vite writes it into a built page's head. */
const stylesheetLink = /<link rel="stylesheet"((?: crossorigin)?) href="([^"]+)">/g;

/**
 * Turns a built page's stylesheet links into preloads, so that they no longer hold back the first paint: the page
 * paints the shell its HTML holds (pay.html) as soon as the HTML is in, one slow-network round trip earlier, and its
 * script applies the styles before it renders (src/checkout/preloaded-styles.ts).
 */
export function preloadStylesheets(): Plugin {
  return {
    name: "preload-stylesheets",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) => html.replace(stylesheetLink, '<link rel="preload" as="style"$1 href="$2">'),
    },
  };
}
