import { loggableError } from "./http/loggable-error.ts";
import { randomBytes } from "node:crypto";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { WithdrawalRules } from "./domain/withdrawals/withdrawal-holds.ts";
import { errCodes } from "../contracts/schemas/envelope.ts";
import type { ChainLayer } from "./chain/chain-layer.ts";
import { currencyRegistry } from "./chain/currency-registry.ts";
import type { DB } from "./db/schema.ts";
import { type CallbackTargets, systemResolver } from "./domain/callbacks/callback-target.ts";
import { codeCallPoolOptions, createWorkPool, type WorkPool } from "./domain/platform/work-pool.ts";
import { scheduleRuns } from "./domain/platform/schedule-runs.ts";
import { pruneExpired } from "./wiring/prune-expired.ts";
import { expireOverdueOrders, orderSweepEveryMs } from "./domain/payments/order-expiry.ts";
import { expireOverdueInvoices, invoiceSweepEveryMs } from "./domain/invoices/invoice-expiry.ts";
import { defaultOrderPaySeconds } from "./domain/payments/orders.ts";
import { createRefusalMemo, type RefusalMemo } from "./domain/platform/refusal-memo.ts";
import { defaultLimits, type Limits } from "./domain/platform/limits.ts";
import { createLogMailer, type Mailer } from "./domain/messaging/mailer.ts";
import { retryDueMail } from "./domain/messaging/mail-outbox.ts";
import { fastifyTrustProxy, isTrustedProxy, requestForLog, type TrustProxy } from "./http/client-address.ts";
import {
  capConnectionsPerAddress,
  type ConnectionLimits,
  connectionOptions,
  defaultConnectionLimits,
} from "./http/connection-limits.ts";
import { failure } from "./http/envelope.ts";
import { registerEndpoints } from "./http/endpoint-routes.ts";
import { registerOpenApi } from "./http/open-api-routes.ts";
import { registerLiveStreams } from "./http/live-streams.ts";
import { registerHealthRoutes } from "./http/health-routes.ts";
import { OneLineRequestLog } from "./http/request-log.ts";
import { countRequests, type RequestMetrics } from "./http/request-metrics.ts";
import { createReadiness, databaseChecks, type Readiness } from "./wiring/readiness.ts";
import type { LiveEventsOptions } from "./http/live-stream.ts";
import { installErrorHandler, sendNotFound } from "./http/errors.ts";
import type { Services } from "./http/handler.ts";
import { acceptJsonOnly, bodyLimitBytes } from "./http/json-body.ts";
import { installSecurityHeaders } from "./http/security-headers.ts";
import { registerStaticFiles, wantsConsolePage } from "./http/static-files.ts";
import { type GoogleSettings, googleSettingsFromEnv } from "./domain/identity/google-identity.ts";
import { registerDevRoutes } from "./routes/dev.ts";
import { openApiHandlers } from "./routes/open-api.ts";
import { handlers } from "./routes/handler-table.ts";

export interface BuildServerOptions {
  db: Kysely<DB>;
  /** The built console (dist/); without it the server answers the API only. */
  staticDir?: string;
  /** Where code mails go; by default one line on the server log. */
  mailer?: Mailer;
  production?: boolean;
  /** GET /api/dev/outbox?to= for test servers (DEV_OUTBOX=true); never with production. */
  devOutbox?: boolean;
  /** Log requests and events as JSON lines: to standard output (true), or to a stream of one's own (tests read it). */
  logger?: boolean | { stream: { write(line: string): void } };
  now?: () => Date;
  limits?: Partial<Limits>;
  /** Lets Google's sign-in through the CSP; defaults to whether Google sign-in is configured. */
  allowGoogleSignIn?: boolean;
  /** Sign-in with Google; defaults to GOOGLE_CLIENT_ID & co. from the environment, null turns it off. */
  google?: GoogleSettings | null;
  /** TRUST_PROXY (http/client-address.ts): the proxies whose X-Forwarded-For and X-Forwarded-Proto are believed. */
  trustProxy?: TrustProxy;
  /** Request and connection timeouts, and the open sockets one address may hold (http/connection-limits.ts). */
  connections?: Partial<ConnectionLimits>;
  /** Peppers codes and signs device cookies; every instance behind a load balancer needs the same. Random by default (tests). */
  secret?: Buffer;
  /** The password-hashing pool; one per server by default. */
  kdf?: WorkPool;
  /** Remembered refusals (domain/platform/refusal-memo.ts); one per server by default, tests pass theirs to clear it. */
  refusals?: RefusalMemo;
  /** How often expired sessions, codes, buckets and mail are pruned (10 minutes); 0 turns it off (tests call pruneExpired). */
  pruneEveryMs?: number;
  /** How often the outbox retries mail that failed (15 s); 0 turns it off (tests call retryDueMail). */
  mailRetryEveryMs?: number;
  /** The chain layer (chain/chain-layer.ts): GetUserWallet's addresses, the pay dialog's chains, dev pay. Null: no chain (those answer 2207 / an empty list). */
  chain?: ChainLayer | null;
  /** A new order's payment window in seconds (30 minutes; ORDER_PAY_SECONDS on a test server). */
  orderPaySeconds?: number;
  /** How often open orders past their window are failed (5 s); 0 turns the sweep off (tests; expiry still applies on read). */
  orderSweepEveryMs?: number;
  /**
   * Live order status and live bills (GET /api/Order/Events, /api/Bill/Events): the database's LISTEN
   * (OpenedDatabase.listen); without it those routes are not served.
   */
  liveEvents?: LiveEventsOptions;
  /**
   * Callback URLs on loopback or private addresses: allowed on test servers (DEV_OUTBOX=true by default; the harness),
   * never in production whatever is asked. `resolve` replaces the system resolver (tests).
   */
  callbackTargets?: Partial<CallbackTargets>;
  /**
   * Withdrawals offered through the open API: their rules, given only where a sender pays them out of the treasury.
   * Null (the default): none is asked for (2810), so no balance is ever held with nothing sending it.
   */
  withdrawals?: WithdrawalRules | null;
  /** GET /readyz's checks (wiring/readiness.ts); by default the database and its migrations. */
  readiness?: Readiness;
  /** Counts every answer by route pattern and status (wiring/server-metrics.ts); none by default. */
  metrics?: RequestMetrics;
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const connections = { ...defaultConnectionLimits, ...options.connections };
  const app = Fastify({
    // A slow body or header is cut (408), an idle socket closed: no client holds a connection for ever.
    ...connectionOptions(connections),
    // The request line's address is the checked client address (http/client-address.ts), never a forwarded string as is.
    logger: options.logger
      ? {
          // An error's kind, code, message and stack only: a database error's parameters and values never.
          serializers: { req: (request) => requestForLog(request as unknown as FastifyRequest), err: loggableError },
          ...(typeof options.logger === "object" ? { stream: options.logger.stream } : {}),
        }
      : false,
    logController: new OneLineRequestLog(),
    bodyLimit: bodyLimitBytes,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // A URL the router cannot decode, for instance.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).status(400).send(failure(errCodes.validation, "Bad request"));
    },
  });
  const services: Services = {
    db: options.db,
    mailer: options.mailer ?? createLogMailer((line) => app.log.info(line)),
    devOutbox: (options.devOutbox ?? false) && !(options.production ?? false),
    limits: { ...defaultLimits, ...options.limits },
    production: options.production ?? false,
    clock: options.now ?? (() => new Date()),
    google: options.google === undefined ? googleSettingsFromEnv(process.env) : options.google,
    secret: options.secret ?? randomBytes(32),
    kdf: options.kdf ?? createWorkPool(),
    codeCalls: createWorkPool(codeCallPoolOptions),
    refusals: options.refusals ?? createRefusalMemo(),
    chain: options.chain ?? null,
    currencies: options.chain?.currencies ?? currencyRegistry([]),
    orderPaySeconds: options.orderPaySeconds ?? defaultOrderPaySeconds,
    callbackTargets: {
      allowPrivate:
        (options.callbackTargets?.allowPrivate ?? options.devOutbox ?? false) && !(options.production ?? false),
      resolve: options.callbackTargets?.resolve ?? systemResolver,
    },
    withdrawals: options.withdrawals ?? null,
  };

  // One address may hold so many sockets; the proxies TRUST_PROXY names speak for many clients and are not capped.
  capConnectionsPerAddress(app.server, connections.perAddress, (address) =>
    isTrustedProxy(options.trustProxy, address),
  );
  if (options.metrics) countRequests(app, options.metrics);
  installErrorHandler(app);
  const allowGoogleSignIn = options.allowGoogleSignIn ?? services.google !== null;
  installSecurityHeaders(app, allowGoogleSignIn);
  acceptJsonOnly(app);
  // Only the sign-in and e-mail code calls read a cookie (the device cookie, domain/identity/device-cookie.ts); everything
  // else is bearer-token.
  await app.register(fastifyCookie);
  // Answers only: the console never sends compressed bodies, so none is inflated (no zip bombs).
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ["br", "gzip"],
  });

  const readiness = options.readiness ?? createReadiness(databaseChecks(options.db));
  registerHealthRoutes(app, readiness);
  // However the server is closed, it stops calling itself ready first.
  app.addHook("preClose", async () => readiness.drain());
  registerEndpoints(app, handlers, services);
  await registerOpenApi(app, openApiHandlers, services);
  if (options.liveEvents) {
    await registerLiveStreams(app, services, options.liveEvents);
  }
  if (options.devOutbox && !services.production) registerDevRoutes(app, services);

  const pruneEveryMs = options.pruneEveryMs ?? 600_000;
  if (pruneEveryMs > 0) {
    const stopPruning = scheduleRuns(
      () =>
        pruneExpired(services.db, services.clock(), services.limits).then((pruned) =>
          app.log.debug({ pruned }, "pruned expired rows"),
        ),
      pruneEveryMs,
      (error) => app.log.error({ err: error }, "prune failed"),
    );
    app.addHook("onClose", async () => stopPruning());
  }
  const mailRetryEveryMs = options.mailRetryEveryMs ?? 15_000;
  if (mailRetryEveryMs > 0) {
    const stopRetrying = scheduleRuns(
      () => retryDueMail(services.db, services.mailer, services.secret, services.clock(), app.log),
      mailRetryEveryMs,
      (error) => app.log.error({ err: error }, "mail retry failed"),
    );
    app.addHook("onClose", async () => stopRetrying());
  }
  const sweepEveryMs = options.orderSweepEveryMs ?? orderSweepEveryMs;
  if (sweepEveryMs > 0) {
    const stopSweeping = scheduleRuns(
      () =>
        expireOverdueOrders(services.db, services.clock()).then(
          (failed) => failed > 0 && app.log.info({ failed }, "orders past their payment window failed"),
        ),
      sweepEveryMs,
      (error) => app.log.error({ err: error }, "order expiry sweep failed"),
    );
    app.addHook("onClose", async () => stopSweeping());
    const stopInvoiceSweep = scheduleRuns(
      () =>
        expireOverdueInvoices(services.db, services.clock()).then(
          (told) => told > 0 && app.log.info({ told }, "invoices past their time told so"),
        ),
      Math.max(sweepEveryMs, invoiceSweepEveryMs),
      (error) => app.log.error({ err: error }, "invoice expiry sweep failed"),
    );
    app.addHook("onClose", async () => stopInvoiceSweep());
  }

  const { staticDir } = options;
  // The console offers Google's button only where the CSP lets Google's script in.
  const googleClientId = allowGoogleSignIn ? services.google?.clientId : undefined;
  const pages = staticDir ? registerStaticFiles(app, staticDir, { googleClientId }) : null;
  app.setNotFoundHandler((request, reply) =>
    pages && wantsConsolePage(request) ? pages.send(request, reply) : sendNotFound(reply),
  );
  return app;
}
