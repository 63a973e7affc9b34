/**
 * Paid latency: from the block that completes an order's confirmations to the order showing paid in an open console
 * (the pay dialog's "Go to my orders?" question). Goal: median ≤ 1 s. Prints figures, writes
 * reports/paid-latency-bench.json, asserts nothing. Run with `npm run bench` (builds first), or
 * `node bench/paid-latency-bench.ts` on Node 26 after `npm run build`.
 *
 * One test server (e2e/support/server.ts: built console, temporary DATA_DIR, PGlite) whose devnet mines no block by
 * itself (DEVNET_BLOCK_TIME=3600: anvil interval-mines, automine off, and the first block would come after an hour),
 * so the bench mines every block with anvil's `evm_mine` and knows which block completes the confirmations and when.
 * Per run (BENCH_PAID_RUNS, 5): a fresh merchant registered through the API and signed in in Chromium, a package
 * ordered in the pay dialog (/order/buy), its full amount sent from the dev account, one block mined with the transfer
 * and the blocks up to one short of DEVNET_CONFIRMATIONS (BENCH_PAID_CONFIRMATIONS, 2); once the server counts
 * confirmations − 1 and the dialog shows them, a random pause of 0–1 s (so the completing block falls at a random
 * point of the watcher's poll cycle), then the completing block is mined and timed.
 *
 * Each latency is split into three parts, measured on one machine's clock:
 *   watcher  mined → the order's paidAt: the watcher's pause between ticks (500 ms on the devnet,
 *            server/chain/chain-layer.ts) plus the part of its tick before the order listener marks the order paid
 *            (lease, head, reorganisation check, scan, confirmation count; PGlite).
 *   stream   paidAt → the paid event read by a second reader of GET /api/Order/Events in this process (commit, NOTIFY,
 *            the relay's re-read of the order, the SSE write).
 *   console  that event → "Go to my orders?" in the page's DOM, then the next animation frame (the browser's own
 *            stream of the same order: parse, check, the order-payment machine, React's render of the Alert).
 * The page's clock (performance.timeOrigin + now()) is set against this process's clock by a round trip before each
 * completing block; its uncertainty (half the shortest round trip) is printed.
 *
 * What dominates (first runs on a 2-core machine: median ≈ 430 ms, max ≈ 550 ms, so within the goal): the watcher
 * part, ≈ 90 % of it. The devnet watcher sleeps 500 ms after each tick (pollMs, server/chain/chain-layer.ts), so the
 * completing block waits 0–500 ms, uniformly, for the next tick to read the head; that tick then spends ≈ 70 ms
 * (the smallest watcher figure bounds it) before the order listener marks the order paid. NOTIFY → stream and the
 * console's render are ≈ 20–25 ms each. A shorter devnet pollMs, or a watcher woken by new heads (eth_subscribe
 * newHeads / a block filter) instead of sleeping, would take the pause out; on a configured chain the same path
 * waits up to pollMs (2 s by default), which is where a 1 s goal would be missed.
 *
 * Bounded: every wait has its own timeout, and a watchdog (BENCH_PAID_BUDGET_S, default 120 s + 60 s a run) closes
 * the browser and the server and exits 1. The server's DATA_DIR (and its devnet) is deleted at the end.
 *
 * One file: a benchmark is one program, read top to bottom in the order it runs (start, the measured runs, the
 * figures and their JSON); what the benchmarks share lives in bench/load/ and e2e/support/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createParser } from "eventsource-parser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Address, Hash } from "viem";
import { type Order, orderEventName, orderEventsPath } from "../contracts/schemas/orders.ts";
import { defaultPassword, registerViaApi, uniqueEmail } from "../e2e/support/api.ts";
import { launchChromium, openPage } from "../e2e/support/browser.ts";
import { repoRoot, type RunningServer, startServer } from "../e2e/support/server.ts";
import { parseAmount } from "../contracts/money.ts";
import { devClients } from "../server/chain/deploy.ts";
import { type DevnetFacts, readDevnetFacts } from "../server/chain/devnet.ts";
import { erc20Abi } from "../server/chain/token-abi.ts";
import { median, table } from "./load/summary.ts";

const runs = Math.max(1, Number(process.env.BENCH_PAID_RUNS ?? 5));
const confirmations = Math.max(2, Number(process.env.BENCH_PAID_CONFIRMATIONS ?? 2));
const packageCode = process.env.BENCH_PAID_PACKAGE ?? "basic";
const budgetMs = Number(process.env.BENCH_PAID_BUDGET_S ?? 120 + 60 * runs) * 1000;
const goalMs = 1_000;
const paidQuestion = "Go to my orders?";

/** This process's wall clock, to the microsecond (the same system clock as the server's Date and the page's timeOrigin). */
const wallNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (ms: number) => Math.round(ms * 10) / 10;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(intervalMs);
  }
}

interface HeardOrder {
  at: number;
  order: Order;
}

/** A second reader of the order's event stream, as the console reads it, noting when each event arrives. */
function followOrder(baseUrl: string, token: string, orderCode: string) {
  const heard: HeardOrder[] = [];
  const waiters = new Set<() => void>();
  const controller = new AbortController();
  let failure: Error | null = null;
  const parser = createParser({
    onEvent(message) {
      if (message.event !== orderEventName) return;
      heard.push({ at: wallNow(), order: JSON.parse(message.data) as Order });
      for (const wake of waiters) wake();
    },
  });
  const done = (async () => {
    const url = new URL(orderEventsPath, baseUrl);
    url.searchParams.set("orderCode", orderCode);
    const response = await fetch(url, {
      headers: { Accept: "text/event-stream", Authorization: `Bearer ${token}`, Language: "en-US" },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`GET ${orderEventsPath} answered ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (let read = await reader.read(); !read.done; read = await reader.read())
      parser.feed(decoder.decode(read.value, { stream: true }));
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) failure = error instanceof Error ? error : new Error(String(error));
    for (const wake of waiters) wake();
  });
  return {
    /** The first event (already heard or still to come) whose order passes `test`. */
    async waitFor(what: string, ms: number, test: (order: Order) => boolean): Promise<HeardOrder> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = heard.find((h) => test(h.order));
        if (found) return found;
        if (failure) throw failure;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `the order stream: no ${what} within ${ms} ms (heard ${heard.map((h) => h.order.status).join(", ") || "nothing"})`,
          );
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    async stop() {
      controller.abort();
      await done;
    },
  };
}

interface TransferDetail {
  txHash: string;
  confirmations: number;
  status: string;
}

async function orderTransfers(baseUrl: string, token: string, orderCode: string): Promise<TransferDetail[]> {
  const response = await fetch(`${baseUrl}/api/Order/Detail`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, Language: "en-US" },
    body: JSON.stringify({ orderCode }),
  });
  const answer = (await response.json()) as { success: boolean; resData?: { transfers?: TransferDetail[] } };
  if (!answer.success) throw new Error(`POST /api/Order/Detail refused: ${JSON.stringify(answer)}`);
  return answer.resData?.transfers ?? [];
}

/** The page's wall clock minus ours, from the shortest of a few round trips. */
async function pageClockOffset(page: Page): Promise<{ offsetMs: number; uncertaintyMs: number }> {
  let best = { offsetMs: 0, uncertaintyMs: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 7; i++) {
    const before = wallNow();
    const pageNow = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = wallNow();
    const half = (after - before) / 2;
    if (half < best.uncertaintyMs) best = { offsetMs: pageNow - (before + after) / 2, uncertaintyMs: half };
  }
  return best;
}

/** Starts watching the page for the paid question: resolves (in the page) with the DOM time and the next frame's. */
async function watchForPaid(page: Page): Promise<void> {
  await page.evaluate((text) => {
    const now = () => performance.timeOrigin + performance.now();
    const w = window as unknown as { __paidShown?: Promise<{ dom: number; frame: number }> };
    w.__paidShown = new Promise((resolve) => {
      let seen = false;
      const found = () => document.body.textContent?.includes(text) ?? false;
      const observer = new MutationObserver(() => check());
      function check() {
        if (seen || !found()) return;
        seen = true;
        const dom = now();
        observer.disconnect();
        requestAnimationFrame(() => resolve({ dom, frame: now() }));
      }
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      check();
    });
  }, paidQuestion);
}

interface Run {
  run: number;
  orderCode: string;
  amount: string;
  txHash: string;
  txBlock: string;
  completingBlock: string;
  pauseMs: number;
  minedAt: string;
  /** How long the evm_mine call took (the block exists by the time it returns; its end is "mined"). */
  mineCallMs: number;
  /** The console's feed when the block was mined: "live" (event stream) or "polling" (every 3 s). */
  feed: string;
  clockUncertaintyMs: number;
  watcherMs: number;
  streamMs: number;
  consoleMs: number;
  /** Mined → the paid question in the DOM. */
  domMs: number;
  /** Mined → the next animation frame after it: the figure. */
  totalMs: number;
}

async function oneRun(browser: Browser, server: RunningServer, facts: DevnetFacts, run: number): Promise<Run> {
  const clients = devClients(facts.rpcUrl);
  let context: BrowserContext | undefined;
  let stream: ReturnType<typeof followOrder> | undefined;
  try {
    const opened = await openPage(browser, server.baseUrl);
    context = opened.context;
    const page = opened.page;

    // A fresh merchant, signed in in Chromium.
    const email = uniqueEmail(`paid-bench-${run}`);
    await registerViaApi(server.baseUrl, email);
    await page.goto("/login");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(defaultPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/console/index", { timeout: 15_000 });

    // /order/buy → the package → Create order: the pay dialog on the devnet.
    await page.goto("/order/buy");
    await page.getByTestId(`package-${packageCode}`).getByRole("radio").check({ force: true });
    await page.getByRole("button", { name: "Create order", exact: true }).click();
    const addressText = page.getByTestId("pay-address");
    await addressText.waitFor();
    const address = ((await addressText.textContent()) ?? "").trim() as Address;
    const title = (await page.getByRole("dialog").getByRole("heading").first().textContent()) ?? "";
    const orderCode = /\d{8,24}/.exec(title)?.[0];
    if (!orderCode) throw new Error(`the pay dialog's title names no order code: "${title}"`);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    if (!token) throw new Error("the console holds no session token");

    stream = followOrder(server.baseUrl, token, orderCode);
    const pending = await stream.waitFor("order", 10_000, (o) => o.orderCode === orderCode);
    const amount = pending.order.remaining;

    // The full amount from the dev account, in a block of its own (the node mines nothing by itself).
    const hash: Hash = await clients.wallet.writeContract({
      address: facts.token.address,
      abi: erc20Abi,
      functionName: "transfer",
      args: [address, parseAmount(amount, facts.token.decimals)],
      account: facts.devAccount,
      chain: null,
    });
    await clients.test.mine({ blocks: 1 });
    const receipt = await clients.public.getTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`the transfer ${hash} reverted`);
    // The blocks up to one short of the confirmations.
    if (confirmations > 2) await clients.test.mine({ blocks: confirmations - 2 });

    // The server counts confirmations − 1, and the dialog shows them (its stream is following the order).
    await stream.waitFor("waiting order", 20_000, (o) => o.status === "waiting");
    await until("the watcher counting the confirmations", 20_000, async () => {
      const transfers = await orderTransfers(server.baseUrl, token, orderCode);
      return transfers.some(
        (t) => t.txHash.toLowerCase() === hash.toLowerCase() && t.confirmations === confirmations - 1,
      )
        ? true
        : undefined;
    });
    await page
      .getByRole("dialog")
      .getByText(`${confirmations - 1} / ${confirmations} confirmations`)
      .first()
      .waitFor({ timeout: 15_000 });
    const feed = ((await page.getByTestId("pay-feed").textContent()) ?? "").includes("live") ? "live" : "polling";

    // A random point of the watcher's 500 ms cycle, then the completing block.
    const pauseMs = Math.random() * 1_000;
    await sleep(pauseMs);
    await watchForPaid(page);
    const clock = await pageClockOffset(page);
    const mineStarted = wallNow();
    await clients.test.mine({ blocks: 1 });
    const mined = wallNow();
    const completingBlock = await clients.public.getBlockNumber({ cacheTime: 0 });

    const [paid, shown] = await Promise.all([
      stream.waitFor("paid order", 30_000, (o) => o.status === "paid"),
      withTimeout(
        page.evaluate(
          () => (window as unknown as { __paidShown: Promise<{ dom: number; frame: number }> }).__paidShown,
        ),
        30_000,
        `"${paidQuestion}" in the page`,
      ),
    ]);
    if (!paid.order.paidAt) throw new Error("the paid order has no paidAt");
    const paidAt = Date.parse(paid.order.paidAt);
    const dom = shown.dom - clock.offsetMs;
    const frame = shown.frame - clock.offsetMs;
    return {
      run,
      orderCode,
      amount,
      txHash: hash,
      txBlock: receipt.blockNumber.toString(),
      completingBlock: completingBlock.toString(),
      pauseMs: round(pauseMs),
      minedAt: new Date(mined).toISOString(),
      mineCallMs: round(mined - mineStarted),
      feed,
      clockUncertaintyMs: round(clock.uncertaintyMs),
      watcherMs: round(paidAt - mined),
      streamMs: round(paid.at - paidAt),
      consoleMs: round(frame - paid.at),
      domMs: round(dom - mined),
      totalMs: round(frame - mined),
    };
  } finally {
    await stream?.stop();
    await context?.close();
  }
}

let server: RunningServer | undefined;
let browser: Browser | undefined;
let cleaning: Promise<void> | undefined;
/** Closes the browser and stops the server (and with it anvil), once, however the bench ends. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await withTimeout(browser?.close() ?? Promise.resolve(), 10_000, "closing Chromium").catch(() => undefined);
    await withTimeout(server?.stop() ?? Promise.resolve(), 20_000, "stopping the server").catch(() => undefined);
  })();
  return cleaning;
}

async function main() {
  // No block comes by itself within the bench; the watcher's pause is the devnet's own (500 ms).
  server = await startServer({
    env: { DEVNET: "true", DEVNET_BLOCK_TIME: "3600", DEVNET_CONFIRMATIONS: String(confirmations) },
  });
  const facts = readDevnetFacts(join(server.dataDir, "devnet"));
  if (!facts) throw new Error(`the server wrote no ${join(server.dataDir, "devnet", "devnet.json")}`);
  browser = await launchChromium();

  const results: Run[] = [];
  for (let run = 1; run <= runs; run++) {
    try {
      results.push(await oneRun(browser, server, facts, run));
    } catch (error) {
      process.stderr.write(`run ${run} failed: ${(error as Error).message}\n--- server log ---\n${server.logTail()}\n`);
      throw error;
    }
  }

  const totals = results.map((r) => r.totalMs);
  const figures = {
    medianMs: median(totals),
    maxMs: Math.max(...totals),
    minMs: Math.min(...totals),
    domMedianMs: median(results.map((r) => r.domMs)),
    watcherMinMs: Math.min(...results.map((r) => r.watcherMs)),
    breakdownMedianMs: {
      watcher: median(results.map((r) => r.watcherMs)),
      stream: median(results.map((r) => r.streamMs)),
      console: median(results.map((r) => r.consoleMs)),
    },
  };
  const out = process.stdout;
  out.write(
    `\nPaid latency: the block completing ${confirmations} confirmations → "${paidQuestion}" in the console (headless Chromium, ${server.baseUrl}, devnet watcher polling every 500 ms)\n\n`,
  );
  out.write(
    `${table(
      ["run", "order", "blocks", "pause", "watcher", "stream", "console", "in DOM", "shown", "feed", "clock ±"],
      results.map((r) => [
        String(r.run),
        r.orderCode,
        `${r.txBlock}→${r.completingBlock}`,
        `${r.pauseMs.toFixed(0)} ms`,
        `${r.watcherMs.toFixed(0)} ms`,
        `${r.streamMs.toFixed(0)} ms`,
        `${r.consoleMs.toFixed(0)} ms`,
        `${r.domMs.toFixed(0)} ms`,
        `${r.totalMs.toFixed(0)} ms`,
        r.feed,
        `${r.clockUncertaintyMs.toFixed(1)} ms`,
      ]),
    )}\n\n`,
  );
  out.write(
    `watcher = mined → paidAt (poll pause + tick); stream = paidAt → the paid event at a second stream reader; console = that event → the next frame with the question\n`,
  );
  out.write(
    `paid shown after the completing block: median ${figures.medianMs} ms, max ${figures.maxMs} ms, min ${figures.minMs} ms over ${results.length} runs — goal ≤ ${goalMs} ms (median)\n`,
  );
  out.write(
    `median parts: watcher ${figures.breakdownMedianMs.watcher} ms, stream ${figures.breakdownMedianMs.stream} ms, console ${figures.breakdownMedianMs.console} ms\n`,
  );
  out.write(
    `the watcher part is the wait for its next tick (it sleeps 500 ms between ticks) plus that tick's work before the order is paid, at most ${figures.watcherMinMs} ms (the smallest watcher figure)\n`,
  );

  const report = {
    generatedAt: new Date().toISOString(),
    chromium: browser.version(),
    confirmations,
    package: packageCode,
    watcherPollMs: 500,
    goalMs,
    ...figures,
    runs: results,
  };
  mkdirSync(join(repoRoot, "reports"), { recursive: true });
  writeFileSync(join(repoRoot, "reports", "paid-latency-bench.json"), `${JSON.stringify(report, null, 2)}\n`);
  out.write(`\nwrote reports/paid-latency-bench.json\n`);
}

// Ctrl-C or a kill: clean up, then exit. The watchdog does the same when the bench runs past its budget.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
const watchdog = setTimeout(() => {
  process.stderr.write(`paid latency bench: still running after ${budgetMs / 1000} s; stopping\n`);
  void cleanUp().finally(() => process.exit(1));
}, budgetMs);
watchdog.unref();
try {
  await main();
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
