/**
 * Invoices: how many the open API creates per second (goal ≥ 500/s on PostgreSQL), and how long a paid invoice takes
 * to reach a checkout page's live stream (goal p99 ≤ 1.5 s), on PGlite and, when TEST_DATABASE_URL is set (`npm run
 * bench` runs it under scripts/with-postgres.mjs), on PostgreSQL. Prints figures, writes reports/invoice-bench.json,
 * asserts nothing.
 *
 * Per database: `node server/main.ts` with the devnet as a merchant runs it (its 1 s blocks, 2 confirmations), a
 * merchant on the Enterprise package with an application (bench/load/open-api-merchant.ts, as the deposit-address
 * bench). Then BENCH_INVOICES (3000) invoices of distinct orders signed as examples/open-api-client.ts signs,
 * BENCH_CONCURRENCY (32) in flight, each request signed per RFC 9421 with its own nonce and Idempotency-Key; then half
 * as many again for orders that have one (the same invoice answered). Within the application's burst of 6000 calls. The
 * client
 * signs on the same two cores as the server: the figure is one machine's, end to end. It sends them over node:http's
 * keep-alive sockets rather than `fetch` (bench/load/keep-alive-post.ts), and signs each with a key made once
 * (bench/load/request-signer.ts) rather than through the library: the same bytes for less of the cores.
 *
 * Then BENCH_CHECKOUT_ROUNDS (5) rounds of BENCH_CHECKOUT_BATCH (20) invoices: each one's checkout stream
 * (GET /api/Checkout/Events, as the /pay page reads it) opened, each paid exactly from the dev account, all in one
 * block; the blocks and the confirmations' wait are the devnet's and are left out: each latency runs from the
 * invoice's paidAt (the server's clock when the watcher's transaction credited it and turned it paid, read from the
 * console's Invoices list) to the `paid` event reaching the stream's reader here (the same machine's clock): the
 * commit, NOTIFY, the relay's re-read of the view and the SSE write, with the rest of that watcher's transaction.
 *
 * Each creating phase also prints the CPU per call of the client (this process's: signing and parsing), of the server
 * process and of PostgreSQL's processes (bench/load/process-cpu.ts), and the rate the server side's CPU alone allows on
 * this machine's cores: the client shares the cores with the server, so the rate measured is a floor of what the server
 * does with the machine to itself. A third phase, `signed before`, makes new invoices from requests signed before its
 * timed window (each still fresh, with its own nonce), the client's signing out of it. BENCH_DATABASES=postgresql
 * leaves PGlite out (a before/after comparison on PostgreSQL alone).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { createParser } from "eventsource-parser";
import pg from "pg";
import { encodeFunctionData } from "viem";
import { formatAmount, parseAmount } from "../contracts/money.ts";
import { checkoutEventsPath } from "../contracts/schemas/checkout.ts";
import { callAsMerchant } from "../e2e/support/api.ts";
import { repoRoot, startServer } from "../e2e/support/server.ts";
import { openApiClient } from "../examples/open-api-client.ts";
import { devClients } from "../server/chain/deploy.ts";
import { type DevnetFacts, readDevnetFacts } from "../server/chain/devnet.ts";
import { erc20Abi } from "../server/chain/token-abi.ts";
import { enterpriseApplication, timedCalls } from "./load/open-api-merchant.ts";
import { keepAlivePoster } from "./load/keep-alive-post.ts";
import { requestSigner } from "./load/request-signer.ts";
import { cpuSince, treeCpu } from "./load/process-cpu.ts";

const invoices = Math.max(100, Number(process.env.BENCH_INVOICES ?? 3000));
const concurrency = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 32));
const rounds = Math.max(1, Number(process.env.BENCH_CHECKOUT_ROUNDS ?? 5));
const batch = Math.max(1, Number(process.env.BENCH_CHECKOUT_BATCH ?? 20));
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgresql").toLowerCase().split(",");
const goalPerSecond = 500;
const goalP99Ms = 1_500;

type Client = ReturnType<typeof openApiClient>;
type Poster = ReturnType<typeof keepAlivePoster>;

const perCall = (ms: number, calls: number) => Math.round((ms / calls) * 100) / 100;

/**
 * A phase's figures with the CPU per call of this process (the client), the server, the devnet and PostgreSQL, and
 * the calls a second the server side's CPU (server and database) allows on this machine's cores.
 */
async function withCpu<F extends { calls: number }>(run: () => Promise<F>) {
  const before = process.cpuUsage();
  const tree = treeCpu();
  const figure = await run();
  const used = process.cpuUsage(before);
  const { serverMs, devnetMs, databaseMs } = cpuSince(tree);
  const serverSideMs = perCall(serverMs + databaseMs, figure.calls);
  return {
    ...figure,
    clientCpuMsPerCall: perCall((used.user + used.system) / 1000, figure.calls),
    serverCpuMsPerCall: perCall(serverMs, figure.calls),
    databaseCpuMsPerCall: perCall(databaseMs, figure.calls),
    devnetCpuMsPerCall: perCall(devnetMs, figure.calls),
    serverSidePerSecond: serverSideMs > 0 ? Math.round((availableParallelism() * 1000) / serverSideMs) : null,
  };
}

type Phase = Awaited<ReturnType<typeof withCpu<Awaited<ReturnType<typeof timedCalls>>>>>;

const phaseLine = (name: string, f: Phase) =>
  `  ${name.padEnd(14)}${f.perSecond}/s over ${f.calls}, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, refused ${JSON.stringify(f.refused)}\n` +
  `  ${"".padEnd(14)}CPU a call: client ${f.clientCpuMsPerCall} ms, server ${f.serverCpuMsPerCall} ms, database ${f.databaseCpuMsPerCall} ms, devnet ${f.devnetCpuMsPerCall} ms; ` +
  `server side alone on ${availableParallelism()} cores: ${f.serverSidePerSecond ?? "?"}/s\n`;

/** New invoices from requests signed before the timed window (fresh for 300 s, each its own nonce and key). */
async function presigned(
  baseUrl: string,
  credentials: { appKey: string; appSecret: string },
  count: number,
  post: Poster["post"],
) {
  const url = `${baseUrl}/open/v1/invoices`;
  const sign = requestSigner(credentials);
  const requests = Array.from({ length: count }, (_, i) =>
    sign({
      method: "POST",
      url,
      headers: { accept: "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify({ orderId: `signed-${i}`, amount: formatAmount(20_000_000n + BigInt(i), 6) }),
    }),
  );
  return withCpu(() => timedCalls(concurrency, count, (i) => post(requests[i]!)));
}

/** A checkout page's live stream of one invoice: resolves with the time its first `paid` view arrived. */
async function paidSeen(baseUrl: string, invoiceId: string, timeoutMs: number): Promise<number> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await fetch(`${baseUrl}${checkoutEventsPath}?invoiceId=${invoiceId}`, {
      headers: { accept: "text/event-stream" },
      signal: abort.signal,
    });
    if (!response.body) throw new Error(`no stream for ${invoiceId}: ${response.status}`);
    let paidAt: number | null = null;
    const parser = createParser({
      onEvent: (event) => {
        // Every event is the whole view (checkoutEventName); a keep-alive is a comment, not an event.
        if (paidAt === null && (JSON.parse(event.data) as { status?: string }).status === "paid") paidAt = Date.now();
      },
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      parser.feed(decoder.decode(chunk, { stream: true }));
      if (paidAt !== null) return paidAt;
    }
    throw new Error(`the stream of ${invoiceId} ended before it showed paid`);
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

/** paidAt → the stream's `paid`, for every invoice of every round; in ms. */
async function checkoutLatencies(baseUrl: string, facts: DevnetFacts, client: Client, accessToken: string) {
  const clients = devClients(facts.rpcUrl);
  const latencies: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const made = [];
    for (let i = 0; i < batch; i++) {
      const amount = formatAmount(1_000_000n + BigInt(round * batch + i), facts.token.decimals);
      const answer = await client.createInvoice({ orderId: `checkout-${round}-${i}`, amount });
      if (!answer.success) throw new Error(`no invoice: ${JSON.stringify(answer)}`);
      made.push({ ...answer.resData, amount });
    }
    const seen = made.map((invoice) => paidSeen(baseUrl, invoice.invoiceId, 60_000));
    for (const invoice of made)
      await clients.wallet.sendTransaction({
        account: facts.devAccount,
        to: facts.token.address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [invoice.addresses[0]!.address as `0x${string}`, parseAmount(invoice.amount, facts.token.decimals)],
        }),
        chain: null,
      });
    const arrived = await Promise.all(seen);
    const listed = await callAsMerchant<{ items: { invoiceId: string; paidAt: string | null }[] }>(
      baseUrl,
      accessToken,
      "/api/Invoice/List",
      { status: "paid", pageSize: 100 },
    );
    const paidAt = new Map(listed.items.map((row) => [row.invoiceId, row.paidAt]));
    for (const [i, invoice] of made.entries()) {
      const at = paidAt.get(invoice.invoiceId);
      if (!at) throw new Error(`${invoice.invoiceId} is not listed paid`);
      latencies.push(arrived[i]! - Date.parse(at));
    }
  }
  return latencies.sort((a, b) => a - b);
}

/**
 * The statistics a running server's tables have: autovacuum analyzes a table within its naptime (a minute) of 50
 * changes, and a new invoice's lookups are planned from them. The bench's database is new, its tables never analyzed,
 * and the open API's statements are prepared (their plans cached for a connection): without this the plans made in
 * the first seconds took an application's invoices for a handful and scanned them all for each new one (1,087 rows
 * filtered at the 1,100th), a cold database's cost no running server keeps.
 */
/** Enough invoices before the statistics are taken that an index beats reading the table (a few pages) in every plan. */
const warmInvoices = 400;

async function analyzeAsAutovacuumWould(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("analyze");
  } finally {
    await client.end();
  }
}

async function bench(database: string, env: Record<string, string>) {
  const server = await startServer({ env: { ...env, DEVNET: "true", DEVNET_PORT: "0" } });
  const poster = keepAlivePoster(concurrency);
  try {
    const facts = readDevnetFacts(join(server.dataDir, "devnet"));
    if (!facts) throw new Error("the server wrote no devnet.json");
    const { appKey, appSecret, accessToken } = await enterpriseApplication(server.baseUrl, facts, "invoice-bench");
    const client = openApiClient({ baseUrl: server.baseUrl, appKey, appSecret });
    const order = (i: number) => ({ orderId: `bench-${i}`, amount: formatAmount(10_000_000n + BigInt(i), 6) });
    // What the example client's createInvoice sends, each signed on its own, over keep-alive sockets (keepAlivePoster).
    const url = `${server.baseUrl}/open/v1/invoices`;
    const sign = requestSigner({ appKey, appSecret });
    const createInvoice = (body: { orderId: string; amount: string }) =>
      poster.post(
        sign({
          method: "POST",
          url,
          headers: { accept: "application/json", "idempotency-key": randomUUID() },
          body: JSON.stringify(body),
        }),
      );
    await timedCalls(concurrency, warmInvoices, (i) => createInvoice({ ...order(i), orderId: `warm-${i}` }));
    if (env.DATABASE_URL) await analyzeAsAutovacuumWould(env.DATABASE_URL);
    const created = await withCpu(() => timedCalls(concurrency, invoices, (i) => createInvoice(order(i))));
    const again = await withCpu(() =>
      timedCalls(concurrency, Math.floor(invoices / 2), (i) => createInvoice(order(i * 2))),
    );
    const signedBefore = await presigned(server.baseUrl, { appKey, appSecret }, Math.floor(invoices / 2), poster.post);
    const latencies = await checkoutLatencies(server.baseUrl, facts, client, accessToken);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    const checkout = { samples: latencies.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
    process.stdout.write(
      `invoices, ${database} (goal ≥ ${goalPerSecond}/s on PostgreSQL; ${concurrency} in flight)\n` +
        phaseLine("new:", created) +
        phaseLine("again:", again) +
        phaseLine("signed before:", signedBefore) +
        `  paidAt → checkout stream shows paid (goal p99 ≤ ${goalP99Ms} ms), ${checkout.samples} invoices in ${rounds} blocks: ` +
        `p50 ${checkout.p50Ms} ms, p99 ${checkout.p99Ms} ms, max ${checkout.maxMs} ms\n`,
    );
    return { created, again, signedBefore, checkout };
  } finally {
    poster.close();
    await server.stop();
  }
}

const results: Record<string, Awaited<ReturnType<typeof bench>>> = {};
if (databases.includes("pglite")) results.PGlite = await bench("PGlite", {});
if (process.env.TEST_DATABASE_URL && databases.includes("postgresql"))
  results.PostgreSQL = await bench("PostgreSQL", { DATABASE_URL: process.env.TEST_DATABASE_URL });
mkdirSync(join(repoRoot, "reports"), { recursive: true });
writeFileSync(
  join(repoRoot, "reports", "invoice-bench.json"),
  `${JSON.stringify({ goalPerSecond, goalP99Ms, concurrency, rounds, batch, results }, null, 2)}\n`,
);
