import { basename, relative, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const immutable = "public, max-age=31536000, immutable";

/** The built console: hashed /assets/* cached for a year, everything else revalidated. */
export async function registerStaticFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = resolve(staticDir);
  const assets = resolve(root, "assets");
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    cacheControl: false,
    index: ["index.html"],
    // scripts/precompress.mjs writes .br and .gz beside each file at build time.
    preCompressed: true,
    setHeaders(reply, path) {
      const inAssets = !relative(assets, path).startsWith("..") && path.startsWith(`${assets}${sep}`);
      reply.header("cache-control", inAssets ? immutable : "no-cache");
    },
  });
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
