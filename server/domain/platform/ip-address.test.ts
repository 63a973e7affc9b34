import { describe, expect, it } from "vitest";
import { addressBucket, canonicalIp } from "./ip-address.ts";

describe("addresses", () => {
  it("are spelled one way: IPv4 as is, IPv6 canonical, IPv4-mapped as IPv4; anything else is none", () => {
    expect(canonicalIp("203.0.113.9")).toBe("203.0.113.9");
    expect(canonicalIp("2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
    expect(canonicalIp("::FFFF:203.0.113.9")).toBe("203.0.113.9");
    expect(canonicalIp("::ffff:cb00:7109")).toBe("203.0.113.9");
    expect(canonicalIp("fe80::1%eth0")).toBe("fe80::1");
    for (const bad of ["<b>x</b>", "1.2.3.4:80", "010.1.1.1", "[::1]", " 1.2.3.4", "", undefined])
      expect(canonicalIp(bad), String(bad)).toBeNull();
  });

  it("are bucketed by /64 for IPv6, by address for IPv4", () => {
    expect(addressBucket("203.0.113.9")).toBe("203.0.113.9");
    expect(addressBucket("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressBucket("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("not an address")).toBe("not an address");
  });
});
