import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import { type EndpointName, endpoints, fillPath } from "../../contracts/endpoints.ts";
import { type BuildServerOptions, buildServer } from "../app.ts";
import type { ChainLayer } from "../chain/chain-layer.ts";
import type { DatabaseEngine } from "../db/open-database.ts";
import { type DB, tableNames } from "../db/schema.ts";
import type { GoogleSettings } from "../domain/identity/google-identity.ts";
import type { LiveEventsOptions } from "../http/live-stream.ts";
import type { WorkPool } from "../domain/platform/work-pool.ts";
import type { Limits } from "../domain/platform/limits.ts";
import type { DeliveryDeps } from "../domain/callbacks/attempt-delivery.ts";
import { startCallbackDeliveries } from "../domain/callbacks/callback-deliveries.ts";
import { systemResolver } from "../domain/callbacks/callback-target.ts";
import { createRefusalMemo, type RefusalMemo } from "../domain/platform/refusal-memo.ts";
import type { MailMessage, Mailer } from "../domain/messaging/mailer.ts";
import { resetDatabase, seedMerchant, seedSession, testServerSecret } from "./seed.ts";
import { createTestDatabase } from "./test-database.ts";

// Cheap hashes in tests (the stored parameters keep verification exact); passwords.test.ts checks the real cost.
process.env.PASSWORD_HASH_COST ??= "test";

export interface TestClock {
  now(): Date;
  advance(seconds: number): void;
  /** Stops the real time passing (advance() still moves it): for answers that count seconds, on a loaded machine. */
  freeze(): void;
  /** Back to the real time, which the seed helpers use. */
  reset(): void;
}

export interface Harness {
  db: Kysely<DB>;
  /** What the test database runs on, for a test that watches the statements sent to it. */
  engine?: DatabaseEngine;
  app: FastifyInstance;
  clock: TestClock;
  /** Every message the server handed to its mailer. */
  mails: MailMessage[];
  /** The server's mailer (it records into `mails`, or fails while `mailDown` says so), for the outbox's retries. */
  mailer: Mailer;
  /** The server's remembered refusals; reset() forgets them with the rows. */
  refusals: RefusalMemo;
  close(): Promise<void>;
}

export interface HarnessOptions {
  limits?: Partial<Limits>;
  production?: boolean;
  staticDir?: string;
  /** Sign-in with Google against a test identity provider (server/testing/google-idp.ts); off by default. */
  google?: GoogleSettings | null;
  /** GET /api/dev/outbox (a test server's, DEV_OUTBOX=true). */
  devOutbox?: boolean;
  /** The password-hashing pool, e.g. one that counts its jobs. */
  kdf?: WorkPool;
  /** Refuses the next deliveries while it answers true (an SMTP server that is down); the mail is not recorded then. */
  mailDown?: () => boolean;
  /** The chain layer (e.g. testing/stub-chain.ts); none by default: GetUserWallet answers 2207, no pay chains. */
  chain?: ChainLayer | null;
  /** A new order's payment window (30 minutes). */
  orderPaySeconds?: number;
  /**
   * Callback URLs: a test server's by default (private targets allowed, nothing resolved when saved, so
   * `https://shop.example.com` costs no DNS); `{ allowPrivate: false, resolve }` for the SSRF checks.
   */
  callbackTargets?: BuildServerOptions["callbackTargets"];
  /** The order expiry sweep's period; off by default (expiry still applies when an order is read). */
  orderSweepEveryMs?: number;
  /** Keep-alive interval and streams per merchant of GET /api/Order/Events and /api/Bill/Events (15 s and 10 by default). */
  liveStreams?: Omit<LiveEventsOptions, "listen">;
  /** TRUST_PROXY as the server reads it (http/client-address.ts); none by default. */
  trustProxy?: BuildServerOptions["trustProxy"];
  /** Timeouts and the per-address connection cap (http/connection-limits.ts); the server's defaults otherwise. */
  connections?: BuildServerOptions["connections"];
  /**
   * Runs the job queue and the callback delivery engine (domain/callbacks/) on the test database, for the routes whose
   * callbacks must really be sent; off by default. Its targets are `callbackTargets`'.
   */
  callbackEngine?: Pick<DeliveryDeps, "retrySchedule" | "timeoutMs">;
  /** Withdrawals offered through the open API (none by default, as a server without a sender). */
  withdrawals?: BuildServerOptions["withdrawals"];
}

/** One migrated in-memory database and one server per test file; `reset()` between tests. */
export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const { db, close, listen, engine } = await createTestDatabase();
  let offsetMs = 0;
  let frozenAt: number | null = null;
  const clock: TestClock = {
    now: () => new Date((frozenAt ?? Date.now()) + offsetMs),
    advance: (seconds) => {
      offsetMs += seconds * 1000;
    },
    freeze: () => {
      frozenAt ??= Date.now();
    },
    reset: () => {
      offsetMs = 0;
      frozenAt = null;
    },
  };
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (m) => {
      if (options.mailDown?.()) throw new Error("connect ECONNREFUSED 127.0.0.1:587");
      mails.push(m);
    },
  };
  const refusals = createRefusalMemo();
  const app = await buildServer({
    db,
    now: clock.now,
    mailer,
    production: options.production ?? false,
    staticDir: options.staticDir,
    limits: options.limits,
    allowGoogleSignIn: false,
    google: options.google ?? null,
    kdf: options.kdf,
    secret: testServerSecret,
    devOutbox: options.devOutbox ?? false,
    pruneEveryMs: 0,
    mailRetryEveryMs: 0,
    refusals,
    chain: options.chain ?? null,
    orderPaySeconds: options.orderPaySeconds,
    callbackTargets: options.callbackTargets ?? { allowPrivate: true },
    orderSweepEveryMs: options.orderSweepEveryMs ?? 0,
    // Live order status and bills over the test database's own LISTEN (GET /api/Order/Events, /api/Bill/Events).
    liveEvents: { listen, ...options.liveStreams },
    trustProxy: options.trustProxy,
    connections: options.connections,
    withdrawals: options.withdrawals,
  });
  const callbacks = options.callbackEngine
    ? await startCallbackDeliveries({
        db,
        engine: engine!,
        listen,
        secret: testServerSecret,
        targets: { allowPrivate: true, resolve: systemResolver, ...options.callbackTargets },
        clock: clock.now,
        ...options.callbackEngine,
      })
    : null;
  return {
    db,
    engine,
    app,
    clock,
    mails,
    mailer,
    refusals,
    close: async () => {
      await app.close();
      await callbacks?.stop();
      await close();
    },
  };
}

export async function reset(h: Harness): Promise<void> {
  await resetDatabase(h.db);
  h.mails.length = 0;
  h.refusals.clear();
  h.clock.reset();
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
  token?: string;
  ip?: string;
  /** The Cookie header to send. */
  cookie?: string;
  /** More request headers (X-Forwarded-For …). */
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  success: boolean;
  errCode: string;
  errMsg: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read fields of whatever resData holds
  resData: any;
  headers: Record<string, unknown>;
  /** A download's file, parsed (csv-parse): one record per row, by column; absent for an envelope. */
  csv?: Array<Record<string, string>>;
}

/** Calls an endpoint of the table the way the console does. */
export async function call(h: Harness, name: EndpointName, options: CallOptions = {}): Promise<Answer> {
  const endpoint = endpoints[name];
  const response = await h.app.inject({
    method: endpoint.method,
    url: fillPath(endpoint.path, options.params ?? (name === "userWallet" ? { product: "Tron" } : {})),
    query: options.query,
    headers: {
      language: "en-US",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(endpoint.method === "POST" ? { payload: (options.body ?? {}) as object } : {}),
    remoteAddress: options.ip ?? "127.0.0.1",
  });
  if (String(response.headers["content-type"] ?? "").startsWith("text/csv")) {
    const csv = parse(response.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    return {
      status: response.statusCode,
      success: true,
      errCode: "0",
      errMsg: "",
      resData: null,
      headers: response.headers,
      csv,
    };
  }
  return { status: response.statusCode, ...response.json(), headers: response.headers };
}

export interface Merchant {
  userId: string;
  email: string;
  password: string;
  token: string;
}

let tokens = 0;

/** A merchant with a live session, written straight to the database. */
export async function signedInMerchant(
  h: Harness,
  email = "merchant@example.com",
  password = "Merchant7Pass",
): Promise<Merchant> {
  const { userId } = await seedMerchant(h.db, { email, password });
  const token = `test-token-${++tokens}-${userId}`;
  await seedSession(h.db, { userId, token });
  return { userId, email, password, token };
}

/**
 * Row count of every table, to prove a refused request wrote nothing. The per-merchant call counter (a row of
 * rate_limits every signed-in call moves, refused or not: identity/merchant-calls.ts) is no write of the request's.
 */
export async function rowCounts(db: Kysely<DB>): Promise<Record<string, number>> {
  // One statement for every table, not a query each: bad-input.test.ts counts before and after every endpoint.
  const counted = tableNames.map(
    (table) =>
      sql`select ${table}::text as t, count(*)::int as n from ${sql.table(table)}${
        table === "rate_limits" ? sql` where bucket <> 'merchant-calls'` : sql``
      }`,
  );
  const { rows } = await sql<{ t: string; n: number }>`${sql.join(counted, sql` union all `)}`.execute(db);
  const byTable = new Map(rows.map((row) => [row.t, Number(row.n)]));
  const counts: Record<string, number> = {};
  for (const table of tableNames) counts[table] = byTable.get(table) ?? Number.NaN;
  return counts;
}

/** The code of the newest mail to this address. */
export function lastCode(h: Harness, email: string): string {
  const mail = h.mails.findLast((m) => m.to === email.toLowerCase());
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
