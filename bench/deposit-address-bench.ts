/**
 * Open-API deposit-address creation per second (goal ≥ 500/s on a 2-core machine), on PGlite and, when
 * TEST_DATABASE_URL is set (`npm run bench` runs it under scripts/with-postgres.mjs), on PostgreSQL. Prints figures,
 * writes reports/deposit-address-bench.json, asserts nothing.
 *
 * Per database: `node server/main.ts` as a merchant runs it (e2e/support/server.ts: the built console, a temporary
 * DATA_DIR, the devnet), a merchant registered through the console's calls, the Enterprise package (no wallet limit)
 * ordered and paid from the devnet's dev wallet, an application and its credentials after the e-mail code. Then
 * BENCH_ADDRESSES (3000) new end users' addresses are created through examples/open-api-client.ts, BENCH_CONCURRENCY
 * (32) requests in flight, each signed per RFC 9421 with its own nonce; then half as many calls again for end users
 * that already have one (the idempotent answer). The whole run stays inside the application's burst of 6000 calls
 * (server/domain/platform/limits.ts), so the rate limit never answers.
 *
 * The client signs in this process, on the same two cores as the server: the figure is what one machine does end to
 * end, the server's own capacity is higher.
 *
 * Then the deposit → credited latency (goal ≤ 1 s), BENCH_DEPOSIT_RUNS (5) times: the devnet mines no block by itself
 * (DEVNET_BLOCK_TIME=3600, as bench/paid-latency-bench.ts), 1 USDT goes from the dev account to a deposit address in a
 * block of its own, the watcher is given time to see it, then after a random pause of 0–1 s (a random point of the
 * watcher's 500 ms cycle) the block completing DEVNET_CONFIRMATIONS (2) is mined; timed from the end of that
 * `evm_mine` call to the open API's balance showing the deposit, read every 20 ms (so up to 20 ms late).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { enterpriseApplication, timedCalls } from "./load/open-api-merchant.ts";
import { repoRoot, startServer } from "../e2e/support/server.ts";
import { openApiClient } from "../examples/open-api-client.ts";
import { parseAmount } from "../contracts/money.ts";
import { devClients } from "../server/chain/deploy.ts";
import { type DevnetFacts, readDevnetFacts } from "../server/chain/devnet.ts";
import { erc20Abi } from "../server/chain/token-abi.ts";

const addresses = Math.max(100, Number(process.env.BENCH_ADDRESSES ?? 3000));
const concurrency = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 32));
const depositRuns = Math.max(1, Number(process.env.BENCH_DEPOSIT_RUNS ?? 5));
const goalPerSecond = 500;
const goalLatencyMs = 1_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Deposit → credited, timed from the completing block to the balance read through the open API; in ms. */
async function depositLatencies(
  facts: DevnetFacts,
  client: ReturnType<typeof openApiClient>,
  address: (i: number) => Promise<string>,
): Promise<number[]> {
  const clients = devClients(facts.rpcUrl);
  const one = parseAmount("1", facts.token.decimals);
  const balance = async () => {
    const answer = await client.balance();
    if (!answer.success) throw new Error(`balance refused: ${JSON.stringify(answer)}`);
    return answer.resData.balance;
  };
  const latencies: number[] = [];
  for (let run = 0; run < depositRuns; run++) {
    const before = await balance();
    await clients.wallet.writeContract({
      address: facts.token.address,
      abi: erc20Abi,
      functionName: "transfer",
      args: [(await address(run)) as `0x${string}`, one],
      account: facts.devAccount,
      chain: null,
    });
    await clients.test.mine({ blocks: 1 });
    // Seen with one confirmation: the watcher ticks every 500 ms on the devnet.
    await sleep(1_500 + Math.random() * 1_000);
    await clients.test.mine({ blocks: 1 });
    const mined = performance.now();
    const deadline = mined + 30_000;
    while ((await balance()) === before) {
      if (performance.now() > deadline) throw new Error("the deposit was not credited within 30 s");
      await sleep(20);
    }
    latencies.push(Math.round(performance.now() - mined));
  }
  return latencies;
}

async function bench(database: string, env: Record<string, string>) {
  const server = await startServer({
    env: { ...env, DEVNET: "true", DEVNET_PORT: "0", DEVNET_BLOCK_TIME: "3600", DEVNET_CONFIRMATIONS: "2" },
  });
  try {
    const facts = readDevnetFacts(join(server.dataDir, "devnet"));
    if (!facts) throw new Error("the server wrote no devnet.json");
    const { appKey, appSecret } = await enterpriseApplication(server.baseUrl, facts);
    const client = openApiClient({ baseUrl: server.baseUrl, appKey, appSecret });
    const endUser = (i: number) => `bench-${i}`;
    await timedCalls(concurrency, 50, (i) => client.createDepositAddress({ endUserId: `warm-${i}`, chain: "Devnet" }));
    const created = await timedCalls(concurrency, addresses, (i) =>
      client.createDepositAddress({ endUserId: endUser(i), chain: "Devnet" }),
    );
    const again = await timedCalls(concurrency, Math.floor(addresses / 2), (i) =>
      client.createDepositAddress({ endUserId: endUser(i * 2), chain: "Devnet" }),
    );
    const latencies = await depositLatencies(facts, client, async (i) => {
      const answer = await client.createDepositAddress({ endUserId: `deposit-${i}`, chain: "Devnet" });
      if (!answer.success) throw new Error(`no deposit address: ${JSON.stringify(answer)}`);
      return answer.resData.address;
    });
    process.stdout.write(
      `deposit addresses, ${database} (goal ≥ ${goalPerSecond}/s; ${concurrency} in flight)\n` +
        `  new:    ${created.perSecond}/s over ${created.calls}, p50 ${created.p50Ms} ms, p99 ${created.p99Ms} ms, refused ${JSON.stringify(created.refused)}\n` +
        `  again:  ${again.perSecond}/s over ${again.calls}, p50 ${again.p50Ms} ms, p99 ${again.p99Ms} ms, refused ${JSON.stringify(again.refused)}\n` +
        `  deposit → credited after the completing block (goal ≤ ${goalLatencyMs} ms): ${latencies.join(", ")} ms\n`,
    );
    return { created, again, depositLatencyMs: latencies };
  } finally {
    await server.stop();
  }
}

const results: Record<string, Awaited<ReturnType<typeof bench>>> = {};
results.PGlite = await bench("PGlite", {});
if (process.env.TEST_DATABASE_URL)
  results.PostgreSQL = await bench("PostgreSQL", { DATABASE_URL: process.env.TEST_DATABASE_URL });
mkdirSync(join(repoRoot, "reports"), { recursive: true });
writeFileSync(
  join(repoRoot, "reports", "deposit-address-bench.json"),
  `${JSON.stringify({ goalPerSecond, goalLatencyMs, concurrency, results }, null, 2)}\n`,
);
