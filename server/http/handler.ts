import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { WithdrawalRules } from "../domain/withdrawals/withdrawal-holds.ts";
import type * as z from "zod/mini";
import type {
  DownloadEndpointName,
  EndpointName,
  EnvelopeEndpointName,
  endpoints,
  ResultOf,
} from "../../contracts/endpoints.ts";
import type { ChainLayer } from "../chain/chain-layer.ts";
import type { CurrencyRegistry } from "../chain/currency-registry.ts";
import type { CallbackTargets } from "../domain/callbacks/callback-target.ts";
import type { DB } from "../db/schema.ts";
import type { GoogleSettings } from "../domain/identity/google-identity.ts";
import type { WorkPool } from "../domain/platform/work-pool.ts";
import type { CookieOptions } from "../domain/identity/device-cookie.ts";
import type { CsvDownload } from "../domain/platform/csv-download.ts";
import type { Limits } from "../domain/platform/limits.ts";
import type { Session } from "../domain/identity/sessions.ts";
import type { RefusalMemo } from "../domain/platform/refusal-memo.ts";
import type { Mailer } from "../domain/messaging/mailer.ts";
import type { Outcome } from "../domain/platform/outcome.ts";

export interface Services {
  db: Kysely<DB>;
  mailer: Mailer;
  /** A test server's dev outbox (DEV_OUTBOX=true, never in production): the outbox keeps plain codes for it. */
  devOutbox: boolean;
  limits: Limits;
  production: boolean;
  clock: () => Date;
  /** Sign-in with Google; null when no client id is configured. */
  google: GoogleSettings | null;
  /** The server's secret (SERVER_SECRET or DATA_DIR/server-secret): peppers codes, signs device cookies. */
  secret: Buffer;
  /** Every password hash and check goes through it: bounded concurrency, sign-in first. */
  kdf: WorkPool;
  /** SentVerificationCode, CheckCaptchaCode, Register, ResetPassword: a few at a time, so a burst cannot crowd out sign-ins. */
  codeCalls: WorkPool;
  /** Buckets known to refuse, so a flood from one address costs no database work. */
  refusals: RefusalMemo;
  /** The chains payments are watched on; null when the server runs without (tests): GetUserWallet answers 2207, no pay chains. */
  chain: ChainLayer | null;
  /** The configured chains and their tokens, named once: the chain layer's, or an empty registry without one. */
  currencies: CurrencyRegistry;
  /** A new order's payment window, in seconds. */
  orderPaySeconds: number;
  /** Where callback URLs may point, and how their hosts are resolved (domain/callbacks/callback-target.ts). */
  callbackTargets: CallbackTargets;
  /** What withdrawals may be asked for (domain/withdrawals/); null when this server sends none (2810). */
  withdrawals: WithdrawalRules | null;
}

type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
type Spec<N extends EndpointName> = (typeof endpoints)[N];

/**
 * What a handler gets: input already validated, the session already checked. A handler does its
 * writes in one `db.transaction()` (hashing stays outside it: PGlite has one connection).
 */
export interface HandlerContext<N extends EndpointName> {
  db: Kysely<DB>;
  body: Parsed<Spec<N>["body"]>;
  query: Parsed<Spec<N>["query"]>;
  params: Record<string, string>;
  session: Spec<N>["auth"] extends true ? Session : null;
  /**
   * For a call that works signed out too: the session of the request's Bearer token, or null when it carries none; a
   * token that names no live session is refused (401, 4010) as on a signed-in call.
   */
  sessionIfSignedIn(): Promise<Session | null>;
  /** The client's address, checked and canonical (http/client-address.ts); per-address buckets take its addressBucket. */
  ip: string;
  /** The request's User-Agent header as sent (the security event log cleans it: identity/security-events.ts). */
  userAgent: string;
  /** The request's time, from the server's clock (tests inject one). */
  now: Date;
  services: Services;
  log: FastifyBaseLogger;
  /** The scheme and host the request came to (as trusted proxies forward them): the server's public origin. */
  origin: string;
  /** Whether the request came over HTTPS (directly, or per X-Forwarded-Proto behind a trusted proxy). */
  secure: boolean;
  /** A cookie of the request, or undefined. */
  cookie(name: string): string | undefined;
  /** Adds a Set-Cookie to the answer. */
  setCookie(name: string, value: string, options: CookieOptions): void;
}

export interface Handler<N extends EndpointName> {
  /** Schema of the `{name}` path parameters, when the path has some. */
  params?: z.ZodMiniType<Record<string, string>>;
  handle(ctx: HandlerContext<N>): Promise<Outcome<ResultOf<N>>>;
}

export interface DownloadHandler<N extends EndpointName> {
  handle(ctx: HandlerContext<N>): Promise<Outcome<CsvDownload<ResultOf<N>>>>;
}

export type HandlerTable = { [N in EnvelopeEndpointName]: Handler<N> } & {
  [N in DownloadEndpointName]: DownloadHandler<N>;
};
