import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, createHarness, type Harness, reset } from "../testing/harness.ts";
import { seedMerchant } from "../testing/seed.ts";
import type { FastifyRequest } from "fastify";
import { isTrustedProxy, parseTrustProxy, requestForLog } from "./client-address.ts";

/**
 * Issue 25, finding 1: with TRUST_PROXY=true the left-most X-Forwarded-For entry, which the client writes, became the
 * address every per-address limit, the log and lastLoginIp used (an HTML string was stored as an address).
 */
const owner = { email: "owner@example.com", password: "Owner123x" };
const proxy = "10.0.0.1";
const limits = { loginFailuresPerIp: { max: 3, seconds: 900 }, loginFailuresPerAccountIp: { max: 100, seconds: 900 } };
const harnesses: Harness[] = [];
let named: Harness;
let hops: Harness;
beforeAll(async () => {
  named = await createHarness({
    trustProxy: parseTrustProxy(`${proxy}, 192.168.0.0/16`, { production: true }),
    limits,
  });
  hops = await createHarness({ trustProxy: parseTrustProxy("2", { production: true }), limits });
  harnesses.push(named, hops);
});
afterAll(() => Promise.all(harnesses.map((h) => h.close())));
beforeEach(async () => {
  for (const h of harnesses) {
    await reset(h);
    await seedMerchant(h.db, owner);
  }
});

const signIn = (h: Harness, ip: string, forwardedFor?: string, password = owner.password) =>
  call(h, "login", {
    body: { email: owner.email, password },
    ip,
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  });
const lastLoginIp = async (h: Harness) =>
  (
    await h.db
      .selectFrom("merchants")
      .select("last_login_ip")
      .where("email", "=", owner.email)
      .executeTakeFirstOrThrow()
  ).last_login_ip;

describe("the client's address", () => {
  it("is the one the trusted proxy appended, never an entry the client wrote", async () => {
    // The client wrote "6.6.6.6"; the proxy appended the address it saw.
    expect((await signIn(named, proxy, "6.6.6.6, 203.0.113.5")).success).toBe(true);
    expect(await lastLoginIp(named)).toBe("203.0.113.5");
    // A chain of named proxies (a CIDR among them) is walked from the right.
    expect((await signIn(named, proxy, "6.6.6.6, 198.51.100.4, 192.168.7.7")).success).toBe(true);
    expect(await lastLoginIp(named)).toBe("198.51.100.4");
    // Straight from the internet, the header is ignored.
    expect((await signIn(named, "198.51.100.9", "6.6.6.6")).success).toBe(true);
    expect(await lastLoginIp(named)).toBe("198.51.100.9");
  });

  it("counts a hop count of proxies from the right", async () => {
    expect((await signIn(hops, "10.1.1.1", "6.6.6.6, 203.0.113.8, 10.2.2.2")).success).toBe(true);
    expect(await lastLoginIp(hops)).toBe("203.0.113.8");
  });

  it("falls back to the socket's address when the forwarded one is not an IP (no string the client chose is stored)", async () => {
    for (const forged of ["<b>owner</b>", "1.2.3.4:80", "010.1.1.1", "unknown"]) {
      expect((await signIn(named, proxy, forged)).success, forged).toBe(true);
      expect(await lastLoginIp(named), forged).toBe(proxy);
    }
    // Spelled canonically: an IPv4-mapped IPv6 address is the IPv4 one, IPv6 in lower case and shortest form.
    expect((await signIn(named, proxy, "::ffff:203.0.113.9")).success).toBe(true);
    expect(await lastLoginIp(named)).toBe("203.0.113.9");
    expect((await signIn(named, proxy, "2001:DB8:0:0:0:0:0:1")).success).toBe(true);
    expect(await lastLoginIp(named)).toBe("2001:db8::1");
  });

  it("is what the request log shows", () => {
    const request = (ip: string) =>
      ({
        ip,
        method: "POST",
        url: "/api/Login/Login",
        host: "shop",
        socket: { remoteAddress: proxy, remotePort: 4 },
      }) as FastifyRequest;
    expect(requestForLog(request("<script>x</script>")).remoteAddress).toBe(proxy);
    expect(requestForLog(request("::ffff:203.0.113.9")).remoteAddress).toBe("203.0.113.9");
  });

  it("counts IPv6 clients by their /64 in the per-address limits", async () => {
    // Three failures from three addresses of one /64 fill the address's bucket (3 here) …
    for (const host of ["1", "2", "3"])
      expect((await signIn(named, proxy, `2001:db8:1:2::${host}`, "Wrong123x")).errCode).toBe("2006");
    expect((await signIn(named, proxy, "2001:db8:1:2:ffff::9")).errCode).toBe("2005");
    // … and leave the next /64 alone.
    expect((await signIn(named, proxy, "2001:db8:1:3::1")).success).toBe(true);
  });
});

describe("TRUST_PROXY", () => {
  it("names the proxies (addresses, CIDRs) or a hop count; true is refused in production", () => {
    expect(parseTrustProxy(undefined, { production: true })).toBe(false);
    expect(parseTrustProxy("", { production: true })).toBe(false);
    expect(parseTrustProxy("false", { production: true })).toBe(false);
    expect(parseTrustProxy(" 10.0.0.1, 2001:db8::/32 ,loopback", { production: true })).toEqual([
      "10.0.0.1",
      "2001:db8::/32",
      "loopback",
    ]);
    expect(parseTrustProxy("1", { production: true })).toBe(1);
    expect(parseTrustProxy("true", { production: false })).toBe(true);
    expect(() => parseTrustProxy("true", { production: true })).toThrow(
      "TRUST_PROXY=true trusts every peer, so any client could choose its own address; name the proxies",
    );
    for (const bad of ["yes", "10.0.0.256", "10.0.0.0/33", "::1/129", "10.0.0.1,,10.0.0.2", "0", "-1", "proxy.local"])
      expect(() => parseTrustProxy(bad, { production: false }), bad).toThrow("TRUST_PROXY must name");
  });

  it("tells the proxies it names from other peers (for the connection cap, which spares them)", () => {
    const trust = parseTrustProxy("10.0.0.1, 192.168.0.0/16, 2001:db8::/32, loopback", { production: true });
    for (const peer of ["10.0.0.1", "::ffff:10.0.0.1", "192.168.40.2", "2001:db8:ff::1", "127.0.0.1", "::1"])
      expect(isTrustedProxy(trust, peer), peer).toBe(true);
    for (const peer of ["10.0.0.2", "192.169.0.1", "2001:db9::1", "203.0.113.9", "not an address"])
      expect(isTrustedProxy(trust, peer), peer).toBe(false);
    expect(isTrustedProxy(false, "10.0.0.1")).toBe(false);
    expect(isTrustedProxy(2, "203.0.113.9")).toBe(true);
  });
});
