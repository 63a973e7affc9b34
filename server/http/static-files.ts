import { existsSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type BuiltFile, readBuiltFile, readBuiltFolder, sendBuiltFile } from "./built-files.ts";
import { allowInline, type InlineHashes } from "./security-headers.ts";

const immutable = "public, max-age=31536000, immutable";
const revalidate = "no-cache";
const prerenderedFolder = "prerendered";

/** A public page the build rendered to HTML (scripts/prerender.ts), with the hashes of its inline scripts and styles. */
export interface PrerenderedPage extends InlineHashes {
  /** Relative to dist/prerendered/. */
  file: string;
}

interface LoadedPage extends InlineHashes {
  content: BuiltFile;
}

/** A page's path as the console's router matches it: any case, trailing slashes ignored. */
const pageKey = (path: string) => path.replace(/\/+$/, "").toLowerCase() || "/";

/** dist/prerendered/pages.json by page path; empty for a build without it (an older build, a test folder). */
export function readPrerenderedPages(root: string): Map<string, PrerenderedPage> {
  const manifest = join(root, prerenderedFolder, "pages.json");
  if (!existsSync(manifest)) return new Map();
  const { pages } = JSON.parse(readFileSync(manifest, "utf8")) as {
    pages: Record<string, { file: string; scriptHashes: string[]; styleHashes: string[] }>;
  };
  return new Map(
    Object.entries(pages).map(([path, page]) => {
      if (!/^[\w./-]+\.html$/.test(page.file) || page.file.includes(".."))
        throw new Error(`${manifest}: ${page.file} is not a page file`);
      return [pageKey(path), { file: page.file, scripts: page.scriptHashes, styles: page.styleHashes }];
    }),
  );
}

export interface ConsolePages {
  /** A page navigation that matched no file: its prerendered HTML when the build made one, else index.html. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/** The path of a request, decoded; undefined when it does not decode (it then names no file). */
function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split("?")[0] ?? "");
  } catch {
    return undefined;
  }
}

/**
 * The built console, read into memory at start (built-files.ts): hashed /assets/* cached for a year, everything
 * else revalidated. The prerendered pages are answered at their own paths only (with their inline hashes in the
 * CSP), never as files.
 */
export function registerStaticFiles(app: FastifyInstance, staticDir: string): ConsolePages {
  const root = resolve(staticDir);
  const files = readBuiltFolder(root, (urlPath) => urlPath === `/${prerenderedFolder}`);
  const index = files.get("/index.html");
  if (!index) throw new Error(`${join(root, "index.html")} is missing: run \`npm run build\` first`);
  files.set("/", index);
  const pages = new Map<string, LoadedPage>(
    [...readPrerenderedPages(root)].map(([path, page]) => [
      path,
      { ...page, content: readBuiltFile(join(root, prerenderedFolder, page.file)) },
    ]),
  );

  app.get("/*", (request, reply) => {
    const path = decodedPath(request.url);
    const file = path === undefined ? undefined : files.get(path);
    if (!file) return reply.callNotFound();
    return sendBuiltFile(request, reply, file, path?.startsWith("/assets/") ? immutable : revalidate);
  });
  return {
    send(request, reply) {
      const page = pages.get(pageKey(decodedPath(request.url) ?? ""));
      if (!page) return sendBuiltFile(request, reply, index, revalidate);
      allowInline(reply, page);
      return sendBuiltFile(request, reply, page.content, revalidate);
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
