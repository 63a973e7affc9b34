import ipaddr from "ipaddr.js";

/**
 * Whether a callback may not be sent to this address: anything but a public unicast address (loopback, RFC 1918,
 * link-local with the 169.254.169.254 metadata service, CGNAT, 0.0.0.0/8, multicast, broadcast, reserved; ::1, ::,
 * fc00::/7, fe80::/10 …). The ranges are ipaddr.js's; an IPv6 address that carries an IPv4 one (mapped ::ffff:a.b.c.d,
 * compatible ::a.b.c.d) is judged by that IPv4 address, since that is where the packets go. NAT64, 6to4 and Teredo
 * prefixes are refused whole: their embedded address could be anything. Text that is no address is refused too.
 */
export function forbiddenAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return true;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === "ipv4") return parsed.range() !== "unicast";
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return forbiddenAddress(v6.toIPv4Address().toString());
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return forbiddenAddress(embeddedIPv4(v6));
  return v6.range() !== "unicast";
}

/** The last 32 bits of an IPv4-compatible address (::a.b.c.d, deprecated but still routed by some stacks). */
const embeddedIPv4 = (v6: ipaddr.IPv6) => {
  const [high = 0, low = 0] = v6.parts.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
};
