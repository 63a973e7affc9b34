import type { Socket } from "node:net";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { endpoints } from "../../contracts/endpoints.ts";
import { type Order, orderEventName } from "../../contracts/schemas/order.ts";
import type { Listen } from "../db/listen.ts";
import { startOrderRelay } from "../domain/payments/order-notify.ts";
import { orderForWire } from "../domain/payments/orders.ts";
import { ApiError, messages } from "../domain/platform/outcome.ts";
import { findSession, type SessionLifetime, sessionIsLive } from "../domain/identity/sessions.ts";
import { takeMerchantCall } from "../domain/platform/merchant-calls.ts";
import { callSource } from "./endpoint-routes.ts";
import { failure } from "./envelope.ts";
import type { Services } from "./handler.ts";
import { parseRequest } from "./validation.ts";

export interface OrderEventsOptions {
  /** LISTEN on the server's database (OpenedDatabase.listen): the relay's one LISTEN on `order_events`. */
  listen: Listen;
  /** A comment line this often keeps proxies from closing an idle stream; the session is checked as often (15 s). */
  keepAliveMs?: number;
  /** Open streams one merchant may hold on this instance (10): each costs a socket and a subscription. */
  streamsPerMerchant?: number;
}

export const orderStreamKeepAliveMs = 15_000;
export const orderStreamsPerMerchant = 10;
/** A browser that stops reading is dropped once this much is waiting for it (the stream is then of no use to it). */
const maxBufferedBytes = 1 << 20;

/**
 * `GET /api/Order/Events?orderCode=` (server/README.md, "Live order status"): the signed-in merchant's order as
 * server-sent events, `event: order` + `data: <order JSON>` at once and after every change of it, relayed from
 * PostgreSQL NOTIFY on `order_events` (domain/payments/order-notify.ts). Refusals before the stream starts are envelopes.
 * Without `options` (a server built without a database listener) the route is not served: 404, and the console
 * polls instead.
 */
export async function registerOrderEvents(
  app: FastifyInstance,
  services: Services,
  options: OrderEventsOptions | undefined,
): Promise<void> {
  if (!options) return;
  const keepAliveMs = options.keepAliveMs ?? orderStreamKeepAliveMs;
  const streamsPerMerchant = options.streamsPerMerchant ?? orderStreamsPerMerchant;
  const lifetime = (): SessionLifetime => ({
    idleSeconds: services.limits.sessionIdleSeconds,
    absoluteSeconds: services.limits.sessionAbsoluteSeconds,
  });
  const relay = await startOrderRelay(options.listen, app.log);
  /** Each open stream's end(), resolving once its answer is over. */
  const openStreams = new Set<() => Promise<void>>();
  // Open streams would keep app.close() waiting for their connections. They are ended, and their answers finished,
  // before the server closes its idle connections (which theirs then are), then the LISTEN stops.
  // A browser whose stream is aborted (fetch's pool does the same) opens a spare connection that never carries a
  // request, and Node's server.close() waits for such a connection until its headers timeout (60 s and more).
  const connections = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  app.addHook("preClose", async () => {
    await Promise.all([...openStreams].map((end) => end()));
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  });
  app.addHook("onClose", async () => relay.stop());

  // No HEAD twin: a HEAD would open a subscription with nothing to read it.
  app.get(endpoints.orderEvents.path, { compress: false, exposeHeadRoute: false }, async (request, reply) => {
    const session = await findSession(services.db, request.headers.authorization, services.clock(), lifetime());
    if (!session) throw new ApiError(errCodes.notLoggedIn, messages.notLoggedIn, 401);
    await takeMerchantCall(services.db, session.scope, callSource(request, services.clock()), services);
    const { orderCode } = parseRequest(endpoints.orderEvents.query, { ...(request.query as object) });
    const { scope, tokenHash } = session;
    if (relay.subscriptionsOf(scope.merchantId) >= streamsPerMerchant) {
      throw new ApiError(
        errCodes.rateLimited,
        `At most ${streamsPerMerchant} live order streams at a time; close one or try again later`,
        429,
      );
    }

    const stream = new PassThrough();
    let closed = false;
    // Reads go one at a time; a change while one runs asks for one more read after it (bursts coalesce).
    let reading = true;
    let dirty = false;
    const send = (order: Order) => {
      if (closed) return;
      if (stream.writableLength > maxBufferedBytes) {
        // Ending would wait for the unread bytes to drain: the connection is dropped instead.
        end();
        stream.destroy();
        return;
      }
      stream.write(`event: ${orderEventName}\ndata: ${JSON.stringify(order)}\n\n`);
    };
    const readAgain = async () => {
      if (reading || closed) return;
      reading = true;
      try {
        while (dirty && !closed) {
          dirty = false;
          const order = await orderForWire(services.db, scope, orderCode, services.clock());
          if (!order) return end();
          send(order);
        }
      } catch (error) {
        request.log.error({ err: error }, "the live order stream could not read the order; ending it");
        end();
      } finally {
        reading = false;
      }
    };
    // Subscribed before the first read, so a change committed meanwhile is not missed.
    const unsubscribe = relay.subscribe(scope.merchantId, orderCode, () => {
      dirty = true;
      void readAgain();
    });
    // The stream is no activity of the merchant's: it ends with the session (sign-out, idle, 12 hours) and never prolongs it.
    const checkSession = () => {
      if (closed) return;
      sessionIsLive(services.db, tokenHash, services.clock(), lifetime()).then(
        (live) => live || end(),
        () => end(),
      );
    };
    // Sessions of this merchant ended (sign-out, password change, reset, on any instance): checked at once.
    const stopWatchingSessions = relay.onSessionsEnded(scope.merchantId, checkSession);
    const keepAlive = setInterval(() => {
      if (closed) return;
      stream.write(": keep-alive\n\n");
      checkSession();
    }, keepAliveMs);
    keepAlive.unref();
    function end(): void {
      if (closed) return;
      closed = true;
      clearInterval(keepAlive);
      unsubscribe();
      stopWatchingSessions();
      openStreams.delete(endForClose);
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
    openStreams.add(endForClose);
    // The browser went away (Fastify destroys the stream), or the stream was ended here.
    stream.once("close", end);

    let first: Order | null;
    try {
      first = await orderForWire(services.db, scope, orderCode, services.clock());
    } catch (error) {
      end();
      throw error;
    }
    if (!first || closed) {
      end();
      if (!first) return reply.status(200).send(failure(errCodes.orderNotFound, "Order not found"));
      return reply.status(503).send(failure(errCodes.busy, messages.busy));
    }
    send(first);
    reading = false;
    void readAgain();
    // Cache-Control is every /api answer's `no-store` (security-headers.ts), stricter than SSE's usual no-cache;
    // X-Accel-Buffering keeps an nginx in front from holding the events back.
    return reply
      .status(200)
      .header("content-type", "text/event-stream; charset=utf-8")
      .header("x-accel-buffering", "no")
      .send(stream);
  });
}
