import { resolve } from "node:path";
import { buildServer } from "./app.ts";
import { type ChainLayer, startChainLayer } from "./chain/chain-layer.ts";
import type { WatcherLog } from "./chain/listener.ts";
import { StartupRefusal, type ServerData } from "./db/data-folder.ts";
import { systemResolver } from "./domain/callbacks/callback-target.ts";
import { type CallbackDeliveries, startCallbackDeliveries } from "./domain/callbacks/callback-deliveries.ts";
import { collectionLogTo } from "./domain/collection/collection-log.ts";
import { startConfiguredCollection } from "./domain/collection/collection-setup.ts";
import { googleSettingsFromEnv } from "./domain/identity/google-identity.ts";
import { createSmtpMailer } from "./domain/messaging/mailer.ts";
import { bookTreasuryFloat } from "./domain/payments/treasury-float.ts";
import { demoChainOf } from "./domain/invoices/demo-invoices.ts";
import { ensureDemoMerchant } from "./domain/invoices/demo-merchant.ts";
import { defaultLimits, testServerLimits } from "./domain/platform/limits.ts";
import { defaultConnectionLimits } from "./http/connection-limits.ts";
import { type MetricsListener, metricsListenerOrNone } from "./http/metrics-listener.ts";
import { type StatusSocket, statusSocketOrNone } from "./http/status-socket.ts";
import { refuseToStart, type StartupSettings } from "./startup-settings.ts";
import { withChainNodes } from "./wiring/chain-nodes.ts";
import { chainStatusAnswer } from "./wiring/chain-status.ts";
import { createMoneyListener } from "./wiring/money-listener.ts";
import { serverOperations } from "./wiring/operations.ts";
import { shutdownOnSignals } from "./wiring/shutdown.ts";
import { describeChains, jsonLine } from "./wiring/startup-text.ts";
import { logOutput } from "./wiring/terminal-log.ts";
import { serverWithdrawals, startServerWithdrawals } from "./wiring/withdrawals.ts";

/**
 * The server that `node server/main.ts` starts once its settings passed and its data folder is open: the chain layer
 * (the devnet, the watchers), the HTTP server, the job queue's workers (callbacks, collection, withdrawals), then the
 * listener; a SIGTERM or SIGINT stops them in turn. A separate module so that main.ts loads it only after its checks.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  settings: StartupSettings,
  serverData: ServerData,
): Promise<void> {
  const { production, devOutbox, trustProxy, orderPaySeconds, retrySchedule, collectionIntervalMs } = settings;
  const { drain, metricsAt, port, host, staticDir } = settings;
  const { db, close, secret, listen, engine, jobQueueMigrated } = serverData;
  // On a terminal, short lines and mailed codes in a block; elsewhere pino's JSON lines (wiring/terminal-log.ts).
  const output = logOutput(settings.logFormat, process.stdout);
  const mailer = env.SMTP_URL
    ? await createSmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? "Merchant Console <no-reply@localhost>")
    : output.mailer;
  const google = googleSettingsFromEnv(env);

  // The devnet (anvil, the test USDT) and one watcher per chain, started before the server: the orders domain's listener
  // hears every transfer, and the server answers GetUserWallet and the pay chains from the layer. The listener needs the
  // chain list (the devnet's token is known once it runs), so the layer hands it over before any watcher starts.
  // Until the server's logger exists, the watchers log JSON lines of their own.
  let chainLog: WatcherLog = {
    info: (data, message) => output.jsonLine(jsonLine(30, data, message)),
    warn: (data, message) => output.jsonLine(jsonLine(40, data, message)),
    error: (data, message) => output.jsonLine(jsonLine(50, data, message)),
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
      listener: (currencies) => createMoneyListener({ currencies, log: forwardedLog }),
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

  // /demo01's merchant, on a server that follows the devnet: made at its first start, found at every later one.
  if (demoChainOf(chain.chains)) await ensureDemoMerchant(db, { secret, now: new Date() });

  // Each chain's node, built once for the workers that send (withdrawals, collection): the domain is handed it.
  const nodedChains = withChainNodes(chain.chains);

  // Withdrawals: offered only where this server sends them (wiring/withdrawals.ts).
  let withdrawals: Awaited<ReturnType<typeof serverWithdrawals>> = null;
  try {
    withdrawals = await serverWithdrawals(env, chain, nodedChains);
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
    logger: output.logger,
    limits: devOutbox ? testServerLimits(settings.codeResendSeconds) : defaultLimits,
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
      chains: nodedChains,
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
  let statusSocket: StatusSocket | null = null;
  async function closeAll() {
    await app.close();
    await metricsListener?.close();
    await statusSocket?.close();
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
    // PGlite is this process's alone: `npm run chain -- status` asks it through a socket in the folder instead.
    const dataDir = env.DATA_DIR || "./data";
    if (!env.DATABASE_URL && dataDir !== "memory")
      statusSocket = await statusSocketOrNone(dataDir, chainStatusAnswer(db), app.log);
  } catch (error) {
    app.log.error({ err: error }, "could not listen");
    await closeAll();
    process.exit(1);
  }
}
