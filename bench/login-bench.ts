/**
 * What a cold browser loads for /login, and how soon it paints. Prints figures, asserts nothing.
 * Run with `npm run bench` (builds first). BENCH_RUNS sets the number of cold loads (default 5);
 * BENCH_BASE_URL measures a server that is already up instead of starting server/main.ts.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../e2e/support/browser.ts";
import { repoRoot, startServer } from "../e2e/support/server.ts";

interface Resource {
  url: string;
  type: string;
  status: number;
  encoding: string;
  /** Decoded body bytes (Network.dataReceived dataLength). */
  rawBytes: number;
  /** Bytes on the wire, headers included (Network.loadingFinished encodedDataLength). */
  transferredBytes: number;
  /** Response header bytes (Network.responseReceived response.encodedDataLength, HTTP/1.1). */
  headerBytes: number;
  failed: boolean;
}

interface Totals {
  requests: number;
  rawBytes: number;
  transferredBytes: number;
}

interface LoadRun extends Totals {
  fcpMs: number | null;
  byType: Record<string, Totals>;
  resources: Resource[];
}

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));

/** One load of /login in a new context: empty cache, storage and cookies. */
async function coldLoad(browser: Browser, baseUrl: string): Promise<LoadRun> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const byId = new Map<string, Resource>();
    cdp.on("Network.requestWillBeSent", (e) => {
      if (e.request.url.startsWith("data:")) return;
      // A redirect reuses the request id; the final response is the one that counts.
      byId.set(e.requestId, { url: e.request.url, type: e.type ?? "Other", status: 0, encoding: "", rawBytes: 0, transferredBytes: 0, headerBytes: 0, failed: false });
    });
    cdp.on("Network.responseReceived", (e) => {
      const r = byId.get(e.requestId);
      if (!r) return;
      r.status = e.response.status;
      r.headerBytes = e.response.encodedDataLength;
      r.type = e.type ?? r.type;
      const header = Object.entries(e.response.headers).find(([name]) => name.toLowerCase() === "content-encoding");
      r.encoding = header ? String(header[1]) : "";
    });
    cdp.on("Network.dataReceived", (e) => {
      const r = byId.get(e.requestId);
      if (r) r.rawBytes += e.dataLength;
    });
    cdp.on("Network.loadingFinished", (e) => {
      const r = byId.get(e.requestId);
      if (r) r.transferredBytes = e.encodedDataLength;
    });
    cdp.on("Network.loadingFailed", (e) => {
      const r = byId.get(e.requestId);
      if (r) r.failed = true;
    });
    await cdp.send("Network.enable");

    await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState("networkidle");

    const fcpMs = await page.evaluate(
      () =>
        new Promise<number | null>((resolve) => {
          const timer = setTimeout(() => resolve(null), 5_000);
          new PerformanceObserver((list) => {
            const fcp = list.getEntries().find((entry) => entry.name === "first-contentful-paint");
            if (fcp) {
              clearTimeout(timer);
              resolve(fcp.startTime);
            }
          }).observe({ type: "paint", buffered: true });
        }),
    );

    const resources = [...byId.values()];
    const byType: Record<string, Totals> = {};
    for (const r of resources) {
      const t = byType[r.type] ?? { requests: 0, rawBytes: 0, transferredBytes: 0 };
      byType[r.type] = t;
      t.requests += 1;
      t.rawBytes += r.rawBytes;
      t.transferredBytes += r.transferredBytes;
    }
    return {
      requests: resources.length,
      rawBytes: resources.reduce((sum, r) => sum + r.rawBytes, 0),
      transferredBytes: resources.reduce((sum, r) => sum + r.transferredBytes, 0),
      fcpMs: fcpMs === null ? null : Math.round(fcpMs * 10) / 10,
      byType,
      resources,
    };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round(((sorted[mid - 1]! + sorted[mid]!) / 2) * 10) / 10;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

function distAssets(loadedPaths: Set<string>) {
  const dir = join(repoRoot, "dist", "assets");
  return readdirSync(dir)
    // The build's precompressed .br/.gz copies are encodings of these files, not more of them.
    .filter((file) => statSync(join(dir, file)).isFile() && !/\.(br|gz)$/.test(file))
    .map((file) => {
      const content = readFileSync(join(dir, file));
      return { file, bytes: content.length, gzipBytes: gzipSync(content).length, loadedByLogin: loadedPaths.has(`/assets/${file}`) };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

async function main() {
  const external = process.env.BENCH_BASE_URL?.replace(/\/+$/, "");
  const server = external ? { baseUrl: external, stop: async () => {} } : await startServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const loads: LoadRun[] = [];
    for (let i = 0; i < runs; i++) loads.push(await coldLoad(browser, server.baseUrl));
    const first = loads[0]!;
    const fcpMsRuns = loads.map((l) => l.fcpMs).filter((v): v is number => v !== null);
    const varying = loads.some((l) => l.requests !== first.requests || l.rawBytes !== first.rawBytes);

    const loadedPaths = new Set(first.resources.map((r) => new URL(r.url).pathname));
    const assets = distAssets(loadedPaths);

    const typeRows = Object.entries(first.byType)
      .sort(([, a], [, b]) => b.transferredBytes - a.transferredBytes)
      .map(([type, t]) => [type, String(t.requests), kB(t.rawBytes), kB(t.transferredBytes)]);
    typeRows.push(["total", String(first.requests), kB(first.rawBytes), kB(first.transferredBytes)]);
    const resourceRows = [...first.resources]
      .sort((a, b) => b.transferredBytes - a.transferredBytes)
      .map((r) => [new URL(r.url).pathname, r.type, String(r.status) + (r.failed ? " failed" : ""), r.encoding || "-", kB(r.rawBytes), kB(r.transferredBytes)]);

    const out = process.stdout;
    out.write(`\nGET /login, cold cache, headless Chromium (${server.baseUrl})\n\n`);
    out.write(`${table(["type", "requests", "raw (decoded)", "transferred"], typeRows)}\n\n`);
    out.write(`${table(["resource", "type", "status", "encoding", "raw", "transferred"], resourceRows)}\n\n`);
    const headerBytes = first.resources.reduce((sum, r) => sum + r.headerBytes, 0);
    out.write(`transferred includes ${kB(headerBytes)} of response headers; compressed bodies: ${kB(first.transferredBytes - headerBytes)}\n`);
    out.write(`first-contentful-paint: median ${median(fcpMsRuns) ?? "n/a"} ms over ${fcpMsRuns.length} cold loads (${fcpMsRuns.join(", ")} ms)\n`);
    if (varying) out.write(`note: the cold loads did not all fetch the same bytes: ${loads.map((l) => `${l.requests} req / ${l.rawBytes} B`).join("; ")}\n`);
    out.write(`\ndist/assets (gzip, zlib default level; * = loaded by /login)\n\n`);
    out.write(
      `${table(
        ["file", "bytes", "gzip"],
        assets.map((a) => [`${a.loadedByLogin ? "* " : "  "}${a.file}`, kB(a.bytes), kB(a.gzipBytes)]),
      )}\n`,
    );
    const total = assets.reduce((s, a) => ({ bytes: s.bytes + a.bytes, gzip: s.gzip + a.gzipBytes }), { bytes: 0, gzip: 0 });
    out.write(`all assets: ${kB(total.bytes)} raw, ${kB(total.gzip)} gzip\n`);

    const report = {
      generatedAt: new Date().toISOString(),
      chromium: browser.version(),
      login: {
        requests: first.requests,
        rawBytes: first.rawBytes,
        transferredBytes: first.transferredBytes,
        headerBytes: first.resources.reduce((sum, r) => sum + r.headerBytes, 0),
        byType: first.byType,
        fcpMsMedian: median(fcpMsRuns),
        fcpMsRuns,
        resources: first.resources.map((r) => ({ ...r, url: new URL(r.url).pathname })),
      },
      assets,
    };
    mkdirSync(join(repoRoot, "reports"), { recursive: true });
    writeFileSync(join(repoRoot, "reports", "bench.json"), `${JSON.stringify(report, null, 2)}\n`);
    out.write(`\nwrote reports/bench.json\n`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

// Ctrl-C or a kill ends through process.exit, so the server started above is stopped with us.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
await main();
