import { chainConfigFromEnv } from "./chain/config.ts";
import { StartupRefusal } from "./db/data-folder.ts";
import { checkSecretSetting } from "./db/server-secret.ts";
import { readRetrySchedule } from "./domain/callbacks/retry-schedule.ts";
import { readCollectionIntervalSeconds } from "./domain/collection/collection-settings.ts";
import { currentCost } from "./domain/identity/passwords.ts";
import { readNodeEnv } from "./environment.ts";
import { parseTrustProxy, type TrustProxy } from "./http/client-address.ts";
import { type MetricsSettings, metricsSettingsFromEnv } from "./http/metrics-listener.ts";
import { type DrainSettings, drainSettingsFromEnv } from "./wiring/shutdown.ts";
import { resolveStaticDir } from "./wiring/startup-text.ts";
import { type LogFormat, readLogFormat } from "./wiring/terminal-log.ts";

/** The settings of `node server/main.ts` that it checks before it touches the data folder or loads the server. */
export interface StartupSettings {
  production: boolean;
  /** A test server: DEV_OUTBOX=true (never in production). */
  devOutbox: boolean;
  /** A hand-made SERVER_SECRET on a test server: warned about, not refused. */
  weakSecret: string | null;
  trustProxy: TrustProxy;
  orderPaySeconds: number | undefined;
  retrySchedule: number[] | undefined;
  collectionIntervalMs: number | undefined;
  codeResendSeconds: number | undefined;
  drain: DrainSettings;
  /** GET /metrics's own listener (null: METRICS_PORT=0). */
  metricsAt: MetricsSettings | null;
  port: number;
  host: string;
  staticDir: string | undefined;
  /** LOG_FORMAT: short lines on a terminal (`pretty`), pino's JSON lines otherwise (wiring/terminal-log.ts). */
  logFormat: LogFormat;
}

/**
 * Every setting `node server/main.ts` can check from the environment alone, in the order it reports them; the first
 * mistake throws a StartupRefusal naming it. Only light modules are imported here (no database engine, HTTP server or
 * chain client: server/main.ts loads those once the settings pass), so a refusal comes at once.
 */
export function readStartupSettings(env: NodeJS.ProcessEnv): StartupSettings {
  // Exactly production, development, test or unset: any other spelling of production would run as development.
  const production = readOrRefuse(() => readNodeEnv(env.NODE_ENV)) === "production";
  // A test server: GET /api/dev/outbox shows the codes mailed to an address, per-address limits ×10, callback URLs
  // may point at loopback or private addresses (its receivers listen there). Never in production.
  const devOutbox = env.DEV_OUTBOX === "true";
  if (devOutbox && production)
    throw new StartupRefusal("DEV_OUTBOX=true is for test servers; unset it with NODE_ENV=production");
  readOrRefuse(currentCost);
  if (production && env.PASSWORD_HASH_COST === "test")
    throw new StartupRefusal("PASSWORD_HASH_COST=test is for test suites; unset it with NODE_ENV=production");
  // Without SMTP the codes would only reach the log: a production server must mail them.
  if (production && !env.SMTP_URL)
    throw new StartupRefusal("NODE_ENV=production needs SMTP_URL (and MAIL_FROM) to mail verification codes");
  // A hand-made SERVER_SECRET (64 zero digits, a repeated pattern) refuses to start; a test server is only warned.
  const weakSecret = readOrRefuse(() => checkSecretSetting(env, { testServer: devOutbox }));
  // The proxies whose X-Forwarded-For names the client: addresses, CIDRs or a hop count; `true` is refused in
  // production.
  const trustProxy = readOrRefuse(() => parseTrustProxy(env.TRUST_PROXY, { production }));
  readOrRefuse(() => chainConfigFromEnv(env));
  // A shorter payment window for orders (journeys that watch an order fail): test servers only.
  const orderPaySeconds = env.ORDER_PAY_SECONDS?.trim() ? readOrderPaySeconds(env.ORDER_PAY_SECONDS) : undefined;
  if (orderPaySeconds !== undefined && !devOutbox)
    throw new StartupRefusal("ORDER_PAY_SECONDS is for test servers: set DEV_OUTBOX=true, or unset it");
  // Shorter pauses between callback attempts (journeys that watch a delivery fail): test servers only.
  const retrySchedule = env.CALLBACK_RETRY_SCHEDULE?.trim()
    ? readOrRefuse(() => readRetrySchedule(env.CALLBACK_RETRY_SCHEDULE ?? ""))
    : undefined;
  if (retrySchedule !== undefined && !devOutbox)
    throw new StartupRefusal("CALLBACK_RETRY_SCHEDULE is for test servers: set DEV_OUTBOX=true, or unset it");
  // More frequent collection runs (process tests that watch sweeps sent and settled): test servers only.
  const collectionIntervalMs = env.COLLECTION_INTERVAL_SECONDS?.trim()
    ? readOrRefuse(() => readCollectionIntervalSeconds(env.COLLECTION_INTERVAL_SECONDS ?? ""))
    : undefined;
  if (collectionIntervalMs !== undefined && !devOutbox)
    throw new StartupRefusal("COLLECTION_INTERVAL_SECONDS is for test servers: set DEV_OUTBOX=true, or unset it");
  // A shorter wait between one requester's codes of a purpose (the wallet journey: a destination added, then a
  // withdrawal, each with a mailed code): test servers only.
  const codeResendSeconds = env.CODE_RESEND_SECONDS?.trim()
    ? readWholeSeconds("CODE_RESEND_SECONDS", env.CODE_RESEND_SECONDS, 1, 60)
    : undefined;
  if (codeResendSeconds !== undefined && !devOutbox)
    throw new StartupRefusal("CODE_RESEND_SECONDS is for test servers: set DEV_OUTBOX=true, or unset it");
  return {
    production,
    devOutbox,
    weakSecret,
    trustProxy,
    orderPaySeconds,
    retrySchedule,
    collectionIntervalMs,
    codeResendSeconds,
    // How a SIGTERM'd server drains: not ready for DRAIN_SECONDS while it still serves, then closed in the time left.
    drain: readOrRefuse(() => drainSettingsFromEnv(env)),
    metricsAt: readOrRefuse(() => metricsSettingsFromEnv(env)),
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? "127.0.0.1",
    staticDir: resolveStaticDir(env.STATIC_DIR),
    logFormat: readOrRefuse(() =>
      readLogFormat(env.LOG_FORMAT, { production, terminal: process.stdout.isTTY === true }),
    ),
  };
}

function readOrderPaySeconds(setting: string): number {
  return readWholeSeconds("ORDER_PAY_SECONDS", setting, 5, 86_400);
}

function readWholeSeconds(name: string, setting: string, least: number, most: number): number {
  const seconds = Number(setting);
  if (!Number.isInteger(seconds) || seconds < least || seconds > most)
    throw new StartupRefusal(`${name} must be a whole number of seconds from ${least} to ${most}`);
  return seconds;
}

/** A setting's reader, its error turned into a refusal to start (its message, no stack). */
function readOrRefuse<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new StartupRefusal((error as Error).message);
  }
}

/** Says why the server cannot start (a StartupRefusal's message, without a stack) and exits with 1. */
export function refuseToStart(error: unknown): never {
  process.stderr.write(
    error instanceof StartupRefusal
      ? `Merchant Console cannot start: ${error.message}\n`
      : `${(error as Error)?.stack ?? error}\n`,
  );
  process.exit(1);
}
