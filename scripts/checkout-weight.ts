/**
 * The hosted checkout page's weight budget, checked by `npm run build` right after its own Vite build
 * (vite.checkout.config.ts): the JS and CSS a first visit to /pay/{invoiceId} downloads, each file at gzip level 9
 * (bench/login-bench.ts's measure), must stay within the budget. The page loads its entry with every chunk it imports
 * and their CSS, then one language's checkout part and English's: the largest language is counted.
 * `node scripts/checkout-weight.ts dist`; fails the build when over.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Half of what /login may load (its goal: 170,000 B, docs/benchmarks.md), as the issue that asked for the page set it.
 * With react-dom the page weighed 112 kB (react-dom and React 69 of it); on Preact's compatible layer
 * (vite.checkout.config.ts) it weighed about 52 kB: Preact 4, i18next 18, zod and the contract's schemas 10, the QR
 * encoder 9, its own code, CSS and languages 9; rendered from its machine (machines/checkout/), 69 kB: XState and its
 * React binding 17 more.
 */
export const checkoutBudgetGzip9 = 85_000;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface CheckoutWeight {
  /** Files a first visit downloads, relative to dist/, with their gzip-9 sizes. */
  files: { file: string; gzip9Bytes: number }[];
  totalGzip9Bytes: number;
}

/** A checkout part of a locale, as scripts/vite-locale-parts.ts names its module. */
const localePart = /^locales\/[a-z]{2}-[A-Z]{2}\.checkout\.js$/;
const english = /^locales\/en-US\./;

function staticClosure(manifest: Manifest, key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
}

export function checkoutWeight(manifest: Manifest, gzip9OfFile: (file: string) => number): CheckoutWeight {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith("pay.html"));
  if (!entry) throw new Error("checkout-weight: the checkout build's manifest has no pay.html entry");
  const keys = new Set<string>();
  staticClosure(manifest, entry, keys);
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  const parts = Object.entries(manifest).filter(([key]) => localePart.test(key));
  const englishPart = parts.find(([key]) => english.test(key))?.[1].file;
  if (!englishPart) throw new Error("checkout-weight: the manifest has no English checkout part");
  const largestOther = parts
    .filter(([key]) => !english.test(key))
    .map(([, chunk]) => chunk.file)
    .sort((a, b) => gzip9OfFile(b) - gzip9OfFile(a))[0];
  for (const part of [englishPart, largestOther]) if (part) files.add(part);
  const weighed = [...files].map((file) => ({ file, gzip9Bytes: gzip9OfFile(file) }));
  return { files: weighed, totalGzip9Bytes: weighed.reduce((sum, f) => sum + f.gzip9Bytes, 0) };
}

/**
 * What keeps the page's first paint one round trip after its HTML (docs/benchmarks.md): the HTML holds a shell to
 * paint, and no stylesheet holds the paint back (vite-preload-styles.ts turns them into preloads). Answers what is wrong.
 */
export function firstPaintProblems(payHtml: string): string[] {
  const problems: string[] = [];
  if (!payHtml.includes("data-checkout-shell")) problems.push("pay.html has no shell to paint (data-checkout-shell)");
  if (/<link[^>]*rel="stylesheet"/.test(payHtml)) problems.push("pay.html links a render-blocking stylesheet");
  if (!/<link rel="preload" as="style"/.test(payHtml)) problems.push("pay.html preloads no stylesheet");
  return problems;
}

function main(dist: string) {
  const manifestPath = join(dist, ".vite", "checkout-manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`checkout-weight: ${manifestPath} is missing: run the checkout build`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const weight = checkoutWeight(manifest, (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  // The manifest was for this step only; the server would otherwise publish it.
  rmSync(manifestPath, { force: true });
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const line = `checkout-weight: /pay loads ${weight.files.length} JS and CSS files, ${kB(weight.totalGzip9Bytes)} gzip-9 (budget ${kB(checkoutBudgetGzip9)})`;
  if (weight.totalGzip9Bytes > checkoutBudgetGzip9) {
    process.stderr.write(
      `${line}: OVER BUDGET\n${weight.files.map((f) => `  ${f.file} ${kB(f.gzip9Bytes)}`).join("\n")}\n`,
    );
    process.exit(1);
  }
  const paintProblems = firstPaintProblems(readFileSync(join(dist, "pay.html"), "utf8"));
  if (paintProblems.length > 0) {
    process.stderr.write(`checkout-weight: ${paintProblems.join("; ")}\n`);
    process.exit(1);
  }
  process.stdout.write(`${line}\n`);
}

if (import.meta.main) main(process.argv[2] ?? "dist");
