/**
 * The hosted checkout page (/pay/{invoiceId}) on a cold cache, measured as bench/login-bench.ts measures /login
 * (bench/load/cold-load.ts: a new browser context per load, first paint, JS+CSS at gzip-9), unthrottled and on slow
 * 4G, the median of BENCH_RUNS (8) loads after one uncounted warm-up. Run after the login bench by `npm run bench` and
 * `npm run bench:login`: its goals compare with /login's JS+CSS of that run (reports/bench.json; none without it) and
 * a first paint within 1 s on slow 4G. Adds its figures to reports/bench.json.
 *
 * BENCH_PAY_INVOICE names an invoice to load (a real one shows the whole page); without one the page loads an id no
 * invoice has and shows its "not found" card: the same JS and CSS, and a paint that waits for the same answer.
 * BENCH_BASE_URL measures a server that is already up.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium } from "../e2e/support/browser.ts";
import { repoRoot, startServer } from "../e2e/support/server.ts";
import { coldLoad, type LoadFigures, type LoadTarget } from "./load/cold-load.ts";
import { goal as benchGoal } from "./load/goal.ts";
import { bytes, kB, ms, summarise, table } from "./load/summary.ts";
import { slow4G, type Throttling } from "./load/throttling.ts";

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 8));
const invoiceId = process.env.BENCH_PAY_INVOICE ?? "NoSuchInvoice000000000";
const paintGoalMs = 1_000;
const reportPath = join(repoRoot, "reports", "bench.json");
const networks: { key: "unthrottled" | "slow4G"; label: string; throttling: Throttling | null }[] = [
  { key: "unthrottled", label: "unthrottled", throttling: null },
  { key: "slow4G", label: slow4G.name, throttling: slow4G },
];
const progress = (line: string) => process.stderr.write(`${line}\n`);

/** /login's JS+CSS as this run's login bench measured it. */
function loginReference(): { bytes: number | null; from: string } {
  if (existsSync(reportPath)) {
    const report = JSON.parse(readFileSync(reportPath, "utf8")) as {
      login?: { unthrottled?: { median?: { jsCssGzip9Bytes?: number | null } } };
    };
    const measured = report.login?.unthrottled?.median?.jsCssGzip9Bytes;
    if (measured) return { bytes: measured, from: "reports/bench.json (the login bench)" };
  }
  return { bytes: null, from: "nowhere (no login bench report: run bench/login-bench.ts first)" };
}

async function main() {
  const external = process.env.BENCH_BASE_URL?.replace(/\/+$/, "");
  const server = external ? { baseUrl: external, stop: async () => {} } : await startServer();
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const target: LoadTarget = {
      url: `${server.baseUrl}/pay/${invoiceId}`,
      readySelectors: ["main h1"],
      inputSelector: null,
    };
    const warm = await coldLoad(browser, target, null);
    progress(`warm-up ${target.url}: first paint ${ms(warm.fcpMs)} (not counted)`);
    const loads: Record<string, LoadFigures[]> = { unthrottled: [], slow4G: [] };
    for (const network of networks) {
      for (let run = 1; run <= runs; run++) {
        const load = await coldLoad(browser, target, network.throttling);
        loads[network.key]?.push(load);
        progress(`${network.label} ${run}/${runs} /pay: first paint ${ms(load.fcpMs)}, heading ${ms(load.readyMs)}`);
      }
    }
    const summaries = Object.fromEntries(networks.map((n) => [n.key, summarise(loads[n.key] ?? [])]));
    const login = loginReference();
    const unthrottled = summaries.unthrottled;
    const goals = [
      benchGoal(
        "unthrottled",
        "JS+CSS gzip-9 ≤ 0.5 × /login's",
        unthrottled?.jsCssGzip9Bytes ?? null,
        login.bytes,
        0.5,
      ),
      benchGoal(slow4G.name, `first paint ≤ ${paintGoalMs} ms`, summaries.slow4G?.fcpMs ?? null, paintGoalMs, 1),
    ];
    const out = process.stdout;
    out.write(`\n/pay/${invoiceId}, cold cache, median of ${runs} loads each; /login's JS+CSS from ${login.from}\n\n`);
    out.write(
      `${table(
        ["page", "network", "first paint", "heading shown", "JS+CSS requests", "transferred JS+CSS", "gzip-9 JS+CSS"],
        networks.map((n) => {
          const s = summaries[n.key];
          return [
            "/pay",
            n.label,
            ms(s?.fcpMs ?? null),
            ms(s?.readyMs ?? null),
            String(s?.jsCssRequests ?? "n/a"),
            kB(s?.jsCssTransferredBytes ?? null),
            bytes(s?.jsCssGzip9Bytes ?? null),
          ];
        }),
        2,
      )}\n\n`,
    );
    out.write(
      `${table(
        ["goal", "network", "ours", "limit", "met"],
        goals.map((g) => [
          g.goal,
          g.network,
          g.goal.startsWith("JS+CSS") ? bytes(g.ours) : ms(g.ours),
          g.goal.startsWith("JS+CSS") ? bytes(g.target) : ms(g.target),
          g.met === null ? "n/a" : g.met ? "yes" : "NO",
        ]),
        2,
      )}\n`,
    );
    const report = existsSync(reportPath) ? (JSON.parse(readFileSync(reportPath, "utf8")) as object) : {};
    const pay = {
      url: target.url,
      runs,
      loginReference: login,
      unthrottled: summaries.unthrottled,
      slow4G: summaries.slow4G,
      goals,
      resources: loads.unthrottled?.[0]?.resources.map((r) => ({ ...r, url: new URL(r.url).pathname })),
    };
    mkdirSync(join(repoRoot, "reports"), { recursive: true });
    writeFileSync(reportPath, `${JSON.stringify({ ...report, pay }, null, 2)}\n`);
    out.write("\nadded /pay to reports/bench.json\n");
  } finally {
    await browser?.close();
    await server.stop();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
await main();
