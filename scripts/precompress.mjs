// After `vite build`: brotli (max quality) and gzip copies of every text file in dist/, so the server sends
// the smallest encoding without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = process.argv[2] ?? "dist";
const textFile = /\.(js|css|html|svg|json|txt|map)$/;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (textFile.test(name)) {
      const body = readFileSync(path);
      if (body.length < 1024) continue;
      const br = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      before += body.length;
      after += br.length;
    }
  }
}

walk(root);
console.log(`precompress: ${(before / 1024).toFixed(1)} kB of text → ${(after / 1024).toFixed(1)} kB brotli`);
