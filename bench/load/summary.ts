/** Medians of a series of cold loads, and plain-text tables. */
import type { LoadFigures } from "./cold-load.ts";

export function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (!known.length) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid]! : Math.round(((known[mid - 1]! + known[mid]!) / 2) * 10) / 10;
}

export interface Summary {
  loads: number;
  fcpMs: number | null;
  readyMs: number | null;
  interactiveMs: number | null;
  /** Loads in which each time was measured (a missing one is left out of its median). */
  measured: { fcp: number; ready: number; interactive: number };
  framework: string | null;
  jsCssRequests: number | null;
  jsCssTransferredBytes: number | null;
  allTransferredBytes: number | null;
  jsCssGzip9Bytes: number | null;
  jsRequests: number | null;
  jsGzip9Bytes: number | null;
  cssRequests: number | null;
  cssGzip9Bytes: number | null;
  inlineGzip9Bytes: number | null;
  /** True when the loads did not all fetch the same JS and CSS. */
  bytesVaried: boolean;
  notes: string[];
}

export function summarise(loads: LoadFigures[]): Summary {
  const of = (pick: (l: LoadFigures) => number | null) => median(loads.map(pick));
  const gzipSizes = new Set(loads.map((l) => `${l.jsCss.requests}/${l.jsCss.gzip9Bytes}`));
  return {
    loads: loads.length,
    fcpMs: of((l) => l.fcpMs),
    readyMs: of((l) => l.readyMs),
    interactiveMs: of((l) => l.interactiveMs),
    measured: {
      fcp: loads.filter((l) => l.fcpMs !== null).length,
      ready: loads.filter((l) => l.readyMs !== null).length,
      interactive: loads.filter((l) => l.interactiveMs !== null).length,
    },
    framework: loads.find((l) => l.framework)?.framework ?? null,
    jsCssRequests: of((l) => l.jsCss.requests),
    jsCssTransferredBytes: of((l) => l.jsCss.transferredBytes),
    allTransferredBytes: of((l) => l.all.transferredBytes),
    jsCssGzip9Bytes: of((l) => l.jsCss.gzip9Bytes),
    jsRequests: of((l) => l.js.requests),
    jsGzip9Bytes: of((l) => l.js.gzip9Bytes),
    cssRequests: of((l) => l.css.requests),
    cssGzip9Bytes: of((l) => l.css.gzip9Bytes),
    inlineGzip9Bytes: of((l) => l.inline.gzip9Bytes),
    bytesVaried: gzipSizes.size > 1,
    notes: [...new Set(loads.flatMap((l, i) => l.notes.map((note) => `load ${i + 1}: ${note}`)))],
  };
}

export const ms = (value: number | null) => (value === null ? "n/a" : `${Math.round(value)} ms`);
export const bytes = (value: number | null) =>
  value === null ? "n/a" : `${Math.round(value).toLocaleString("en-US")} B`;
export const kB = (value: number | null) => (value === null ? "n/a" : `${(value / 1000).toFixed(1)} kB`);

/** Text columns (the first `left`) aligned left, figures right. */
export function table(headers: string[], rows: string[][], left = 1): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
