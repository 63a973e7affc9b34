// After `vite build` (npm run build): renders the public entry pages (/login, /register, /forget, /home,
// /products/enterprise-pack) to HTML with the console's own components, in each of the six locales (and the
// dark theme where a page's markup differs), with the critical CSS inline, into dist/prerendered/, and writes
// dist/prerendered/pages.json, from which the server serves them with the sha256 of their inline scripts and
// styles in the Content-Security-Policy (server/http/static-files.ts). A page that sign-in with Google changes
// (/login, its button) is rendered a second time with it on, into <page>.google.html: the server sends the one
// its own Google settings match, so one build serves deployments with and without Google. dist/index.html, which
// the server sends for every other page, gets Blueprint's whole stylesheet as a render-blocking link.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { minifySync } from "vite";
import { type PageVariant, pageHtml } from "./prerender/page-html.ts";
import { bodyScript, type HeadScriptConfig, headScript, scriptCall } from "./prerender/page-scripts.ts";
import {
  blueprintSafelist,
  classesInMarkup,
  dropUnreadCustomProperties,
  lightThemeRules,
  purgeBlueprintCss,
} from "./prerender/purge-blueprint.ts";
import { loadRenderer, type RenderModule } from "./prerender/renderer.ts";

const repoRoot = resolve(import.meta.dirname, "..");
const dist = resolve(process.argv[2] ?? join(repoRoot, "dist"));

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const read = (path: string) => readFileSync(path, "utf8");
const gzipBytes = (text: string) => gzipSync(text, { level: 9 }).length;

function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) chunkFiles(manifest, imported, seen);
  return seen;
}

const fileOf = (manifest: Manifest, key: string): string => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the Vite manifest has no ${key}`);
  return `/${chunk.file}`;
};

// The markup never shows the client id (the server names it in a meta tag, server/http/google-client-meta.ts).
const anyGoogleClientId = "prerender.apps.googleusercontent.com";

interface RenderedVariants {
  themed: boolean;
  variants: PageVariant[];
}

/** A page in every locale and both themes; a page whose dark markup is the light one keeps one variant. */
async function renderVariants(renderer: RenderModule, path: string, googleClientId: string): Promise<RenderedVariants> {
  const light: PageVariant[] = [];
  const dark: PageVariant[] = [];
  for (const locale of renderer.locales) {
    light.push({ key: locale, ...(await renderer.renderPage(path, locale, "light", googleClientId)) });
    dark.push({ key: `${locale}-dark`, ...(await renderer.renderPage(path, locale, "dark", googleClientId)) });
  }
  const themed = dark.some((variant, i) => variant.markup !== light[i]?.markup);
  return { themed, variants: themed ? [...light, ...dark] : light };
}

const minified = (name: string, code: string): string => {
  const result = minifySync(name, code);
  if (result.errors?.length) throw new Error(`${name}: ${result.errors.map((e) => e.message).join("; ")}`);
  return result.code.trim();
};

async function main() {
  const manifestPath = join(dist, ".vite", "manifest.json");
  const manifest = JSON.parse(read(manifestPath)) as Manifest;
  const indexHtml = read(join(dist, "index.html"));
  const appCssHref = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(indexHtml)?.[1];
  if (!appCssHref) throw new Error("dist/index.html links no stylesheet");
  const appCss = read(join(dist, appCssHref));
  const fullKey = Object.keys(manifest).find((key) => key.endsWith("@blueprintjs/core/lib/css/blueprint.css"));
  if (!fullKey)
    throw new Error("the Vite manifest has no Blueprint stylesheet (src/app/full-styles.ts imports it with ?url)");
  const fullCssHref = fileOf(manifest, fullKey);
  const fullCss = read(join(dist, fullCssHref));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith("index.html"));
  if (!entryKey) throw new Error("the Vite manifest has no index.html entry");
  const entryChunks = chunkFiles(manifest, entryKey);

  const { renderer, cleanup } = await loadRenderer();
  try {
    const { Classes, prerenderedPages, locales, defaultLocale } = renderer;
    const darkClass = String(Classes.DARK);

    const rendered = [];
    for (const page of prerenderedPages) {
      const plain = await renderVariants(renderer, page.path, "");
      // Whether Google's button changes the page, told by its first variant.
      const probe = await renderer.renderPage(page.path, defaultLocale, "light", anyGoogleClientId);
      const google =
        probe.markup === plain.variants[0]?.markup
          ? null
          : await renderVariants(renderer, page.path, anyGoogleClientId);
      rendered.push({ page, plain, google });
    }

    // One purge for both: the inline rules and their hashes are the same whichever page the server sends.
    const blueprintCss = dropUnreadCustomProperties(
      purgeBlueprintCss(fullCss, {
        ...classesInMarkup([
          ...rendered.flatMap((r) => [r.plain, r.google].flatMap((f) => f?.variants.map((v) => v.markup) ?? [])),
          await renderer.renderRunTimeStates(),
        ]),
        safelist: blueprintSafelist(Classes),
      }),
      [appCss],
    );

    // The public part of each locale (src/i18n/locale-parts.ts); the console part comes with the console's pages.
    // The purged rules as a file of their own, named by their content: what a dark page loads (render-blocking,
    // from its head script) or a page switched to dark; the light rules of it are inline in every page.
    const purgedCssHref = `/assets/blueprint-public-${createHash("sha256").update(blueprintCss).digest("base64url").slice(0, 10)}.css`;
    writeFileSync(join(dist, purgedCssHref), blueprintCss);
    // The dark theme's tokens go with its rules: the purged file brings them when the page turns dark.
    const lightCss = dropUnreadCustomProperties(lightThemeRules(blueprintCss, darkClass), [appCss]);

    const fallback = fileOf(manifest, `locales/${defaultLocale}.public.js`);
    const localeModules = Object.fromEntries(
      locales.map((locale) => {
        const own = fileOf(manifest, `locales/${locale}.public.js`);
        return [locale, locale === defaultLocale ? [own] : [own, fallback]];
      }),
    );
    const body = minified("body.js", scriptCall(bodyScript, darkClass));

    type PageFile = { file: string; scriptHashes: string[]; styleHashes: string[] };
    const pages: Record<string, PageFile & { google?: PageFile }> = {};
    const out = process.stdout;
    out.write(
      `prerender: Blueprint CSS purged to ${(blueprintCss.length / 1000).toFixed(1)} kB (${(gzipBytes(blueprintCss) / 1000).toFixed(1)} kB gzip) of ${(fullCss.length / 1000).toFixed(1)} kB → ${purgedCssHref}; its light-theme rules inline: ${(lightCss.length / 1000).toFixed(1)} kB (${(gzipBytes(lightCss) / 1000).toFixed(1)} kB gzip)\n`,
    );
    const writePage = (
      page: (typeof prerenderedPages)[number],
      { themed, variants }: RenderedVariants,
      suffix: string,
    ) => {
      const headConfig: HeadScriptConfig = {
        locales,
        defaultLocale,
        themed,
        leavesWhenSignedIn: page.leavesWhenSignedIn,
        localeModules,
        darkClass,
        purgedCssHref,
      };
      const own = [...chunkFiles(manifest, page.module)].filter((key) => !entryChunks.has(key));
      const [defaultVariant, ...otherVariants] = variants;
      if (defaultVariant?.key !== defaultLocale)
        throw new Error(`${page.path}: the first variant must be ${defaultLocale}`);
      const result = pageHtml({
        indexHtml,
        defaultVariant,
        otherVariants,
        blueprintCss: lightCss,
        appCss,
        headScript: minified("head.js", scriptCall(headScript, headConfig)),
        bodyScript: body,
        // Only the page's own code: the entry's chunks are in index.html already, and the locale's the head script adds.
        modulePreloads: own.map((key) => fileOf(manifest, key)),
      });
      const file = `${page.path.replace(/^\//, "")}${suffix}.html`;
      const target = join(dist, "prerendered", file);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, result.html);
      out.write(
        `prerender: ${page.path} → dist/prerendered/${file}, ${variants.length} variants, ${(result.html.length / 1000).toFixed(1)} kB (${(gzipBytes(result.html) / 1000).toFixed(1)} kB gzip)\n`,
      );
      return { file, scriptHashes: result.scriptHashes, styleHashes: result.styleHashes };
    };
    for (const { page, plain, google } of rendered) {
      pages[page.path] = {
        ...writePage(page, plain, ""),
        ...(google ? { google: writePage(page, google, ".google") } : {}),
      };
    }
    writeFileSync(join(dist, "prerendered", "pages.json"), `${JSON.stringify({ pages }, null, 2)}\n`);

    // Every other page starts from index.html with the whole of Blueprint's rules, before the console's own.
    const linked = indexHtml.replace(
      /(\s*)(<link rel="stylesheet")/,
      `$1<link rel="stylesheet" href="${fullCssHref}" data-full-styles>$1$2`,
    );
    writeFileSync(join(dist, "index.html"), linked);
    // The manifest was for this step only; the server would otherwise publish it.
    rmSync(join(dist, ".vite"), { recursive: true, force: true });
  } finally {
    cleanup();
  }
}

await main();
