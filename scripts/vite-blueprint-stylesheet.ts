// Blueprint's whole stylesheet, which the console's pages load (src/app/full-styles.ts imports it with `?url`), is
// built without the rules of Blueprint's attribute dark switch: `[data-bp-color-scheme=dark]` is set by neither the
// console nor Blueprint's code (scripts/prerender/purge-blueprint.ts), so a tenth of the file could never apply and
// was still downloaded and parsed on every cold load of the console. Vite turns the `?url` import into its CSS
// pipeline's `?transform-only` module; the rules go before that pipeline minifies and hashes the file. `vite dev`
// serves the file as published.
import type { Plugin } from "vite";
import { withoutColorSchemeAttribute } from "./prerender/purge-blueprint.ts";

const stylesheet = "/@blueprintjs/core/lib/css/blueprint.css";

export function blueprintStylesheet(): Plugin {
  return {
    name: "blueprint-whole-stylesheet",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      const [file = "", query = ""] = id.split("?");
      // The `?url` module itself is Vite's JavaScript that points at the stylesheet.
      if (!file.endsWith(stylesheet) || query === "url") return null;
      return { code: withoutColorSchemeAttribute(code), map: null };
    },
  };
}
