import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { type Address, encodeFunctionData, type Hash, toHex } from "viem";
import { generatePrivateKey, mnemonicToAccount, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { collectionsAgree, reconcileClean } from "../../chaos/invariants.ts";
import { type ServerProcess, serverProcess } from "../../chaos/server-process.ts";
import { defaultPassword, registerViaApi, uniqueEmail } from "../../e2e/support/api.ts";
import type { DB } from "../db/schema.ts";
import { billSweepHash } from "../domain/bills/bill-wire.ts";
import { reconcileCollection } from "../domain/collection/collection-reconcile.ts";
import { collectedChains } from "../domain/collection/collection-setup.ts";
import { ledgerViolations } from "../domain/payments/reconcile.ts";
import { type CallbackReceiver, startCallbackReceiver } from "../testing/callback-receiver.ts";
import { startTestPostgres, type TestPostgres } from "../testing/postgres-server.ts";
import { seedApplication, seedDepositAddress } from "../testing/seed.ts";
import { withChainNodes } from "../wiring/chain-nodes.ts";
import { deployForwarderFactory, forwarderFactoryAbi } from "./deposit-forwarder.ts";
import { randomXpub } from "./hd-wallet.ts";
import { startTestChain, type TestChain } from "./test-chain.ts";
import { erc20Abi } from "./token-abi.ts";

/**
 * Issue 28's proof, through the real servers: two `node server/main.ts` (A and B) on one PostgreSQL and one anvil,
 * both running the callback delivery engine and collection (both hold the gas payer: the factory's operator, anvil's
 * dev account 0). Four applications of two merchants, their recharge callbacks pointed at one loopback receiver;
 * 24 end users' deposit addresses; 200 deposits sent back to back and mined in one block. Then: every deposit is
 * credited once; every `deposit.credited` event reaches the receiver with a 2xx exactly once, with one successful
 * attempt recorded, and every bill's notice says success; every deposit address is swept into the treasury exactly
 * once (one collection row, one Swept event), the treasury holds exactly what was swept, and the reconciles agree.
 * Collection runs every 2 s on each instance here (COLLECTION_INTERVAL_SECONDS), so both race for every run.
 */
const chainId = 31337;
const confirmations = 2;
const deposits = 200;
const endUsersPerApp = 6;
/** anvil's default accounts come from this mnemonic; account 0 is the dev account the test chain deploys with. */
const anvilMnemonic = "test test test test test test test test test test test junk";
const unitsToAtto = (units: bigint) => units * 10n ** 12n;
/** A numeric's text (any scale up to 18) in atto units, to compare sums exactly. */
const atto = (text: string) => {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole!) * 10n ** 18n + BigInt(fraction.padEnd(18, "0").slice(0, 18));
};

let postgres: TestPostgres | undefined;
let chain: TestChain | undefined;
let receiver: CallbackReceiver | undefined;
let pool: pg.Pool | undefined;
let db: Kysely<DB>;
let factory: Address;
let treasury: Address;
let customer: PrivateKeyAccount | undefined;
/** The servers' settings, which `npm run chain -- reconcile` reads too. */
let serverEnv: Record<string, string> = {};
const servers: ServerProcess[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs: number,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

async function rows<R>(query: ReturnType<typeof sql<R>>): Promise<R[]> {
  return (await query.execute(db)).rows;
}

const logTailsOnFailure = () =>
  onTestFailed(() => {
    for (const server of servers)
      process.stderr.write(
        `\n── server ${server.name} (pid ${server.pid}), last lines ──\n${server.lines.slice(-60).join("\n")}\n`,
      );
  });

/** The collection runs a server logged that sent or settled sweeps (collection-jobs.ts; pino lines, msg "collection"). */
function collectionReports(server: ServerProcess): { sent: number; confirmed: number; failed: number }[] {
  return server.lines.flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      const entry = JSON.parse(line) as { msg?: string; sent?: number; confirmed?: number; failed?: number };
      if (entry.msg !== "collection") return [];
      return [{ sent: entry.sent ?? 0, confirmed: entry.confirmed ?? 0, failed: entry.failed ?? 0 }];
    } catch {
      return [];
    }
  });
}

beforeAll(async () => {
  const started = Date.now();
  [postgres, chain, receiver] = await Promise.all([
    // A migrated copy: a first start on an empty database is chaos.process.test.ts's (its first server migrates).
    startTestPostgres({ migrated: true }),
    startTestChain(),
    startCallbackReceiver(),
  ]);
  pool = new pg.Pool({ connectionString: postgres.databaseUrl, max: 2 });
  // An idle client ended by the server (its database dropped as the run finishes: 57P01) is not a failure.
  pool.on("error", (error: Error & { code?: string }) => {
    if (error.code !== "57P01") process.stderr.write(`two-instances-callbacks: idle client failed: ${error.message}\n`);
  });
  db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  // The gas payer is the factory's operator: anvil's account 0, whose key the mnemonic gives.
  const operator = mnemonicToAccount(anvilMnemonic);
  expect(operator.address).toBe(chain.dev);
  const operatorKey = toHex(operator.getHdKey().privateKey!);
  treasury = privateKeyToAccount(generatePrivateKey()).address;
  factory = await deployForwarderFactory(chain.clients, chain.dev, treasury, chain.dev);
  // The customers pay from an account of their own: the gas payer's coin is the platform's, and reconcile checks it
  // against its books (migration 0037).
  customer = await chain.payer();
  serverEnv = {
    DATABASE_URL: postgres.databaseUrl,
    WALLET_XPUB: randomXpub(),
    CHAINS: JSON.stringify([
      {
        product: "Devnet",
        chainId,
        rpcUrl: chain.rpcUrl,
        tokens: [{ address: chain.token }],
        confirmations,
        pollMs: 200,
        depositFactory: factory,
      },
    ]),
    GAS_PAYER_PRIVATE_KEY: operatorKey,
    COLLECTION_THRESHOLD: "1",
    COLLECTION_INTERVAL_SECONDS: "2",
  };
  servers.push(serverProcess("A", serverEnv), serverProcess("B", serverEnv));
  // A first; then B starts beside it.
  await servers[0]!.start();
  await servers[1]!.start();
  process.stdout.write(
    `two-instances-callbacks: PostgreSQL, anvil, receiver and servers A and B ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await db?.destroy();
  await receiver?.stop();
  await Promise.all([postgres?.stop(), chain?.stop()]);
}, 60_000);

interface Deposit {
  hash: Hash;
  to: Address;
  units: bigint;
}

describe("two instances on one PostgreSQL, 200 deposits: every callback delivered once, every address collected once", {
  timeout: 120_000,
}, () => {
  const addresses: { address: Address; appCode: string }[] = [];
  const sent: Deposit[] = [];
  let minedAt = 0;

  // Kept as the one proof that deposits to applications' deposit addresses are credited once across two instances:
  // two-instances.process.test.ts proved the same with fifteen of them and no assertion this one lacks (its check that
  // no transfer is credited other than its amount is below now), so it proves only the orders' transfers there.
  it("200 deposits to 24 deposit addresses of four applications, mined in one block, are each credited once", async () => {
    logTailsOnFailure();
    const [a, b] = servers as [ServerProcess, ServerProcess];
    // Two merchants, registered through the documented calls, one on each instance; two applications each, their
    // recharge callbacks at the receiver (a path per application); six end users' deposit addresses per application,
    // written as App/Add and the open API would.
    for (const [server, tag] of [
      [a, "a"],
      [b, "b"],
    ] as const) {
      const email = uniqueEmail(`two-callbacks-${tag}`);
      await registerViaApi(server.baseUrl, email, defaultPassword);
      const { id } = await db
        .selectFrom("merchants")
        .select("id")
        .where("email", "=", email.toLowerCase())
        .executeTakeFirstOrThrow();
      for (const n of [1, 2]) {
        const app = await seedApplication(db, {
          userId: id,
          name: `Shop ${tag}${n}`,
          rechargeCallbackUrl: receiver!.urlFor(`/${tag}${n}/recharge`),
        });
        for (let u = 1; u <= endUsersPerApp; u++) {
          const { address } = await seedDepositAddress(db, {
            userId: id,
            applicationId: app.applicationId,
            appCode: app.appCode,
            endUserId: `user-${u}`,
            chainId,
            factory,
          });
          addresses.push({ address, appCode: app.appCode });
        }
      }
    }
    expect(addresses).toHaveLength(24);

    // The 200 transfers sent back to back into the node's pool (no block between them), then one block mines them all.
    const { clients } = chain!;
    await chain!.test.setAutomine(false);
    for (let i = 0; i < deposits; i++) {
      const to = addresses[i % addresses.length]!.address;
      const units = 1_000_000n + BigInt(i) * 10_001n;
      const hash = await clients.wallet.sendTransaction({
        account: customer!,
        to: chain!.token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, units] }),
        gas: 100_000n,
        chain: null,
      });
      sent.push({ hash, to, units });
    }
    await chain!.mine(1);
    minedAt = Date.now();
    await chain!.test.setAutomine(true);
    const receipts = await Promise.all(sent.map((d) => clients.public.getTransactionReceipt({ hash: d.hash })));
    expect(receipts.every((r) => r.status === "success")).toBe(true);
    expect(new Set(receipts.map((r) => r.blockNumber)).size).toBe(1);
    // Its confirmations: one more block (2 in all).
    await chain!.mine(confirmations);

    const credited = await until(
      "every deposit credited",
      async () => {
        const found = await rows(sql<{ tx_hash: string; status: string; amount: string }>`
          select lower(t.tx_hash) as tx_hash, b.status, b.amount::text as amount
            from application_bills b join chain_transfers t on t.id = b.transfer_id`);
        return found.length === deposits && found.every((r) => r.status === "credited") && found;
      },
      60_000,
    );
    process.stdout.write(
      `two-instances-callbacks: 200 deposits credited ${((Date.now() - minedAt) / 1000).toFixed(1)} s after their block\n`,
    );
    for (const d of sent)
      expect(atto(credited.find((r) => r.tx_hash === d.hash.toLowerCase())!.amount)).toBe(unitsToAtto(d.units));
    const journals = await rows(sql<{ n: number }>`
      select count(*)::int as n from ledger_journals where kind = 'deposit' group by transfer_id`);
    expect(journals).toHaveLength(deposits);
    expect(journals.every((j) => j.n === 1)).toBe(true);
    expect(await rows(sql`select transfer_id from ledger_transfers where credited <> amount`)).toEqual([]);
    const events = await rows(sql<{ type: string; n: number }>`
      select type, count(*)::int as n from outbox_events group by type`);
    expect(events).toEqual([{ type: "deposit.credited", n: deposits }]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it("every deposit.credited event reaches the receiver with a 2xx exactly once, one successful attempt each, every notice success", async () => {
    logTailsOnFailure();
    const deliveries = await until(
      "every callback delivered",
      async () => {
        const found = await rows(sql<{ event_id: string; status: string; bill_no: string; path: string }>`
          select d.event_id, d.status, b.bill_no, a.recharge_callback_url as path
            from callback_deliveries d join application_bills b on b.id = d.bill_id
            join applications a on a.id = d.application_id where d.event_type = 'deposit.credited'`);
        return found.length === deposits && found.every((d) => d.status === "success") && found;
      },
      60_000,
    );
    process.stdout.write(
      `two-instances-callbacks: 200 callbacks delivered ${((Date.now() - minedAt) / 1000).toFixed(1)} s after the deposits' block\n`,
    );
    // One delivery per outbox event, one event id per delivery.
    const perEvent = await rows(sql<{ n: number }>`
      select count(*)::int as n from callback_deliveries group by outbox_event_id`);
    expect(perEvent).toHaveLength(deposits);
    expect(perEvent.every((e) => e.n === 1)).toBe(true);
    expect(new Set(deliveries.map((d) => d.event_id)).size).toBe(deposits);

    // Both engines idle now; a second delivery of any of them would have arrived by the time every one is recorded.
    await until("the receiver to have every event", async () => receiver!.received.length >= deposits, 10_000);
    for (const d of deliveries) {
      const got = receiver!.byEventId(d.event_id);
      expect(got, `event ${d.event_id} (bill ${d.bill_no})`).toHaveLength(1);
      expect(new URL(d.path).pathname).toBe(got[0]!.path);
      const body = JSON.parse(got[0]!.body.toString("utf8")) as Record<string, unknown>;
      expect(JSON.stringify(body)).toContain(d.bill_no);
    }
    expect(receiver!.received).toHaveLength(deposits);

    const attempts = await rows(sql<{ n: number; ok: number; statuses: string }>`
      select count(*)::int as n, count(*) filter (where a.succeeded)::int as ok,
             string_agg(coalesce(a.response_status::text, a.error), ',') as statuses
        from callback_deliveries d left join callback_attempts a on a.delivery_id = d.id group by d.id`);
    expect(attempts).toHaveLength(deposits);
    for (const a of attempts) expect(a).toEqual({ n: 1, ok: 1, statuses: "200" });
    const notices = await rows(sql<{ notice_status: string; n: number }>`
      select notice_status, count(*)::int as n from application_bills group by notice_status`);
    expect(notices).toEqual([{ notice_status: "success", n: deposits }]);
  });

  // Kept as the one proof of collection as the job queue's runs on two instances: it runs them through two real
  // servers on PostgreSQL and asserts all an in-process copy did (each address swept once by one run and settled by a
  // later one, what each instance's runs sent adding up, the treasury's sum, the reconciles), and more. On PGlite one
  // server runs those jobs on its one connection: main-devnet-deposit.process.test.ts sweeps, then pays out from it.
  // collection.test.ts keeps two collectors started at the same moment, the lease's race, on both engines.
  it("every deposit address is swept into the treasury exactly once; the treasury holds what was swept; the reconciles agree", async () => {
    logTailsOnFailure();
    const expected = new Map<string, bigint>();
    for (const d of sent) expected.set(d.to.toLowerCase(), (expected.get(d.to.toLowerCase()) ?? 0n) + d.units);
    // The sweeps are sent by a run and settled by a later one once they have their confirmations: blocks keep coming.
    const collected = await until(
      "every address collected",
      async () => {
        await chain!.mine(1);
        const bills = await rows(sql<{ n: number }>`
          select count(*)::int as n from application_bills b where ${billSweepHash} is not null`);
        return bills[0]!.n === deposits || null;
      },
      60_000,
      300,
    );
    expect(collected).toBe(true);
    process.stdout.write(
      `two-instances-callbacks: 24 addresses swept and settled ${((Date.now() - minedAt) / 1000).toFixed(1)} s after the deposits' block\n`,
    );
    // Any second sweep would be sent by a later run: two more runs of the queue's collection job finish first.
    const [{ settled }] = (await rows(sql<{ settled: Date }>`select now() as settled`)) as [{ settled: Date }];
    await until(
      "two more collection runs",
      async () => {
        const [done] = await rows(sql<{ n: number }>`
          select count(*)::int as n from pgboss.job where name = 'collection' and state = 'completed' and completed_on > ${settled}`);
        return done!.n >= 2;
      },
      20_000,
    );

    const sweeps = await rows(sql<{ address: string; status: string; amount: string | null; tx_hash: string }>`
      select lower(d.address) as address, c.status, c.amount::text as amount, o.tx_hash
        from collections c join deposit_addresses d on d.id = c.deposit_address_id
        join outgoing_transactions o on o.collection_id = c.id order by c.id`);
    expect(sweeps).toHaveLength(addresses.length);
    expect(new Set(sweeps.map((s) => s.address)).size).toBe(addresses.length);
    for (const s of sweeps) {
      expect(s.status, s.address).toBe("confirmed");
      expect(BigInt(s.amount!), s.address).toBe(expected.get(s.address));
    }
    // Each bill names its address's sweep.
    const billSweeps = await rows(sql<{ address: string; tx: string }>`
      select distinct lower(d.address) as address, lower(${billSweepHash}) as tx
        from application_bills b join deposit_addresses d on d.id = b.deposit_address_id`);
    expect(billSweeps).toHaveLength(addresses.length);
    for (const b of billSweeps) expect(b.tx).toBe(sweeps.find((s) => s.address === b.address)!.tx_hash.toLowerCase());

    // On chain: one Swept event per address, the addresses empty, the treasury holding the sum.
    const swept = await chain!.clients.public.getContractEvents({
      address: factory,
      abi: forwarderFactoryAbi,
      eventName: "Swept",
      fromBlock: 0n,
    });
    expect(swept).toHaveLength(addresses.length);
    expect(new Set(swept.map((e) => e.args.forwarder!.toLowerCase()))).toEqual(new Set(expected.keys()));
    const balanceOf = (owner: Address) =>
      chain!.clients.public.readContract({
        address: chain!.token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [owner],
      });
    for (const { address } of addresses) expect(await balanceOf(address), address).toBe(0n);
    const total = sent.reduce((sum, d) => sum + d.units, 0n);
    expect(swept.reduce((sum, e) => sum + e.args.amount!, 0n)).toBe(total);
    expect(await balanceOf(treasury)).toBe(total);

    // `npm run chain -- reconcile` on the servers' settings: the ledger against the transfers, and on chain the
    // treasury plus what is left in deposit addresses against the deposits seen; it exits 0 only when all agree.
    const reconciled = await promisify(execFile)(process.execPath, ["scripts/chain.ts", "reconcile"], {
      cwd: join(import.meta.dirname, "../.."),
      env: { ...process.env, ...serverEnv },
    });
    expect(reconciled.stdout).toMatch(/^reconcile: clean$/m);
    expect(reconciled.stdout).toMatch(/^collection chain 31337 .* difference 0 ok$/m);
    expect(reconciled.stdout).not.toMatch(/DIFFERS/);
    // The gas payer's coin (both instances sweeping with it) and the treasury's against their books, each to the wei.
    expect(reconciled.stdout.match(/^gas chain 31337 0x[0-9a-f]{40}: .* difference 0 ok$/gm)).toHaveLength(2);
    // The functions behind it, and the chaos harness's invariant that bills and sweeps agree.
    const onChain = await reconcileCollection(
      db,
      collectedChains(
        withChainNodes([
          {
            chainId,
            rpcUrl: chain!.rpcUrl,
            confirmations,
            tokens: [{ address: chain!.token, decimals: 6 }],
            depositFactory: factory,
          },
        ]),
      ),
    );
    expect(onChain.length).toBeGreaterThan(0);
    for (const row of onChain) expect(row, JSON.stringify(row)).toMatchObject({ ok: true });
    expect(await reconcileClean(db, { decimals: 6 })).toEqual([]);
    expect(await collectionsAgree(db, { decimals: 6 })).toEqual([]);
    expect(await ledgerViolations(db)).toEqual([]);

    const reports = servers.map((s) => collectionReports(s));
    const sum = (i: number, key: "sent" | "confirmed") => reports[i]!.reduce((total, r) => total + r[key], 0);
    const sentBy = [sum(0, "sent"), sum(1, "sent")];
    process.stdout.write(
      `two-instances-callbacks: sweeps sent by A ${sentBy[0]}, by B ${sentBy[1]}; settled by A ${sum(0, "confirmed")}, by B ${sum(1, "confirmed")}\n`,
    );
    expect(sentBy[0]! + sentBy[1]!).toBe(addresses.length);
    expect(sum(0, "confirmed") + sum(1, "confirmed")).toBe(addresses.length);
    expect(reports.flat().every((r) => r.failed === 0)).toBe(true);
    // No callback arrived a second time while the addresses were collected.
    expect(receiver!.received).toHaveLength(deposits);
    expect(new Set(receiver!.received.map((r) => r.headers["webhook-id"])).size).toBe(deposits);
    for (const server of servers) {
      const errors = server.lines.filter((line) => /^\{"level":(5|6)\d,/.test(line));
      expect(errors, `${server.name} logged errors`).toEqual([]);
    }
  });
});
