// After `vite build`: brotli (max quality) and gzip copies of every text file in dist/, so the server sends
// the smallest encoding without compressing on each request. The files are compressed side by side on libuv's
// thread pool: on two cores the build's last step took 6.8 s on one (brotli at quality 11 is most of the build's
// own CPU after Vite), and the journeys wait for it.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const root = process.argv[2] ?? "dist";
const textFile = /\.(js|css|html|svg|json|txt|map)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function textFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return textFiles(path);
    return textFile.test(name) ? [path] : [];
  });
}

async function compress(path) {
  const body = readFileSync(path);
  if (body.length < 1024) return { before: 0, after: 0 };
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: 9 }),
  ]);
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gz);
  return { before: body.length, after: br.length };
}

const sizes = await Promise.all(textFiles(root).map(compress));
const before = sizes.reduce((sum, size) => sum + size.before, 0);
const after = sizes.reduce((sum, size) => sum + size.after, 0);
console.log(`precompress: ${(before / 1024).toFixed(1)} kB of text → ${(after / 1024).toFixed(1)} kB brotli`);
