// One prerendered page's HTML, made from Vite's index.html: the critical styles inline instead of the
// render-blocking stylesheet, the default variant's markup in #root (what a browser without scripts shows),
// the other variants as inert <template>s, the two inline scripts, and modulepreload hints for the page's own
// code. Every inline <style> and <script> is listed with its sha256 for the page's Content-Security-Policy.
import { createHash } from "node:crypto";

export interface PageVariant {
  /** `<locale>` or `<locale>-dark`. */
  key: string;
  markup: string;
  title: string;
}

export interface PageHtmlInput {
  /** dist/index.html as Vite wrote it. */
  indexHtml: string;
  /** The variant #root holds in the HTML; the others become templates. */
  defaultVariant: PageVariant;
  otherVariants: readonly PageVariant[];
  /** Blueprint's rules the public pages use in the light theme (scripts/prerender/purge-blueprint.ts). */
  blueprintCss: string;
  /** The console's own stylesheet (Vite's entry CSS). */
  appCss: string;
  headScript: string;
  bodyScript: string;
  /** The page's route module and the chunks it imports that index.html does not preload already. */
  modulePreloads: readonly string[];
}

export interface PageHtml {
  html: string;
  /** `'sha256-…'` sources for script-src and style-src. */
  scriptHashes: string[];
  styleHashes: string[];
}

export const cspHash = (text: string): string =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** Until the body script has put the right variant in #root, nothing of it paints. */
export const pickingCss = ".mc-picking #root{visibility:hidden}";

export function pageHtml(input: PageHtmlInput): PageHtml {
  const { indexHtml, defaultVariant } = input;
  for (const [name, text] of [
    ["style", input.blueprintCss + input.appCss],
    ["script", input.headScript + input.bodyScript],
  ] as const) {
    if (text.toLowerCase().includes(`</${name}`)) throw new Error(`an inline ${name} may not contain </${name}`);
  }
  const appStyles = `${input.appCss}\n${pickingCss}`;
  const head = [
    `<style data-critical-blueprint>${input.blueprintCss}</style>`,
    `<style data-app-styles>${appStyles}</style>`,
    `<script>${input.headScript}</script>`,
  ].join("\n    ");
  const preloads = input.modulePreloads
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`)
    .join("\n    ");
  const templates = input.otherVariants
    .map(
      (v) =>
        `<template data-variant="${escapeAttribute(v.key)}" data-title="${escapeAttribute(v.title)}">${v.markup}</template>`,
    )
    .join("");

  let html = indexHtml;
  // The entry's stylesheet blocks the first paint; its rules are inline now.
  const before = html;
  html = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, "");
  if (html === before) throw new Error("index.html has no stylesheet link to replace with the inline styles");
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeText(defaultVariant.title)}</title>\n    ${head}`);
  html = replaceOnce(html, /<\/head>/, preloads ? `  ${preloads}\n  </head>` : "</head>");
  html = replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" data-prerendered data-variant="${escapeAttribute(defaultVariant.key)}">${defaultVariant.markup}</div>${templates}<script>${input.bodyScript}</script>`,
  );
  return {
    html,
    scriptHashes: [cspHash(input.headScript), cspHash(input.bodyScript)],
    styleHashes: [cspHash(input.blueprintCss), cspHash(appStyles)],
  };
}

function replaceOnce(html: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(html)) throw new Error(`index.html has no ${pattern.source}`);
  return html.replace(pattern, () => replacement);
}
