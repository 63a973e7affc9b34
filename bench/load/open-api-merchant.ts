import { applicationWithCredentials, callAsMerchant } from "../../e2e/support/api.ts";
import { merchantSession } from "../../e2e/support/session.ts";
import { devClients } from "../../server/chain/deploy.ts";
import type { DevnetFacts } from "../../server/chain/devnet.ts";

/** What the open-API benches share: a merchant who may call it without a package's limits, and calls timed in flight. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A merchant on the Enterprise package (paid from the dev wallet) with one application: its credentials and session. */
export async function enterpriseApplication(baseUrl: string, facts: DevnetFacts, tag = "address-bench") {
  const session = await merchantSession(baseUrl, tag);
  const accessToken = session.token;
  const as = <T>(path: string, body: unknown = null) => callAsMerchant<T>(baseUrl, accessToken, path, body);
  const packages = await as<Array<{ id: string; kind: string }>>("/api/Package/List");
  const enterprise = packages.find((p) => p.kind === "enterprise");
  if (!enterprise) throw new Error("no Enterprise package");
  const order = await as<{ orderCode: string }>("/api/Order/Create", { packageId: enterprise.id });
  // The devnet mines only when asked: the dev wallet's payment waits for the blocks mined here.
  const paying = as("/api/Chain/DevPay", { orderCode: order.orderCode, product: "Devnet" });
  const test = devClients(facts.rpcUrl).test;
  const deadline = Date.now() + 60_000;
  for (;;) {
    await test.mine({ blocks: 1 });
    const detail = await as<{ status: string }>("/api/Order/Detail", { orderCode: order.orderCode });
    if (detail.status === "paid") break;
    if (Date.now() > deadline) throw new Error(`the Enterprise order stayed ${detail.status}`);
    await sleep(250);
  }
  await paying;
  const credentials = await applicationWithCredentials(baseUrl, session, { name: "Bench shop" });
  return { ...credentials, accessToken };
}

export interface Figure {
  calls: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  refused: Record<string, number>;
}

/** `count` calls of `call(i)`, `concurrency` in flight; each answer's latency and errCode. */
export async function timedCalls(
  concurrency: number,
  count: number,
  call: (i: number) => Promise<{ errCode: string }>,
): Promise<Figure> {
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        const answer = await call(i);
        latencies.push(performance.now() - t0);
        if (answer.errCode !== "0") refused[answer.errCode] = (refused[answer.errCode] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return { calls: count, perSecond: Math.round(count / seconds), p50Ms: at(0.5), p99Ms: at(0.99), refused };
}
