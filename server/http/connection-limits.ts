import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { FastifyHttpOptions } from "fastify";
import { addressBucket, canonicalIp } from "../domain/platform/ip-address.ts";

/**
 * How long a client may take, and how many sockets one address may hold (with no request timeout
 * and no cap, 19,900 sockets sending a byte every 10 s starved legitimate requests). A proxy in front should do the
 * same per client (SECURITY.md, §The proxy in front); these hold when the server faces clients itself, and behind a
 * proxy they bound what one slow or stuck proxy connection can take.
 */
export interface ConnectionLimits {
  /** The whole request, headers and body, must arrive within this (30 s; a body is 64 KiB at most). Then 408. */
  requestTimeoutMs: number;
  /** The headers must arrive within this (20 s; at most the request timeout). Then 408. */
  headersTimeoutMs: number;
  /**
   * An idle kept-alive connection is closed after this (65 s): above the 60 s idle timeout of common proxies (nginx's
   * upstream `keepalive_timeout`, AWS ALB), so the proxy closes it first and never sends a request down a closing one.
   */
  keepAliveTimeoutMs: number;
  /** A socket silent in both directions this long is destroyed (120 s; the event stream writes every 15 s). */
  idleTimeoutMs: number;
  /** How often Node looks for requests past their header or request timeout (5 s): a cut comes up to this late. */
  checkEveryMs: number;
  /** Open sockets one address (an IPv6 /64) may hold (128); more are closed at once. Trusted proxies are not capped. */
  perAddress: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 20_000,
  keepAliveTimeoutMs: 65_000,
  idleTimeoutMs: 120_000,
  checkEveryMs: 5_000,
  perAddress: 128,
};

/** Fastify's options for the timeouts (the cap is `capConnectionsPerAddress`, once the server exists). */
export function connectionOptions(limits: ConnectionLimits): Partial<FastifyHttpOptions<Server>> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      connectionsCheckingInterval: limits.checkEveryMs,
    },
  };
}

/**
 * Counts the open sockets of each remote address (an IPv6 client by its /64) and destroys a new one past `perAddress`
 * before it is read. `exempt` peers (the proxies TRUST_PROXY names) speak for many clients and are not counted.
 */
export function capConnectionsPerAddress(
  server: Server,
  perAddress: number,
  exempt: (address: string) => boolean,
): { openFrom(address: string): number } {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = canonicalIp(socket.remoteAddress);
    if (!address || exempt(address)) return;
    const key = addressBucket(address);
    const count = open.get(key) ?? 0;
    if (count >= perAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
  return { openFrom: (address) => open.get(addressBucket(canonicalIp(address) ?? address)) ?? 0 };
}
