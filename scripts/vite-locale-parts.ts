import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { type LocalePart, localePart } from "../src/i18n/locale-parts.ts";

const prefix = "locale-part:";
const locales = fileURLToPath(new URL("../locales/", import.meta.url));

/**
 * Answers `import("locale-part:<locale>/<part>")` with that part of locales/<locale>.json
 * (src/i18n/locale-parts.ts), as a module of its own: each part is its own chunk, named after the locale and part.
 * The resolved id is a file-like path next to the locale file so that the build's manifest names it plainly
 * (`locales/en-US.public.js`) and a change to the locale file rebuilds it.
 */
export const localeParts = (): Plugin => ({
  name: "locale-parts",
  enforce: "pre",
  resolveId(source, _importer, options) {
    // What this returns, as a module runner hands it back root-relative (`/locales/en-US.public.js`).
    const again = /^\/locales\/([a-z]{2}-[A-Z]{2})\.(public|console|checkout)\.js$/.exec(source);
    if (again) return `${locales}${again[1]}.${again[2]}.js`;
    if (!source.startsWith(prefix)) return null;
    const [locale, part] = source.slice(prefix.length).split("/");
    if (
      !locale ||
      (part !== "public" && part !== "console" && part !== "checkout") ||
      !/^[a-z]{2}-[A-Z]{2}$/.test(locale)
    )
      return null;
    // Vite's dependency scan (vite dev) reads what it resolves from disk, where this file is not, and would fail as a
    // whole. A part imports nothing, so the scan passes it by: an id that is the specifier itself it leaves out.
    if ((options as { scan?: boolean }).scan) return source;
    return `${locales}${locale}.${part}.js`;
  },
  load(id) {
    // The runner may hand the id back root-relative (`/locales/en-US.public.js`): the name is what counts.
    const match = /\/locales\/([a-z]{2}-[A-Z]{2})\.(public|console|checkout)\.js$/.exec(id);
    if (!match) return null;
    const [, locale, part] = match;
    const file = `${locales}${locale}.json`;
    this.addWatchFile(file);
    const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    return `export default ${JSON.stringify(localePart(messages, part as LocalePart))};\n`;
  },
});
