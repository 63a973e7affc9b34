import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import { contentType } from "mime-types";

type Encoding = "br" | "gzip";

/**
 * One file of the built console, read once when the server starts, with the brotli and gzip copies
 * scripts/precompress.mjs wrote beside it. A build does not change under a running server (`npm start` builds,
 * then starts; a deploy restarts), so answering from memory costs no disk access, stream or stat per request.
 */
export interface BuiltFile {
  identity: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  type: string;
  /** Weak: the br, gzip and plain answers carry the same one. */
  etag: string;
}

const preferred: Encoding[] = ["br", "gzip"];
const negotiators = new Map<string, Negotiator<Encoding>>();

/** The best encoding the request accepts among those the file has; undefined: send it as it is. */
function chooseEncoding(acceptEncoding: string | undefined, file: BuiltFile): Encoding | undefined {
  const offered = preferred.filter((encoding) => file.encoded[encoding]);
  if (!acceptEncoding || offered.length === 0) return undefined;
  const key = offered.join(",");
  let negotiator = negotiators.get(key);
  if (!negotiator) {
    negotiator = new Negotiator({ supportedValues: offered, cache: new Map() });
    negotiators.set(key, negotiator);
  }
  return negotiator.negotiate(acceptEncoding) ?? undefined;
}

const builtFile = (identity: Buffer, encoded: BuiltFile["encoded"], type: string): BuiltFile => ({
  identity,
  encoded,
  type,
  etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 22)}"`,
});

export function readBuiltFile(path: string): BuiltFile {
  const identity = readFileSync(path);
  const encoded: BuiltFile["encoded"] = {};
  if (existsSync(`${path}.br`)) encoded.br = readFileSync(`${path}.br`);
  if (existsSync(`${path}.gz`)) encoded.gzip = readFileSync(`${path}.gz`);
  return builtFile(identity, encoded, contentType(path.split(sep).pop() ?? "") || "application/octet-stream");
}

/**
 * `file` with other content, compressed again in the encodings the build gave it and as scripts/precompress.mjs
 * does (brotli at its best, gzip 9): for a page the server changes once at start.
 */
export function replacedContent(file: BuiltFile, identity: Buffer): BuiltFile {
  const encoded: BuiltFile["encoded"] = {};
  if (file.encoded.br)
    encoded.br = brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    });
  if (file.encoded.gzip) encoded.gzip = gzipSync(identity, { level: 9 });
  return builtFile(identity, encoded, file.type);
}

/**
 * Every file under `root` by its URL path (`/assets/app-1a2b.js`), except the folders `skip` names, the
 * precompressed copies (answered in their file's place) and dotfiles (a `.git` or `.env` if STATIC_DIR ever
 * pointed at a checkout). A folder is never listed.
 */
export function readBuiltFolder(
  root: string,
  skip: (urlPath: string) => boolean = () => false,
): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const urlPath = `/${relative(root, path).split(sep).join("/")}`;
      if (entry.name.startsWith(".") || skip(urlPath)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !(/\.(br|gz)$/.test(entry.name) && existsSync(path.replace(/\.(br|gz)$/, "")))) {
        files.set(urlPath, readBuiltFile(path));
      }
    }
  };
  walk(root);
  return files;
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): `W/"x"` and `"x"` are the same tag. */
const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, "");
const matchesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  (ifNoneMatch?.split(",") ?? []).some((tag) => tag.trim() === "*" || opaqueTag(tag) === opaqueTag(etag));

/** The file in the encoding the request accepts, or 304 when the browser's copy is this one. */
export function sendBuiltFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: BuiltFile,
  cacheControl: string,
): FastifyReply {
  reply.header("cache-control", cacheControl).header("etag", file.etag).header("vary", "accept-encoding");
  if (matchesEtag(request.headers["if-none-match"], file.etag)) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers["accept-encoding"], file);
  reply.header("content-type", file.type);
  if (!encoding) return reply.send(file.identity);
  return reply.header("content-encoding", encoding).send(file.encoded[encoding]);
}
