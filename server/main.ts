import { resolve } from "node:path";
import { buildServer } from "./app.ts";
import { type ChainLayer, startChainLayer } from "./chain/chain-layer.ts";
import { bookTreasuryFloat } from "./domain/payments/treasury-float.ts";
import { chainConfigFromEnv } from "./chain/config.ts";
import type { WatcherLog } from "./chain/listener.ts";
import { createMoneyListener } from "./wiring/money-listener.ts";
import { systemResolver } from "./domain/callbacks/callback-target.ts";
import { startConfiguredCollection } from "./domain/collection/collection-setup.ts";
import { describeChains, jsonLine, resolveStaticDir } from "./wiring/startup-text.ts";
import { serverOperations } from "./wiring/operations.ts";
import { type MetricsListener, metricsListenerOrNone, metricsSettingsFromEnv } from "./http/metrics-listener.ts";
import { drainSettingsFromEnv, shutdownOnSignals } from "./wiring/shutdown.ts";
import { serverWithdrawals, startServerWithdrawals } from "./wiring/withdrawals.ts";
import { collectionLogTo } from "./domain/collection/collection-log.ts";
import { readCollectionIntervalSeconds } from "./domain/collection/collection-settings.ts";
import {
  type CallbackDeliveries,
  readRetrySchedule,
  startCallbackDeliveries,
} from "./domain/callbacks/callback-deliveries.ts";
import { openServerData, StartupRefusal } from "./db/data-folder.ts";
import { checkSecretSetting } from "./db/server-secret.ts";
import { googleSettingsFromEnv } from "./domain/identity/google-identity.ts";
import { defaultLimits, testServerLimits } from "./domain/platform/limits.ts";
import { createLogMailer, createSmtpMailer } from "./domain/messaging/mailer.ts";
import { currentCost } from "./domain/identity/passwords.ts";
import { readNodeEnv } from "./environment.ts";
import { parseTrustProxy } from "./http/client-address.ts";
import { defaultConnectionLimits } from "./http/connection-limits.ts";

/**
 * `node server/main.ts`: PORT (8080), HOST (127.0.0.1), DATA_DIR (./data) or DATABASE_URL (+ MIGRATION_DATABASE_URL),
 * SMTP_URL + MAIL_FROM, NODE_ENV, STATIC_DIR (./dist when it exists; "" for the API only), TRUST_PROXY,
 * GOOGLE_CLIENT_ID (or its older name VITE_GOOGLE_CLIENT_ID) + GOOGLE_CLIENT_SECRET, GOOGLE_JWKS_URL, GOOGLE_TOKEN_URL, SERVER_SECRET,
 * CHAINS, WALLET_XPUB, DEVNET, DEVNET_PORT, DEVNET_BLOCK_TIME, DEVNET_CONFIRMATIONS (server/chain/config.ts),
 * ORDER_PAY_SECONDS (a test server's order payment window; DEV_OUTBOX=true only), CALLBACK_RETRY_SCHEDULE (a test
 * server's pauses between callback attempts, comma-separated seconds such as 1,1,2; DEV_OUTBOX=true only),
 * GAS_PAYER_PRIVATE_KEY and COLLECTION_THRESHOLD (collection of deposits: server/domain/collection/),
 * COLLECTION_INTERVAL_SECONDS (a test server's pause between collection runs; DEV_OUTBOX=true only),
 * TREASURY_PRIVATE_KEY, WITHDRAWAL_FEE, WITHDRAWAL_DAILY_LIMIT, WITHDRAWAL_REPLACE_AFTER_SECONDS,
 * WITHDRAWAL_INTERVAL_SECONDS, WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS (withdrawals:
 * server/domain/withdrawals/withdrawal-settings.ts), DRAIN_SECONDS and DRAIN_TIMEOUT_SECONDS (wiring/shutdown.ts),
 * METRICS_HOST and METRICS_PORT (http/metrics-listener.ts).
 */
const env = process.env;
// Exactly production, development, test or unset: any other spelling of production would run as development.
const production = readOrRefuse(() => readNodeEnv(env.NODE_ENV)) === "production";
// A test server: GET /api/dev/outbox shows the codes mailed to an address, per-address limits ×10, callback URLs may
// point at loopback or private addresses (its receivers listen there). Never in production.
const devOutbox = env.DEV_OUTBOX === "true";
if (devOutbox && production)
  refuseToStart(new StartupRefusal("DEV_OUTBOX=true is for test servers; unset it with NODE_ENV=production"));
// Without SMTP the codes would only reach the log: a production server must mail them.
try {
  currentCost();
} catch (error) {
  refuseToStart(new StartupRefusal((error as Error).message));
}
if (production && env.PASSWORD_HASH_COST === "test")
  refuseToStart(new StartupRefusal("PASSWORD_HASH_COST=test is for test suites; unset it with NODE_ENV=production"));
if (production && !env.SMTP_URL)
  refuseToStart(new StartupRefusal("NODE_ENV=production needs SMTP_URL (and MAIL_FROM) to mail verification codes"));
// A hand-made SERVER_SECRET (64 zero digits, a repeated pattern) refuses to start; a test server is only warned.
const weakSecret = readOrRefuse(() => checkSecretSetting(env, { testServer: devOutbox }));
if (weakSecret) process.stderr.write(`Warning (test server only): ${weakSecret}\n`);
// The proxies whose X-Forwarded-For names the client: addresses, CIDRs or a hop count; `true` is refused in production.
const trustProxy = readOrRefuse(() => parseTrustProxy(env.TRUST_PROXY, { production }));
// The chain settings are checked before the data folder is touched, like every other refusal above.
try {
  chainConfigFromEnv(env);
} catch (error) {
  refuseToStart(new StartupRefusal((error as Error).message));
}
// A shorter payment window for orders (journeys that watch an order fail): test servers only.
const orderPaySeconds = env.ORDER_PAY_SECONDS?.trim() ? readOrderPaySeconds(env.ORDER_PAY_SECONDS) : undefined;
if (orderPaySeconds !== undefined && !devOutbox)
  refuseToStart(new StartupRefusal("ORDER_PAY_SECONDS is for test servers: set DEV_OUTBOX=true, or unset it"));
// Shorter pauses between callback attempts (journeys that watch a delivery fail): test servers only.
const retrySchedule = env.CALLBACK_RETRY_SCHEDULE?.trim()
  ? readOrRefuse(() => readRetrySchedule(env.CALLBACK_RETRY_SCHEDULE ?? ""))
  : undefined;
if (retrySchedule !== undefined && !devOutbox)
  refuseToStart(new StartupRefusal("CALLBACK_RETRY_SCHEDULE is for test servers: set DEV_OUTBOX=true, or unset it"));
// More frequent collection runs (process tests that watch sweeps sent and settled): test servers only.
const collectionIntervalMs = env.COLLECTION_INTERVAL_SECONDS?.trim()
  ? readOrRefuse(() => readCollectionIntervalSeconds(env.COLLECTION_INTERVAL_SECONDS ?? ""))
  : undefined;
if (collectionIntervalMs !== undefined && !devOutbox)
  refuseToStart(
    new StartupRefusal("COLLECTION_INTERVAL_SECONDS is for test servers: set DEV_OUTBOX=true, or unset it"),
  );
// How a SIGTERM'd server drains: not ready for DRAIN_SECONDS while it still serves, then closed in the time left.
const drain = readOrRefuse(() => drainSettingsFromEnv(env));
// GET /metrics on a listener of its own, loopback by default (null: METRICS_PORT=0).
const metricsAt = readOrRefuse(() => metricsSettingsFromEnv(env));
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? "127.0.0.1";
const staticDir = resolveStaticDir(env.STATIC_DIR);

// Before anything is written: one server per DATA_DIR (a lock file), 0700/0600, the server secret, then the database.
const { db, close, secret, listen, engine, jobQueueMigrated } = await openServerData(env).catch(refuseToStart);
const mailer = env.SMTP_URL
  ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? "Merchant Console <no-reply@localhost>")
  : createLogMailer((line) => process.stdout.write(`${line}\n`));
const google = googleSettingsFromEnv(env);

// The devnet (anvil, the test USDT) and one watcher per chain, started before the server: the orders domain's listener
// hears every transfer, and the server answers GetUserWallet and the pay chains from the layer. The listener needs the
// chain list (the devnet's token is known once it runs), so the layer hands it over before any watcher starts.
// Until the server's logger exists, the watchers log JSON lines of their own.
let chainLog: WatcherLog = {
  info: (data, message) => jsonLine(30, data, message),
  warn: (data, message) => jsonLine(40, data, message),
  error: (data, message) => jsonLine(50, data, message),
};
const forwardedLog: WatcherLog = {
  info: (data, message) => chainLog.info(data, message),
  warn: (data, message) => chainLog.warn(data, message),
  error: (data, message) => chainLog.error(data, message),
};
let chain: ChainLayer;
try {
  chain = await startChainLayer({
    db,
    env,
    dataDir: env.DATA_DIR || "./data",
    log: forwardedLog,
    listener: (chains) => createMoneyListener({ chains, log: forwardedLog }),
  });
} catch (error) {
  await close();
  refuseToStart(new StartupRefusal(`the chain layer did not start: ${(error as Error).message}`));
}

// The devnet's treasury holds the operator's float from its first start: in the books once, so the treasury's books
// cover withdrawals before any sweep reaches it (payments/treasury-float.ts).
if (chain.devnet?.treasuryFloat) {
  const { chainId, token } = chain.devnet;
  await bookTreasuryFloat(db, { chainId, ...token }, BigInt(chain.devnet.treasuryFloat), new Date());
}

// Withdrawals: offered only where this server sends them (wiring/withdrawals.ts).
let withdrawals: Awaited<ReturnType<typeof serverWithdrawals>> = null;
try {
  withdrawals = await serverWithdrawals(env, chain);
} catch (error) {
  await chain.stop();
  await close();
  refuseToStart(new StartupRefusal(`withdrawals: ${(error as Error).message}`));
}

// GET /readyz (the database and its migrations, each chain's nodes; the job queue once it runs) and the metrics.
const { readiness, metrics } = serverOperations({ db, splitRoles: jobQueueMigrated === true, chains: chain.chains });
const app = await buildServer({
  db,
  secret,
  google,
  allowGoogleSignIn: google !== null,
  staticDir,
  mailer,
  production,
  devOutbox,
  logger: true,
  limits: devOutbox ? testServerLimits() : defaultLimits,
  trustProxy,
  // Every browser journey of a test server comes from one loopback address: ×10, like the per-address limits.
  connections: devOutbox ? { perAddress: defaultConnectionLimits.perAddress * 10 } : undefined,
  // One LISTEN on order_events for this process: live order status from whichever instance made the change.
  liveEvents: { listen },
  chain,
  orderPaySeconds,
  withdrawals: withdrawals?.rules ?? null,
  readiness,
  metrics,
}).catch(async (error: unknown) => {
  await chain.stop();
  await close();
  throw error;
});
chainLog = metrics.watcherLog(app.log);

// Callbacks: the job queue (pg-boss in the database) and the delivery engine; every instance shares the work.
let callbacks: CallbackDeliveries;
try {
  if (!engine) throw new Error("the database did not say what it runs on");
  callbacks = await startCallbackDeliveries({
    db,
    engine,
    listen,
    jobQueueMigrated,
    secret,
    targets: { allowPrivate: devOutbox && !production, resolve: systemResolver },
    clock: () => new Date(),
    retrySchedule,
    log: app.log,
    onAttempt: metrics.callbackAttempt,
  });
  readiness.add("jobQueue", () => callbacks.queue.health());
} catch (error) {
  app.log.error({ err: error }, "the callback delivery engine did not start");
  await app.close();
  await chain.stop();
  await close();
  process.exit(1);
}

// Collection: sweeps of deposit addresses into the treasury, as jobs on the same queue (null: nothing to collect, or no
// gas payer on this instance). A gas payer that is not the factory's operator refuses to start.
let stopCollection: (() => Promise<void>) | null = null;
try {
  stopCollection = await startConfiguredCollection({
    queue: callbacks.queue,
    db,
    chains: chain.chains,
    devAccount: chain.devnet?.devAccount,
    env,
    intervalMs: collectionIntervalMs,
    log: collectionLogTo(app.log),
    onReport: metrics.collectionRun,
  });
} catch (error) {
  app.log.error({ err: error }, "collection did not start");
  await app.close();
  await chain.stop();
  await callbacks.stop();
  await close();
  process.exit(1);
}

// The withdrawal sender, as jobs on the same queue; without it no withdrawal is offered (buildServer's rules above).
let stopWithdrawals: (() => Promise<void>) | null = null;
try {
  stopWithdrawals = await startServerWithdrawals(withdrawals, { queue: callbacks.queue, db, log: app.log });
} catch (error) {
  app.log.error({ err: error }, "the withdrawal sender did not start");
  await app.close();
  await stopCollection?.();
  await chain.stop();
  await callbacks.stop();
  await close();
  process.exit(1);
}

// The HTTP server first (its streams end, its requests finish), then the workers (their jobs finish or are given
// back), the chain, the queue and the database.
let metricsListener: MetricsListener | null = null;
async function closeAll() {
  await app.close();
  await metricsListener?.close();
  await stopCollection?.();
  await stopWithdrawals?.();
  await chain.stop();
  await callbacks.stop();
  await close();
}
const stop = shutdownOnSignals({ settings: drain, readiness, close: closeAll, log: app.log });
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

try {
  const address = await app.listen({ port, host });
  const where = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${resolve(env.DATA_DIR ?? "./data")}`;
  process.stdout.write(
    `Merchant Console API on ${address} — ${where}; ${staticDir ? `console from ${staticDir}` : "API only (no built console)"}${devOutbox ? "; dev outbox at /api/dev/outbox?to=" : ""}\n`,
  );
  process.stdout.write(describeChains(chain));
  metricsListener = await metricsListenerOrNone(metricsAt, metrics, app.log);
  if (metricsListener) process.stdout.write(`Metrics on http://${metricsListener.address}/metrics\n`);
} catch (error) {
  app.log.error({ err: error }, "could not listen");
  await closeAll();
  process.exit(1);
}

function readOrderPaySeconds(setting: string): number {
  const seconds = Number(setting);
  if (!Number.isInteger(seconds) || seconds < 5 || seconds > 86_400)
    refuseToStart(new StartupRefusal("ORDER_PAY_SECONDS must be a whole number of seconds from 5 to 86400"));
  return seconds;
}

/** A setting's reader, its error turned into a refusal to start (its message, no stack). */
function readOrRefuse<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    refuseToStart(new StartupRefusal((error as Error).message));
  }
}

function refuseToStart(error: unknown): never {
  process.stderr.write(
    error instanceof StartupRefusal
      ? `Merchant Console cannot start: ${error.message}\n`
      : `${(error as Error)?.stack ?? error}\n`,
  );
  process.exit(1);
}
