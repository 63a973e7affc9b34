import { isIP } from "node:net";
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { canonicalIp, ipv6Groups } from "../domain/platform/ip-address.ts";

/**
 * Who is asking: the address every per-address limit counts, the request log shows and `lastLoginIp` keeps.
 *
 * Behind a proxy the socket's peer is the proxy, and the client's address is in X-Forwarded-For, which anyone can
 * write: a proxy *appends* the address it saw, so only entries added by proxies we trust count, read from the right.
 * TRUST_PROXY says which peers are those proxies:
 * - unset, empty or `false`: none; the header is ignored (the server faces the internet itself);
 * - addresses and CIDRs, comma-separated (`10.0.0.1, 10.0.1.0/24`), or `loopback`, `linklocal`, `uniquelocal`: a peer
 *   (and each entry, from the right) is a proxy when it is one of them; the first one that is not is the client;
 * - a hop count (`1`–`10`): that many proxies in front, whatever their addresses. Only safe when the server cannot
 *   be reached but through them (a private network, `HOST=127.0.0.1` behind a local proxy): a client connecting
 *   directly would be taken for a proxy and choose its own address;
 * - `true`: every peer is a proxy, so the left-most entry, which the client writes, wins. Refused in production;
 *   tolerated elsewhere for a quick local setup.
 * Fastify applies the setting (`request.ip`, and `request.protocol` from X-Forwarded-Proto for HSTS); `clientAddress`
 * then keeps the result only when it is an IP address, spelled canonically, and otherwise falls back to the socket's
 * peer: never a string the client chose.
 */
export type TrustProxy = boolean | number | readonly string[];

const maxHops = 10;
const namedRanges = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY, checked: throws with what is accepted, and refuses `true` in production. */
export function parseTrustProxy(value: string | undefined, { production }: { production: boolean }): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false") return false;
  if (text === "true") {
    if (production)
      throw new Error(
        "TRUST_PROXY=true trusts every peer, so any client could choose its own address; name the proxies " +
          "(TRUST_PROXY=10.0.0.1,10.0.1.0/24) or say how many there are (TRUST_PROXY=1)",
      );
    return true;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= maxHops) return hops;
  } else {
    const entries = text.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyEntry)) return entries;
  }
  throw new Error(
    `TRUST_PROXY must name the proxies in front of the server (IP addresses or CIDRs, comma-separated, or loopback, ` +
      `linklocal, uniquelocal) or say how many there are (1 to ${maxHops}); it is ${JSON.stringify(text)}`,
  );
}

function isProxyEntry(entry: string): boolean {
  if (namedRanges.has(entry) || isIP(entry) !== 0) return true;
  const cidr = /^([^/]+)\/(\d{1,3})$/.exec(entry);
  if (!cidr) return false;
  const family = isIP(cidr[1]!);
  const bits = Number(cidr[2]);
  return (family === 4 && bits <= 32) || (family === 6 && bits <= 128);
}

/** Fastify's `trustProxy` for the setting. Fastify turns a plain number off (fail closed): a hop count is a function. */
export function fastifyTrustProxy(trust: TrustProxy | undefined): FastifyServerOptions["trustProxy"] {
  if (trust === undefined || typeof trust === "boolean") return trust ?? false;
  if (typeof trust === "number") return (_address: string, hop: number) => hop < trust;
  return [...trust];
}

/**
 * Whether a socket's peer is one of the proxies TRUST_PROXY trusts (hop 0), which speak for many clients: any peer
 * for a hop count or `true`, else a peer an entry holds.
 */
export function isTrustedProxy(trust: TrustProxy | undefined, address: string): boolean {
  if (!trust) return false;
  if (trust === true || typeof trust === "number") return true;
  const ip = canonicalIp(address);
  return ip !== null && trust.some((entry) => entryHolds(entry, ip));
}

const namedRangesCidrs: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** Whether a TRUST_PROXY entry (an address, a CIDR, a named range) holds the canonical address `ip`. */
function entryHolds(entry: string, ip: string): boolean {
  return (namedRangesCidrs[entry] ?? [entry]).some((range) => {
    const [base = "", prefix] = range.split("/");
    const a = addressBits(canonicalIp(base));
    const b = addressBits(ip);
    if (!a || !b || a.length !== b.length) return false;
    const bits = prefix === undefined ? a.length : Number(prefix);
    return a.slice(0, bits) === b.slice(0, bits);
  });
}

/** A canonical address as a string of 32 or 128 bits, or null. */
function addressBits(ip: string | null): string | null {
  if (!ip) return null;
  if (isIP(ip) === 4)
    return ip
      .split(".")
      .map((part) => Number(part).toString(2).padStart(8, "0"))
      .join("");
  return (
    ipv6Groups(ip)
      ?.map((group) => group.toString(2).padStart(16, "0"))
      .join("") ?? null
  );
}

/** The request's client address: the one the trusted proxies vouch for, when it is an IP; else the socket's peer. */
export function clientAddress(request: FastifyRequest): string {
  return canonicalIp(request.ip) ?? canonicalIp(request.socket?.remoteAddress) ?? "0.0.0.0";
}

/** Fastify's request line for the log, with the client address as the server counts it (Fastify's shows `request.ip`). */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url,
    host: request.host,
    remoteAddress: clientAddress(request),
    remotePort: request.socket?.remotePort,
  };
}
