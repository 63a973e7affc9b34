import { isIP } from "node:net";

/**
 * An IP address in one spelling (so one client is one bucket, and what is stored is plain): IPv4 as is, IPv6 in
 * lower case and its shortest form, an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket shows an
 * IPv4 peer) as the IPv4 address, a zone index dropped. Null for anything that is not an IP address (`<b>`,
 * `1.2.3.4:80`, `010.1.1.1`).
 */
export function canonicalIp(text: string | undefined): string | null {
  if (!text) return null;
  const family = isIP(text);
  if (family === 4) return text;
  if (family !== 6) return null;
  let host: string;
  try {
    // The URL parser writes IPv6 in its canonical form (RFC 5952): lower case, zeros compressed.
    host = new URL(`http://[${text.replace(/%.*$/, "")}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!mapped) return host;
  const [high, low] = [Number.parseInt(mapped[1]!, 16), Number.parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The eight 16-bit groups of an IPv6 address, or null when it is none. */
export function ipv6Groups(text: string): number[] | null {
  const ip = canonicalIp(text);
  if (!ip || isIP(ip) !== 6) return null;
  const [head = "", tail] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((group) => Number.parseInt(group, 16));
}

/**
 * The subject of a per-address bucket (and of the per-address connection cap): an IPv4 address as it is, an IPv6
 * one as its /64. A subscriber gets at least a /64 from its provider, 2^64 addresses to pick from: counted one by
 * one, each would bring a fresh bucket. Anything that is not an IP address is left as it is.
 */
export function addressBucket(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return canonicalIp(ip) ?? ip;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
