/**
 * Sign-in under load, and what one password hash costs. Prints and writes
 * reports/sign-in-bench.json; asserts nothing.
 *
 *   1. argon2id hash time at the production parameters, in this process (BENCH_HASHES, 20).
 *   2. POST /api/Login/Login with the right password against a real server (server/main.ts, a test server on a
 *      temporary DATA_DIR): idle; each sent together with 40 bogus registrations (wrong codes), the case;
 *      and while 40 clients send bogus registrations without pause (a sustained flood, harsher).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startServer, repoRoot } from "../e2e/support/server.ts";
import { hashPassword, productionCost } from "../server/domain/identity/passwords.ts";

const hashes = Math.max(1, Number(process.env.BENCH_HASHES ?? 20));
const signIns = Math.max(5, Number(process.env.BENCH_SIGN_INS ?? 30));
const attackers = 40;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

async function timeHashes(): Promise<number[]> {
  delete process.env.PASSWORD_HASH_COST;
  const times: number[] = [];
  for (let i = 0; i < hashes; i++) {
    const start = performance.now();
    await hashPassword(`Bench${i}Password`);
    times.push(performance.now() - start);
  }
  return times;
}

async function post(baseUrl: string, path: string, body: unknown): Promise<{ ms: number; errCode: string }> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { errCode: string };
  return { ms: performance.now() - start, errCode: answer.errCode };
}

async function registerMerchant(baseUrl: string, email: string, password: string): Promise<void> {
  await post(baseUrl, "/api/User/SentVerificationCode", { email, type: "register" });
  const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    messages: { code: string }[];
  };
  const code = outbox.messages[0]?.code;
  if (!code) throw new Error("no code in the dev outbox");
  const answer = await post(baseUrl, "/api/Register/Register", { email, code, password, repeatPassword: password });
  if (answer.errCode !== "0") throw new Error(`registration answered ${answer.errCode}`);
}

async function signInTimes(baseUrl: string, email: string, password: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < signIns; i++) {
    const answer = await post(baseUrl, "/api/Login/Login", { email, password });
    if (answer.errCode !== "0") throw new Error(`sign-in answered ${answer.errCode}`);
    times.push(answer.ms);
  }
  return times;
}

const bogusRegistration = (baseUrl: string, email: string) =>
  post(baseUrl, "/api/Register/Register", {
    email,
    code: "000000",
    password: "Bogus7Password",
    repeatPassword: "Bogus7Password",
  });

/** Each sign-in leaves together with 40 bogus registrations; only the sign-in is timed. */
async function signInTimesWithBursts(baseUrl: string, email: string, password: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < signIns; i++) {
    const burst = Array.from({ length: attackers }, (_, j) => bogusRegistration(baseUrl, `burst${i}-${j}@example.com`));
    const [answer] = await Promise.all([post(baseUrl, "/api/Login/Login", { email, password }), ...burst]);
    if (answer.errCode !== "0") throw new Error(`sign-in answered ${answer.errCode}`);
    times.push(answer.ms);
  }
  return times;
}

async function main() {
  const hashTimes = await timeHashes();
  // BENCH_DATABASE_URL: the same on a real PostgreSQL (an empty database) instead of PGlite.
  const server = await startServer(
    process.env.BENCH_DATABASE_URL ? { env: { DATABASE_URL: process.env.BENCH_DATABASE_URL } } : {},
  );
  try {
    const email = "bench@example.com";
    const password = "Bench7Merchant";
    await registerMerchant(server.baseUrl, email, password);
    const idle = await signInTimes(server.baseUrl, email, password);
    const bursts = await signInTimesWithBursts(server.baseUrl, email, password);
    if (process.env.BENCH_DEBUG) process.stdout.write(`${bursts.map((t) => Math.round(t)).join(" ")}\n`);

    let running = true;
    let bogus = 0;
    const flood = Array.from({ length: attackers }, async (_, i) => {
      while (running) {
        const victim = `bogus${i}-${bogus++}@example.com`;
        await bogusRegistration(server.baseUrl, victim);
      }
    });
    const loaded = await signInTimes(server.baseUrl, email, password);
    running = false;
    await Promise.all(flood);

    const figures = {
      argon2id: {
        parameters: productionCost,
        hashes,
        p50Ms: round(percentile(hashTimes, 50)),
        p99Ms: round(percentile(hashTimes, 99)),
      },
      signIn: {
        runs: signIns,
        idle: { p50Ms: round(percentile(idle, 50)), p99Ms: round(percentile(idle, 99)) },
        with40BogusRegistrations: {
          p50Ms: round(percentile(bursts, 50)),
          p99Ms: round(percentile(bursts, 99)),
          p50Ratio: round(percentile(bursts, 50) / percentile(idle, 50)),
          p99Ratio: round(percentile(bursts, 99) / percentile(idle, 99)),
        },
        sustainedFloodOf40Clients: {
          p50Ms: round(percentile(loaded, 50)),
          p99Ms: round(percentile(loaded, 99)),
          bogusRequests: bogus,
          p50Ratio: round(percentile(loaded, 50) / percentile(idle, 50)),
          p99Ratio: round(percentile(loaded, 99) / percentile(idle, 99)),
        },
        target: "within 2× of idle with 40 bogus registrations in parallel",
      },
    };
    process.stdout.write(
      [
        `argon2id m=${productionCost.memoryKiB} KiB t=${productionCost.passes} p=${productionCost.parallelism}: p50 ${figures.argon2id.p50Ms} ms, p99 ${figures.argon2id.p99Ms} ms over ${hashes} hashes`,
        `sign-in idle: p50 ${figures.signIn.idle.p50Ms} ms, p99 ${figures.signIn.idle.p99Ms} ms over ${signIns}`,
        `sign-in sent with ${attackers} bogus registrations: p50 ${figures.signIn.with40BogusRegistrations.p50Ms} ms (×${figures.signIn.with40BogusRegistrations.p50Ratio}), p99 ${figures.signIn.with40BogusRegistrations.p99Ms} ms (×${figures.signIn.with40BogusRegistrations.p99Ratio}) — target ≤ ×2`,
        `sign-in during a sustained flood from ${attackers} clients (${bogus} bogus registrations): p50 ${figures.signIn.sustainedFloodOf40Clients.p50Ms} ms (×${figures.signIn.sustainedFloodOf40Clients.p50Ratio}), p99 ${figures.signIn.sustainedFloodOf40Clients.p99Ms} ms (×${figures.signIn.sustainedFloodOf40Clients.p99Ratio})`,
        "",
      ].join("\n"),
    );
    const reports = join(repoRoot, "reports");
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, "sign-in-bench.json"), `${JSON.stringify(figures, null, 2)}\n`);
  } finally {
    await server.stop();
  }
}

await main();
