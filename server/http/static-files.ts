import { existsSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { checkoutPagePath } from "../../contracts/schemas/checkout.ts";
import { type BuiltFile, readBuiltFile, readBuiltFolder, sendBuiltFile } from "./built-files.ts";
import { withGoogleClientId } from "./google-client-meta.ts";
import { allowInline, type InlineHashes } from "./security-headers.ts";

const immutable = "public, max-age=31536000, immutable";
const revalidate = "no-cache";
const prerenderedFolder = "prerendered";

interface PageFile extends InlineHashes {
  /** Relative to dist/prerendered/. */
  file: string;
}

/** A public page the build rendered to HTML (scripts/prerender.ts), with the hashes of its inline scripts and styles. */
export interface PrerenderedPage extends PageFile {
  /** The page as it is with sign-in with Google on (/login's button), where that differs. */
  google?: PageFile;
}

interface PageEntry {
  file: string;
  scriptHashes: string[];
  styleHashes: string[];
}

interface LoadedPage extends InlineHashes {
  content: BuiltFile;
}

/** The hosted checkout page (pay.html, its own build): `/pay/` and one segment, the invoice id the page reads. */
const checkoutPage = new RegExp(`^${checkoutPagePath.replace("{invoiceId}", "[^/]+")}/?$`);

/** A page's path as the console's router matches it: any case, trailing slashes ignored. */
const pageKey = (path: string) => path.replace(/\/+$/, "").toLowerCase() || "/";

/** dist/prerendered/pages.json by page path; empty for a build without it (an older build, a test folder). */
export function readPrerenderedPages(root: string): Map<string, PrerenderedPage> {
  const manifest = join(root, prerenderedFolder, "pages.json");
  if (!existsSync(manifest)) return new Map();
  const { pages } = JSON.parse(readFileSync(manifest, "utf8")) as {
    pages: Record<string, PageEntry & { google?: PageEntry }>;
  };
  const pageFile = (page: PageEntry): PageFile => {
    if (!/^[\w./-]+\.html$/.test(page.file) || page.file.includes(".."))
      throw new Error(`${manifest}: ${page.file} is not a page file`);
    return { file: page.file, scripts: page.scriptHashes, styles: page.styleHashes };
  };
  return new Map(
    Object.entries(pages).map(([path, page]) => [
      pageKey(path),
      { ...pageFile(page), ...(page.google ? { google: pageFile(page.google) } : {}) },
    ]),
  );
}

export interface ConsolePagesOptions {
  /**
   * Sign-in with Google's client id: every page of the console names it (google-client-meta.ts) and the pages get
   * their variant with Google's button. Undefined: the pages as the build wrote them, without it.
   */
  googleClientId?: string;
}

export interface ConsolePages {
  /**
   * A page navigation that matched no file: the checkout page at its path, a prerendered page's HTML when the build
   * made one, else index.html.
   */
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
export function registerStaticFiles(
  app: FastifyInstance,
  staticDir: string,
  options: ConsolePagesOptions = {},
): ConsolePages {
  const { googleClientId } = options;
  const configured = (html: BuiltFile) => (googleClientId ? withGoogleClientId(html, googleClientId) : html);
  const root = resolve(staticDir);
  const files = readBuiltFolder(root, (urlPath) => urlPath === `/${prerenderedFolder}`);
  const built = files.get("/index.html");
  if (!built) throw new Error(`${join(root, "index.html")} is missing: run \`npm run build\` first`);
  const index = configured(built);
  files.set("/index.html", index);
  files.set("/", index);
  const checkout = files.get("/pay.html");
  const pages = new Map<string, LoadedPage>(
    [...readPrerenderedPages(root)].map(([path, page]) => {
      const { file, scripts, styles } = (googleClientId && page.google) || page;
      return [path, { scripts, styles, content: configured(readBuiltFile(join(root, prerenderedFolder, file))) }];
    }),
  );

  app.get("/*", (request, reply) => {
    const path = decodedPath(request.url);
    const file = path === undefined ? undefined : files.get(path);
    if (!file) return reply.callNotFound();
    return sendBuiltFile(request, reply, file, path?.startsWith("/assets/") ? immutable : revalidate);
  });
  return {
    send(request, reply) {
      const path = decodedPath(request.url) ?? "";
      if (checkout && checkoutPage.test(path)) return sendBuiltFile(request, reply, checkout, revalidate);
      const page = pages.get(pageKey(path));
      if (!page) return sendBuiltFile(request, reply, index, revalidate);
      allowInline(reply, page);
      return sendBuiltFile(request, reply, page.content, revalidate);
    },
  };
}

/** A page navigation that matched no file: a GET outside /api and /open that accepts HTML and names no file. */
export function wantsConsolePage(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = request.url.split("?")[0] ?? "";
  if (/^\/(api|open)(\/|$)/i.test(path) || basename(path).includes(".")) return false;
  const accept = request.headers.accept;
  return !accept || accept.includes("text/html") || accept.includes("*/*");
}
