import { describe, expect, it } from "vitest";
import { forbiddenAddress } from "./forbidden-address.ts";

describe("forbiddenAddress", () => {
  it("refuses every kind of non-public IPv4 address", () => {
    const kinds = {
      loopback: ["127.0.0.1", "127.255.255.254"],
      private: ["10.0.0.5", "172.16.0.1", "172.31.255.255", "192.168.1.1"],
      linkLocal: ["169.254.0.1", "169.254.169.254"],
      carrierGradeNat: ["100.64.0.1", "100.127.255.255"],
      thisNetwork: ["0.0.0.0", "0.1.2.3"],
      multicast: ["224.0.0.1", "239.255.255.255"],
      broadcast: ["255.255.255.255"],
      reserved: ["240.0.0.1", "192.0.2.1", "198.18.0.1"],
    };
    for (const [kind, addresses] of Object.entries(kinds))
      for (const address of addresses) expect(forbiddenAddress(address), `${kind} ${address}`).toBe(true);
  });

  it("refuses every kind of non-public IPv6 address", () => {
    const kinds = {
      loopback: ["::1"],
      unspecified: ["::"],
      uniqueLocal: ["fc00::1", "fd12:3456:789a::1"],
      linkLocal: ["fe80::1", "febf::1"],
      multicast: ["ff02::1"],
      nat64: ["64:ff9b::808:808"],
    };
    for (const [kind, addresses] of Object.entries(kinds))
      for (const address of addresses) expect(forbiddenAddress(address), `${kind} ${address}`).toBe(true);
  });

  it("judges IPv4-mapped and IPv4-compatible IPv6 addresses by the IPv4 address they carry", () => {
    for (const address of [
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.5",
      "::ffff:169.254.169.254",
      "::ffff:100.64.0.1",
      "::ffff:0.0.0.0",
      "::ffff:192.168.0.1",
      "::127.0.0.1",
      "::7f00:1",
      "::a9fe:a9fe",
      "::10.0.0.5",
    ])
      expect(forbiddenAddress(address), address).toBe(true);
    expect(forbiddenAddress("::ffff:8.8.8.8")).toBe(false);
  });

  it("allows public unicast addresses, v4 and v6", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "93.184.215.14", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111"])
      expect(forbiddenAddress(address), address).toBe(false);
  });

  it("refuses what is not an address at all", () => {
    expect(forbiddenAddress("localhost")).toBe(true);
    expect(forbiddenAddress("")).toBe(true);
  });
});
