import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { balanceResult } from "../../contracts/schemas/balance.ts";
import { type Order, order as orderSchema, orderEventsPath } from "../../contracts/schemas/orders.ts";
import { defaultPassword, registerViaApi, uniqueEmail } from "../../e2e/support/api.ts";
import { launchBrowser, openPage } from "../../e2e/support/browser.ts";
import { gridRow, signIn, waitForPath } from "../../e2e/support/console.ts";
import { openEventStream, type OpenedEventStream } from "../testing/event-stream.ts";
import { builtConsole } from "../testing/built-console.ts";
import { startTestPostgres, type TestPostgres } from "../testing/postgres-server.ts";
import { randomXpub } from "./hd-wallet.ts";
import { startTestChain, type TestChain } from "./test-chain.ts";
import { testNodeFlags } from "../testing/test-node-flags.ts";

/**
 * Issue 8, "two instances on one real PostgreSQL": two `node server/main.ts` (A and B) on one PostgreSQL database and
 * one anvil, the same WALLET_XPUB and CHAINS (chain id 31337). A holds the chain's watcher lease; an order created on
 * A is paid by transfers A's watcher confirms, and a stream and a real browser on B see it paid (NOTIFY). Every
 * transfer ends up stored once, confirmed and credited once; B answers the balance. Deposits to applications' deposit
 * addresses, each credited once with one bill, one deposit journal and one outbox event across two instances, are
 * two-instances-callbacks.process.test.ts's (200 of them). A kill -9 of the lease holder
 * while transfers arrive, and B taking the lapsed lease over, is the chaos harness's (chaos/chaos.process.test.ts, the
 * CI seed that kills the lease holder), on the same two-instance set-up with a 3 s lease. The console is `dist` when
 * `npm run build` made it after the last change (as under `npm test`), else built into a temporary folder here
 * (testing/built-console.ts), so the browser part never sees a console older than the code.
 * A missing Chromium is a failure (scripts/setup-chromium.sh installs it as root), never a skip.
 */
const repoRoot = join(import.meta.dirname, "../..");
const chainId = 31337;
/** watcher.ts: the lease lasts 15 s. */
const leaseMs = 15_000;
const usdt = (text: string) => {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, "0"));
};
/** A numeric's text (any scale up to 18) in atto units, to compare sums exactly. */
const atto = (text: string) => {
  const negative = text.startsWith("-");
  const [whole, fraction = ""] = text.replace(/^-/, "").split(".");
  const value = BigInt(whole!) * 10n ** 18n + BigInt(fraction.padEnd(18, "0").slice(0, 18));
  return negative ? -value : value;
};
const unitsToAtto = (units: bigint) => units * 10n ** 12n;

interface Instance {
  name: "A" | "B";
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** Everything it printed (pino JSON lines and the start banner). */
  lines: string[];
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const folders: string[] = [];
const instances: Instance[] = [];
const streams: OpenedEventStream[] = [];
let postgres: TestPostgres | undefined;
let pool: pg.Pool | undefined;
let chain: TestChain | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page;
let staticDir = "";
let a: Instance;
let b: Instance;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function killGroup(instance: Instance, signal: NodeJS.Signals): void {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  try {
    // Its own process group (detached): whatever it might have started goes too.
    process.kill(-instance.pid, signal);
  } catch {
    instance.child.kill(signal);
  }
}
/** If the worker dies before afterAll, no server may outlive it. */
const orphanGuard = () => {
  for (const instance of instances) killGroup(instance, "SIGKILL");
};
process.once("exit", orphanGuard);

/** `node server/main.ts` on the shared database and chain, API and the freshly built console, on a free loopback port. */
async function startInstance(name: "A" | "B", env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `mc-two-chain-${name}-`));
  folders.push(dataDir);
  const child = spawn(process.execPath, [...testNodeFlags, "server/main.ts"], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DEV_OUTBOX: "true",
      SMTP_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      DEVNET: "false",
      // Codes are hashed with the server secret: instances of one service share it.
      SERVER_SECRET: "cd".repeat(32),
      PASSWORD_HASH_COST: "test",
      ORDER_PAY_SECONDS: "",
      TRUST_PROXY: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const instance: Instance = {
    name,
    child,
    pid: child.pid!,
    baseUrl: "",
    lines,
    exit: new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal }))),
  };
  instances.push(instance);
  let partial = "";
  const keep = (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts.filter(Boolean));
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  instance.baseUrl = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const address = lines.map((line) => /API on (http:\/\/\S+)/.exec(line)?.[1]).find(Boolean);
      if (address) resolve(address.replace(/[—;,]+$/, ""));
    };
    child.stdout!.on("data", look);
    void instance.exit.then(({ code, signal }) =>
      reject(new Error(`${name}: server/main.ts exited (${code ?? signal}) before it listened:\n${tail(instance)}`)),
    );
  });
  return instance;
}

const tail = (instance: Instance, n = 40) => instance.lines.slice(-n).join("\n");

/** The chain transfers an instance's own watcher confirmed, by its log (chain-layer.ts logs "chain transfer" with event "confirmed"). */
function confirmedBy(instance: Instance): Set<string> {
  const hashes = new Set<string>();
  for (const line of instance.lines) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; event?: string; tx?: string };
      if (entry.msg === "chain transfer" && entry.event === "confirmed" && entry.tx) hashes.add(entry.tx.toLowerCase());
    } catch {
      // not a log line
    }
  }
  return hashes;
}

const logTailsOnFailure = () =>
  onTestFailed(() => {
    for (const instance of instances)
      process.stderr.write(
        `\n── server ${instance.name} (pid ${instance.pid}), last lines ──\n${tail(instance, 60)}\n`,
      );
  });

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

async function query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  return (await pool!.query<R>(text, values)).rows;
}

interface Lease {
  holder: string;
  pid: number;
  expiresAt: Date;
  acquiredAt: Date;
  /** expires_at − now() on the database's clock. */
  remainingMs: number;
}

/** The chain's lease row. Holders are `${hostname}/${pid}/${random}` (watcher.ts newHolderId): the pid names the process. */
async function lease(): Promise<Lease | null> {
  const [row] = await query<{ holder: string; expires_at: Date; acquired_at: Date; remaining_ms: string }>(
    "select holder, expires_at, acquired_at, (extract(epoch from expires_at - now()) * 1000)::bigint::text as remaining_ms from chain_leases where chain_id = $1",
    [chainId],
  );
  if (!row) return null;
  const pid = /\/(\d+)\/[0-9a-f]{8}$/.exec(row.holder)?.[1];
  if (!pid) throw new Error(`a lease holder that does not name its process: ${row.holder}`);
  return {
    holder: row.holder,
    pid: Number(pid),
    expiresAt: row.expires_at,
    acquiredAt: row.acquired_at,
    remainingMs: Number(row.remaining_ms),
  };
}

interface Envelope {
  success: boolean;
  errCode: string;
  errMsg: string;
  // biome-ignore lint/suspicious/noExplicitAny: each call's resData is checked where it is read
  resData: any;
}

async function api(instance: Instance, path: string, body: unknown = {}, token?: string): Promise<Envelope> {
  const response = await fetch(`${instance.baseUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      language: "en-US",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope;
}

async function ok(instance: Instance, path: string, body: unknown = {}, token?: string): Promise<Envelope["resData"]> {
  const answer = await api(instance, path, body, token);
  if (!answer.success) throw new Error(`${instance.name} ${path} refused: ${JSON.stringify(answer)}`);
  return answer.resData;
}

interface Merchant {
  email: string;
  token: string;
  address: Address;
}

/** Registered through the documented calls (the dev outbox gives the code), signed in, its receiving address asked. */
async function merchant(on: Instance, tag: string): Promise<Merchant> {
  const email = uniqueEmail(`two-${tag}`);
  await registerViaApi(on.baseUrl, email);
  const token = (await ok(on, "/api/Login/Login", { email, password: defaultPassword })).accessToken as string;
  const wallet = await ok(on, "/api/wallet/DevnetClient/GetUserWallet", { currency: "USDT" }, token);
  expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return { email, token, address: wallet.address as Address };
}

async function createOrder(on: Instance, who: Merchant): Promise<Order> {
  const packages = (await ok(on, "/api/Package/List", {}, who.token)) as { id: string; code: string }[];
  const basic = packages.find((p) => p.code === "basic")!;
  return orderSchema.parse(await ok(on, "/api/Order/Create", { packageId: basic.id }, who.token));
}

async function watch(on: Instance, who: Merchant, orderCode: string): Promise<OpenedEventStream> {
  const live = await openEventStream(`${on.baseUrl}${orderEventsPath}?orderCode=${orderCode}`, {
    authorization: `Bearer ${who.token}`,
    language: "en-US",
  });
  streams.push(live);
  expect(live.status).toBe(200);
  return live;
}

const orders = (live: OpenedEventStream) => live.events.map((e) => orderSchema.parse(JSON.parse(e.data)));
const statuses = (live: OpenedEventStream) => orders(live).map((o) => o.status);

interface Sent {
  label: string;
  to: Merchant;
  amount: bigint;
  hash: string;
}
const sent: Sent[] = [];

async function pay(label: string, to: Merchant, amount: string): Promise<Sent> {
  const { hash } = await chain!.pay(to.address, usdt(amount));
  const transfer = { label, to, amount: usdt(amount), hash: hash.toLowerCase() };
  sent.push(transfer);
  return transfer;
}

const transferRow = async (hash: string) =>
  (
    await query<{ status: string; confirmations: number }>(
      "select status, confirmations from chain_transfers where lower(tx_hash) = $1",
      [hash],
    )
  )[0];

beforeAll(async () => {
  const started = Date.now();
  // Chromium (installed when missing and we are root, as e2e/global-setup.ts does); no Chromium is a failure.
  execFileSync("bash", ["scripts/setup-chromium.sh"], { cwd: repoRoot, stdio: "inherit" });
  const built = Date.now();
  const consoleFolder = mkdtempSync(join(tmpdir(), "mc-two-chain-console-"));
  folders.push(consoleFolder);
  const build = builtConsole(consoleFolder).then(({ dir, how }) => {
    staticDir = dir;
    process.stdout.write(`two-instances: console ${how}, in ${((Date.now() - built) / 1000).toFixed(1)} s\n`);
  });
  await Promise.all([
    build,
    // A migrated copy: a first start on an empty database is chaos.process.test.ts's (its first server migrates).
    startTestPostgres({ migrated: true }).then((p) => {
      postgres = p;
    }),
    startTestChain().then((c) => {
      chain = c;
    }),
    launchBrowser().then((launched) => {
      browser = launched;
    }),
  ]);
  pool = new pg.Pool({ connectionString: postgres!.databaseUrl, max: 2 });
  // An idle client the server ends (its database dropped as the run finishes: 57P01) is not a failure of the test;
  // without a listener the pool would throw it as an uncaught exception.
  pool.on("error", (error: Error & { code?: string }) => {
    if (error.code !== "57P01") process.stderr.write(`two-instances: idle database client failed: ${error.message}\n`);
  });
  const env = {
    DATABASE_URL: postgres!.databaseUrl,
    WALLET_XPUB: randomXpub(),
    CHAINS: JSON.stringify([
      {
        product: "Devnet",
        chainId,
        rpcUrl: chain!.rpcUrl,
        tokens: [{ address: chain!.token }],
        confirmations: 2,
        pollMs: 200,
      },
    ]),
  };
  // A alone first: it takes the watcher lease; only then B, which follows.
  a = await startInstance("A", env);
  await until("A to hold the watcher lease", async () => (await lease())?.pid === a.pid, 15_000);
  b = await startInstance("B", env);
  process.stdout.write(
    `two-instances: PostgreSQL, anvil, console, Chromium and servers A (pid ${a.pid}) and B (pid ${b.pid}) ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}, 120_000);

afterAll(async () => {
  for (const live of streams) live.close();
  await context?.close().catch(() => {});
  await browser?.close().catch(() => {});
  await Promise.all(
    instances.map(async (instance) => {
      killGroup(instance, "SIGTERM");
      const stopped = await Promise.race([instance.exit.then(() => true), sleep(10_000).then(() => false)]);
      if (!stopped) {
        killGroup(instance, "SIGKILL");
        await instance.exit;
      }
    }),
  );
  process.off("exit", orphanGuard);
  await pool?.end();
  await Promise.all([postgres?.stop(), chain?.stop()]);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}, 60_000);

describe("two server instances on one PostgreSQL and one chain: one watches, the other relays", {
  timeout: 90_000,
}, () => {
  let payer: Merchant;
  let saver: Merchant;
  let first: Order;
  let firstLive: OpenedEventStream;

  it("A holds the lease (named by its pid), B follows; both answer the same receiving address from the shared WALLET_XPUB", async () => {
    logTailsOnFailure();
    const held = (await lease())!;
    expect(held.pid).toBe(a.pid);
    expect(held.remainingMs).toBeGreaterThan(0);
    expect(held.remainingMs).toBeLessThanOrEqual(leaseMs);
    // B has been up for a tick or more and has not taken it.
    await sleep(1_000);
    expect((await lease())!.holder).toBe(held.holder);
    expect(b.lines.join("\n")).toMatch(/Watching Devnet \(chain id 31337\): USDT 0x[0-9a-fA-F]{40}, 2 confirmations/);

    payer = await merchant(a, "payer");
    saver = await merchant(b, "saver");
    const onB = await ok(b, "/api/wallet/DevnetClient/GetUserWallet", { currency: "USDT" }, payer.token);
    expect(onB.address).toBe(payer.address);
    expect(
      (await ok(a, "/api/Chain/List", {}, saver.token)).map(
        (c: { product: string; devnet: boolean; confirmations: number }) => [c.product, c.devnet, c.confirmations],
      ),
    ).toEqual([["Devnet", true, 2]]);
  });

  it("an order created on A, paid by transfers A's watcher confirms, turns paid in a stream and a browser on B", async () => {
    logTailsOnFailure();
    first = await createOrder(a, payer);
    expect(first).toMatchObject({ status: "pending", amount: "29" });
    firstLive = await watch(b, payer, first.orderCode);
    await firstLive.waitForEvents(1);
    // The order's creation may still be on its way to B's LISTEN when the stream opens: B then sends it once more.
    expect(new Set(statuses(firstLive))).toEqual(new Set(["pending"]));

    // A real browser on B: signed in, My orders, Pay on the row: the pay dialog follows the order over B's stream.
    ({ context, page } = await openPage(browser!, b.baseUrl));
    await page.goto("/login");
    await signIn(page, payer.email);
    await waitForPath(page, "/console/index");
    await page.goto("/order/list");
    const row = await gridRow(page.getByTestId("orders-table"), { hasText: first.orderCode });
    await row.getByRole("button", { name: "Pay", exact: true }).click();
    await expect
      .poll(async () => (await page.getByTestId("pay-address").textContent())?.trim(), { timeout: 15_000 })
      .toBe(payer.address);

    // 10 of 29, confirmed (the block of the mine gives it its second confirmation): waiting, 19 still to pay.
    await pay("t1 order 1, short", payer, "10");
    await chain!.mine(1);
    await expect.poll(() => orders(firstLive).at(-1)?.received, { timeout: 15_000 }).toBe("10");
    expect(orders(firstLive).at(-1)!.status).toBe("waiting");
    await expect
      .poll(async () => (await page.getByRole("dialog").getByTestId("pay-received").textContent()) ?? "", {
        timeout: 15_000,
      })
      .toMatch(/Confirmed 10(\.0+)? USDT · Seen, confirming 0(\.0+)? USDT · Still to send 19/);

    // 20 more: 30 of 29, paid, the excess 1 to the balance.
    await pay("t2 order 1, the rest and 1 too many", payer, "20");
    await chain!.mine(1);
    await expect.poll(() => statuses(firstLive).at(-1), { timeout: 15_000 }).toBe("paid");
    expect(statuses(firstLive)).toContain("waiting");
    expect(orders(firstLive).at(-1)).toMatchObject({
      status: "paid",
      payType: "chain",
      received: "30",
      remaining: "0",
    });

    // The browser on B, on My orders: "Payment complete", the row behind it already Paid; Close leaves the page as is.
    const notice = page.getByRole("alertdialog");
    await notice.locator(".pay-paid-title").waitFor({ timeout: 15_000 });
    expect(await notice.locator(".pay-paid-title").textContent()).toMatch(/^Payment complete/);
    await (await gridRow(page.getByTestId("orders-table"), { hasText: first.orderCode }))
      .getByText("Paid", { exact: true })
      .waitFor();
    await notice.getByRole("button", { name: "Close", exact: true }).click();
    await notice.waitFor({ state: "detached" });
    await waitForPath(page, "/order/list");

    // Two transfers to a merchant with no order: the balance, confirmed by A too.
    await pay("t3 no order", saver, "1.5");
    await pay("t4 no order", saver, "2.25");
    await chain!.mine(1);
    await until("t3 and t4 confirmed", async () => (await transferRow(sent[3]!.hash))?.status === "confirmed", 15_000);

    // A's watcher confirmed all of them, B's none: A held the lease throughout. (A logs a confirmation after it is
    // committed, and its output reaches this test a little later on a loaded machine: wait for the lines.)
    await until(
      "A's log to name every transfer confirmed",
      async () => sent.every((t) => confirmedBy(a).has(t.hash)) || null,
      10_000,
    );
    const byA = confirmedBy(a);
    for (const t of sent) expect(byA.has(t.hash), `${t.label} confirmed by A`).toBe(true);
    expect(confirmedBy(b).size).toBe(0);
    expect((await lease())!.pid).toBe(a.pid);
  });

  it("every transfer is stored once, confirmed, and credited once; B answers the balance", async () => {
    logTailsOnFailure();
    expect(sent).toHaveLength(4);
    const rows = await query<{
      tx_hash: string;
      log_index: number;
      to_address: string;
      amount: string;
      status: string;
      confirmations: number;
    }>("select tx_hash, log_index, to_address, amount::text, status, confirmations from chain_transfers order by id");
    // Exactly our four, each once (the unique key is chain, tx hash, log index), confirmed, with its amount and recipient.
    expect(rows.map((r) => r.tx_hash.toLowerCase()).sort()).toEqual(sent.map((t) => t.hash).sort());
    for (const t of sent) {
      const row = rows.find((r) => r.tx_hash.toLowerCase() === t.hash)!;
      expect(row, t.label).toMatchObject({
        status: "confirmed",
        amount: t.amount.toString(),
        to_address: t.to.address,
      });
      expect(row.confirmations, t.label).toBeGreaterThanOrEqual(2);
    }

    // The ledger: no transfer credited beyond its value (or other than once when confirmed), no reorganisation debits.
    const doubled = await query("select transfer_id from ledger_transfers where credited <> amount");
    expect(doubled).toEqual([]);
    const ledger = await query<{
      tx_hash: string | null;
      kind: string;
      amount: string;
      journal: string;
      email: string;
    }>(
      `select t.tx_hash, case j.kind when 'orderPaid' then 'excess' else j.kind end as kind, l.amount::text, j.kind as journal, m.email
         from ledger_lines l join ledger_journals j on j.id = l.journal_id join ledger_accounts a on a.id = l.account_id
         join merchants m on m.id = a.merchant_id left join chain_transfers t on t.id = j.transfer_id
         where a.kind = 'merchant' order by l.id`,
    );
    expect(ledger.every((e) => e.tx_hash !== null && !["reorg", "restore"].includes(e.journal))).toBe(true);
    const links = await query<{
      tx_hash: string;
      order_code: string;
      amount: string;
      counted: boolean;
      to_balance: boolean;
    }>(
      `select t.tx_hash, o.order_code, l.amount::text, l.counted, l.to_balance
         from order_transfers l join chain_transfers t on t.id = l.transfer_id join orders o on o.id = l.order_id order by t.id`,
    );
    const entriesOf = (hash: string) => ledger.filter((e) => e.tx_hash?.toLowerCase() === hash);
    const linkOf = (hash: string) => links.find((l) => l.tx_hash.toLowerCase() === hash);
    for (const t of sent) {
      const link = linkOf(t.hash);
      const credits = entriesOf(t.hash);
      if (t.to === saver) {
        // No order: the whole transfer to the balance, once.
        expect(link, t.label).toBeUndefined();
        expect(
          credits.map((e) => [e.kind, atto(e.amount)]),
          t.label,
        ).toEqual([["unmatched", unitsToAtto(t.amount)]]);
      } else {
        // Counted for its order; the one that completed it credited the excess (1 USDT), once.
        expect(link, t.label).toMatchObject({ counted: true, to_balance: false });
        expect(atto(link!.amount), t.label).toBe(unitsToAtto(t.amount));
      }
    }
    expect(linkOf(sent[0]!.hash)!.order_code).toBe(first.orderCode);
    expect(entriesOf(sent[0]!.hash)).toEqual([]);
    expect(entriesOf(sent[1]!.hash).map((e) => [e.kind, e.amount])).toEqual([["excess", "1.000000000000000000"]]);

    // What the orders took (their price, paid on chain) plus every credit is exactly what was sent, per merchant.
    for (const who of [payer, saver]) {
      const [paid] = await query<{ n: number; total: string | null; from_balance: string | null }>(
        `select count(*)::int as n, sum(o.amount)::text as total, sum(o.from_balance)::text as from_balance
           from orders o join merchants m on m.id = o.merchant_id where m.email = $1 and o.status = 'paid' and o.pay_type = 'chain'`,
        [who.email],
      );
      const credited = ledger.filter((e) => e.email === who.email).reduce((sum, e) => sum + atto(e.amount), 0n);
      const total = sent.filter((t) => t.to === who).reduce((sum, t) => sum + unitsToAtto(t.amount), 0n);
      expect(atto(paid!.total ?? "0") + credited, who.email).toBe(total);
      expect(atto(paid!.from_balance ?? "0")).toBe(0n);
      expect(paid!.n).toBe(who === payer ? 1 : 0);
    }

    // B answers the balance of what A's watcher credited.
    const payerBalance = balanceResult.parse(await ok(b, "/api/Account/Balance", {}, payer.token));
    expect(payerBalance.balance).toBe("1");
    expect(payerBalance.entries.map((e) => e.kind)).toEqual(["excess"]);
    const saverBalance = balanceResult.parse(await ok(b, "/api/Account/Balance", {}, saver.token));
    expect(saverBalance.balance).toBe("3.75");
    expect(saverBalance.entries.map((e) => e.txHash?.toLowerCase()).sort()).toEqual(
      sent
        .filter((t) => t.to === saver)
        .map((t) => t.hash)
        .sort(),
    );

    // Neither watcher nor anything else logged an error (pino level 50 and above) along the way.
    for (const instance of instances) {
      const errors = instance.lines.filter((line) => /^\{"level":(5|6)\d,/.test(line));
      expect(errors, `${instance.name} logged errors`).toEqual([]);
    }
  });
});
