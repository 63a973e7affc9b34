import type { Socket } from "node:net";
import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type * as z from "zod/mini";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { Listen } from "../db/listen.ts";
import type { MerchantScope } from "../domain/platform/merchant-scope.ts";
import { findSession, type SessionLifetime, sessionIsLive } from "../domain/identity/sessions.ts";
import { takeMerchantCall } from "../domain/identity/merchant-calls.ts";
import type { LiveStreamName, MerchantStreamName } from "../domain/platform/live-changes.ts";
import type { NotifyRelay } from "../domain/platform/notify-relay.ts";
import { ApiError, messages, type Outcome } from "../domain/platform/outcome.ts";
import { callSource } from "./endpoint-routes.ts";
import { originOf } from "./open-api-routes.ts";
import { failure } from "./envelope.ts";
import type { Services } from "./handler.ts";
import { parseRequest } from "./validation.ts";

/** The live streams' settings (live-streams.ts): the server's LISTEN, keep-alive and the cap per merchant. */
export interface LiveEventsOptions {
  /** LISTEN on the server's database (OpenedDatabase.listen): one LISTEN per process, for every stream. */
  listen: Listen;
  /** A comment line this often keeps proxies from closing an idle stream; the session is checked as often (15 s). */
  keepAliveMs?: number;
  /** Open streams of one kind one merchant may hold on this instance (10): each costs a socket and a subscription. */
  streamsPerMerchant?: number;
  /** Open checkout streams of one invoice on this instance (20): its page open on a few devices, reloaded a few times. */
  streamsPerInvoice?: number;
}

export const liveStreamKeepAliveMs = 15_000;
export const liveStreamsPerMerchant = 10;
export const liveStreamsPerInvoice = 20;
/** A browser that stops reading is dropped once this much is waiting for it (the stream is then of no use to it). */
const maxBufferedBytes = 1 << 20;

/** One kind of the merchant's live streams: what it reads, for whom, and what it sends. */
export interface LiveStreamSpec<Q, T> {
  path: string;
  query: z.ZodMiniType<Q>;
  /** The SSE event name of each item, and the stream's name in the live notifications (live-changes.ts). */
  stream: MerchantStreamName;
  /** For messages: "order", "bill". */
  what: string;
  /** The row the stream follows, or null for every row of the merchant. */
  keyOf(query: Q): string | null;
  /**
   * What is sent at once (possibly nothing), or a refusal answered as an envelope before any stream starts. `origin`:
   * the scheme and host the stream was asked at, for the links a row hands out (an invoice's checkout page).
   */
  first(scope: MerchantScope, query: Q, origin: string): Promise<Outcome<T[]>>;
  /**
   * A re-read after a change of row `key` (null: after a lost connection, anything may have changed): what to send,
   * or "end" when the stream has nothing left to follow.
   */
  read(scope: MerchantScope, query: Q, key: string | null, origin: string): Promise<T[] | "end">;
}

/** Each app's open streams (their end(), resolving once the answer is over), closed together with the app. */
const openStreamsOf = new WeakMap<FastifyInstance, Set<() => Promise<void>>>();

export function openStreams(app: FastifyInstance): Set<() => Promise<void>> {
  const known = openStreamsOf.get(app);
  if (known) return known;
  const streams = new Set<() => Promise<void>>();
  openStreamsOf.set(app, streams);
  // Open streams would keep app.close() waiting for their connections. They are ended, and their answers finished,
  // before the server closes its idle connections (which theirs then are).
  // A browser whose stream is aborted (fetch's pool does the same) opens a spare connection that never carries a
  // request, and Node's server.close() waits for such a connection until its headers timeout (60 s and more).
  const connections = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  app.addHook("preClose", async () => {
    await Promise.all([...streams].map((end) => end()));
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  });
  return streams;
}

/**
 * A live stream's route: the signed-in merchant's rows as server-sent events, `event: <name>` + `data: <JSON>`,
 * re-read and sent after each change the relay hears (NOTIFY on any instance). Refusals before the stream starts are
 * envelopes.
 */
export function registerLiveStream<Q, T>(
  app: FastifyInstance,
  services: Services,
  relay: NotifyRelay,
  spec: LiveStreamSpec<Q, T>,
  options: LiveEventsOptions,
): void {
  const streamsPerMerchant = options.streamsPerMerchant ?? liveStreamsPerMerchant;
  const lifetime = (): SessionLifetime => ({
    idleSeconds: services.limits.sessionIdleSeconds,
    absoluteSeconds: services.limits.sessionAbsoluteSeconds,
  });
  const streams = openStreams(app);

  // No HEAD twin: a HEAD would open a subscription with nothing to read it.
  app.get(spec.path, { compress: false, exposeHeadRoute: false }, async (request, reply) => {
    const session = await findSession(services.db, request.headers.authorization, services.clock(), lifetime());
    if (!session) throw new ApiError(errCodes.notLoggedIn, messages.notLoggedIn, 401);
    await takeMerchantCall(services.db, session.scope, callSource(request, services.clock()), services);
    const query = parseRequest(spec.query, { ...(request.query as object) });
    const { scope, tokenHash } = session;
    if (relay.subscriptionsOf(spec.stream, scope.merchantId) >= streamsPerMerchant) {
      throw new ApiError(
        errCodes.rateLimited,
        `At most ${streamsPerMerchant} live ${spec.what} streams at a time; close one or try again later`,
        429,
      );
    }
    return serveStream(request, reply, relay, streams, options, {
      stream: spec.stream,
      owner: scope.merchantId,
      followed: spec.keyOf(query),
      first: () => spec.first(scope, query, originOf(request)),
      read: (key) => spec.read(scope, query, key, originOf(request)),
      // The stream is no activity of the merchant's: it ends with the session (sign-out, idle, 12 hours) and never prolongs it.
      stillAllowed: () => sessionIsLive(services.db, tokenHash, services.clock(), lifetime()),
      // Sessions of this merchant ended (sign-out, password change, reset, on any instance): checked at once.
      watchAllowed: (check) => relay.onSessionsEnded(scope.merchantId, check),
    });
  });
}

/** What a route settled before its stream starts: whose rows it follows, how it reads them, and who may go on reading. */
export interface StreamPlan<T> {
  stream: LiveStreamName;
  /** The relay's owner of the rows: the merchant, or a public row's own id. */
  owner: string;
  /** The row followed, or null for every row of the owner. */
  followed: string | null;
  first(): Promise<Outcome<T[]>>;
  read(key: string | null): Promise<T[] | "end">;
  /** Asked at every keep-alive: false ends the stream (its session ended). */
  stillAllowed?(): Promise<boolean>;
  /** Calls `check` when the answer to `stillAllowed` may have changed; returns the unsubscribe function. */
  watchAllowed?(check: () => void): () => void;
}

/**
 * The stream itself, whoever it is for: subscribed before the first read, reads one at a time (changes during one are
 * read after it), a keep-alive comment, a reader too slow dropped, and ended with the app.
 */
export async function serveStream<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  relay: NotifyRelay,
  streams: Set<() => Promise<void>>,
  options: LiveEventsOptions,
  plan: StreamPlan<T>,
) {
  const keepAliveMs = options.keepAliveMs ?? liveStreamKeepAliveMs;
  const stream = new PassThrough();
  let closed = false;
  // Reads go one at a time; changes while one runs are read after it (bursts of one row coalesce).
  let reading = true;
  const pending = new Set<string | null>();
  const { followed } = plan;
  const send = (item: T) => {
    if (closed) return;
    if (stream.writableLength > maxBufferedBytes) {
      // Ending would wait for the unread bytes to drain: the connection is dropped instead.
      end();
      stream.destroy();
      return;
    }
    stream.write(`event: ${plan.stream}\ndata: ${JSON.stringify(item)}\n\n`);
  };
  const readAgain = async () => {
    if (reading || closed) return;
    reading = true;
    try {
      while (pending.size > 0 && !closed) {
        const [key] = pending;
        pending.delete(key as string | null);
        const items = await plan.read(key ?? null);
        if (items === "end") return end();
        for (const item of items) send(item);
      }
    } catch (error) {
      request.log.error({ err: error, stream: request.routeOptions.url }, "a live stream could not read; ending it");
      end();
    } finally {
      reading = false;
    }
  };
  // Subscribed before the first read, so a change committed meanwhile is not missed.
  const unsubscribe = relay.subscribe(plan.stream, plan.owner, followed, (key) => {
    pending.add(followed ?? key);
    void readAgain();
  });
  const checkAllowed = () => {
    if (closed || !plan.stillAllowed) return;
    plan.stillAllowed().then(
      (allowed) => allowed || end(),
      () => end(),
    );
  };
  const stopWatching = plan.watchAllowed?.(checkAllowed) ?? (() => {});
  const keepAlive = setInterval(() => {
    if (closed) return;
    stream.write(": keep-alive\n\n");
    checkAllowed();
  }, keepAliveMs);
  keepAlive.unref();
  function end(): void {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    unsubscribe();
    stopWatching();
    streams.delete(endForClose);
    stream.end();
  }
  // The answer is over when its response closes (finished, or the browser went away); a second at most.
  const answerOver = new Promise<void>((resolve) => {
    reply.raw.once("close", resolve);
    stream.once("close", () => setTimeout(resolve, 1_000).unref());
  });
  const endForClose = () => {
    end();
    return answerOver;
  };
  streams.add(endForClose);
  // The browser went away (Fastify destroys the stream), or the stream was ended here.
  stream.once("close", end);

  let first: Outcome<T[]>;
  try {
    first = await plan.first();
  } catch (error) {
    end();
    throw error;
  }
  if (!first.ok || closed) {
    end();
    if (!first.ok) return reply.status(first.status).send(failure(first.code, first.message));
    return reply.status(503).send(failure(errCodes.busy, messages.busy));
  }
  for (const item of first.data) send(item);
  // Nothing to send yet: a comment, so the answer's headers go out now and the browser knows it is listening.
  if (first.data.length === 0) stream.write(": ready\n\n");
  reading = false;
  void readAgain();
  // A stream lasts as long as its page is open: its "request completed" line says it was one (terminal-log.ts).
  reply.log = reply.log.child({ liveStream: true });
  // Cache-Control is every /api answer's `no-store` (security-headers.ts), stricter than SSE's usual no-cache;
  // X-Accel-Buffering keeps an nginx in front from holding the events back.
  return reply
    .status(200)
    .header("content-type", "text/event-stream; charset=utf-8")
    .header("x-accel-buffering", "no")
    .send(stream);
}
