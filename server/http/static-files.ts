import { existsSync, readFileSync } from "node:fs";
import { basename, join, relative, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { allowInline, type InlineHashes } from "./security-headers.ts";

const immutable = "public, max-age=31536000, immutable";
const prerenderedFolder = "prerendered";

/** A public page the build rendered to HTML (scripts/prerender.ts), with the hashes of its inline scripts and styles. */
export interface PrerenderedPage extends InlineHashes {
  /** Relative to dist/prerendered/. */
  file: string;
}

/** A page's path as the console's router matches it: any case, trailing slashes ignored. */
const pageKey = (path: string) => path.replace(/\/+$/, "").toLowerCase() || "/";

/** dist/prerendered/pages.json by page path; empty for a build without it (an older build, a test folder). */
export function readPrerenderedPages(root: string): Map<string, PrerenderedPage> {
  const manifest = join(root, prerenderedFolder, "pages.json");
  if (!existsSync(manifest)) return new Map();
  const { pages } = JSON.parse(readFileSync(manifest, "utf8")) as { pages: Record<string, { file: string; scriptHashes: string[]; styleHashes: string[] }> };
  return new Map(
    Object.entries(pages).map(([path, page]) => {
      if (!/^[\w./-]+\.html$/.test(page.file) || page.file.includes("..")) throw new Error(`${manifest}: ${page.file} is not a page file`);
      return [pageKey(path), { file: page.file, scripts: page.scriptHashes, styles: page.styleHashes }];
    }),
  );
}

export interface ConsolePages {
  /** A page navigation that matched no file: its prerendered HTML when the build made one, else index.html. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/**
 * The built console: hashed /assets/* cached for a year, everything else revalidated. The prerendered pages
 * are answered at their own paths only (with their inline hashes in the CSP), never as files.
 */
export async function registerStaticFiles(app: FastifyInstance, staticDir: string): Promise<ConsolePages> {
  const root = resolve(staticDir);
  const assets = resolve(root, "assets");
  const prerendered = readPrerenderedPages(root);
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    cacheControl: false,
    index: ["index.html"],
    // scripts/precompress.mjs writes .br and .gz beside each file at build time.
    preCompressed: true,
    allowedPath: (pathName) => !pageKey(pathName).startsWith(`/${prerenderedFolder}/`),
    setHeaders(reply, path) {
      const inAssets = !relative(assets, path).startsWith("..") && path.startsWith(`${assets}${sep}`);
      reply.header("cache-control", inAssets ? immutable : "no-cache");
    },
  });
  return {
    send(request, reply) {
      const page = prerendered.get(pageKey(request.url.split("?")[0] ?? ""));
      if (!page) return sendConsolePage(reply);
      allowInline(reply, page);
      // Its own root: the files under it are refused at their own URL (allowedPath above).
      return reply.header("cache-control", "no-cache").sendFile(page.file, join(root, prerenderedFolder));
    },
  };
}

/** A page navigation that matched no file: a GET outside /api that accepts HTML and names no file. */
export function wantsConsolePage(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = request.url.split("?")[0] ?? "";
  if (/^\/api(\/|$)/i.test(path) || basename(path).includes(".")) return false;
  const accept = request.headers.accept;
  return !accept || accept.includes("text/html") || accept.includes("*/*");
}

export const sendConsolePage = (reply: FastifyReply) => reply.header("cache-control", "no-cache").sendFile("index.html");
