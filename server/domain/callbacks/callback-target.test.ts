import { describe, expect, it } from "vitest";
import { type CallbackTargets, checkCallbackUrl, type HostResolver, withoutCredentials } from "./callback-target.ts";

const resolvesTo =
  (answers: Record<string, string[]>): HostResolver =>
  async (hostname) => {
    const found = answers[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found;
  };

const dns = resolvesTo({
  "loopback.test": ["127.0.0.1"],
  "private.test": ["10.0.0.5"],
  "metadata.test": ["169.254.169.254"],
  "mapped.test": ["::ffff:127.0.0.1"],
  "mixed.test": ["93.184.215.14", "10.0.0.5"],
  "public.test": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
});
const strict: CallbackTargets = { allowPrivate: false, resolve: dns };

describe("checkCallbackUrl", () => {
  it("refuses a host name that resolves to loopback, private, metadata or mapped-loopback addresses", async () => {
    for (const host of ["loopback.test", "private.test", "metadata.test", "mapped.test", "mixed.test"])
      expect(await checkCallbackUrl(`https://${host}/hook`, strict), host).toMatchObject({
        ok: false,
        reason: "forbidden",
      });
  });

  it("refuses a URL holding a user name or password without asking DNS, and records it without them", async () => {
    const noDns: CallbackTargets = { allowPrivate: true, resolve: () => Promise.reject(new Error("DNS asked")) };
    for (const url of [
      "https://user:pass@public.test/hook",
      "https://user@public.test/hook",
      "https://:pass@public.test/",
    ])
      expect(await checkCallbackUrl(url, noDns), url).toMatchObject({ ok: false, reason: "credentials" });
    expect(withoutCredentials("https://user:pass@public.test/hook?a=1")).toBe("https://public.test/hook?a=1");
    expect(withoutCredentials("https://public.test/hook")).toBe("https://public.test/hook");
  });

  it("refuses forbidden IP literals without asking DNS", async () => {
    const noDns: CallbackTargets = {
      allowPrivate: false,
      resolve: () => Promise.reject(new Error("DNS asked")),
    };
    for (const url of [
      "http://127.0.0.1:8080/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://169.254.169.254/latest/meta-data/",
      "http://0x7f000001/",
      "http://2130706433/",
      "http://0177.0.0.1/",
    ])
      expect(await checkCallbackUrl(url, noDns), url).toMatchObject({ ok: false, reason: "forbidden" });
  });

  it("accepts a public host with every address it resolves to", async () => {
    expect(await checkCallbackUrl("https://public.test/recharge", strict)).toMatchObject({
      ok: true,
      addresses: ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    });
  });

  it("takes http and https only", async () => {
    for (const url of ["ftp://public.test/", "file:///etc/passwd", "gopher://public.test/", "not a url"])
      expect(await checkCallbackUrl(url, strict), url).toMatchObject({ ok: false, reason: "scheme" });
  });

  it("says when a host does not resolve", async () => {
    expect(await checkCallbackUrl("https://nowhere.test/", strict)).toMatchObject({
      ok: false,
      reason: "unresolved",
      detail: "ENOTFOUND",
    });
  });

  it("lets private addresses through only when they are allowed (test servers)", async () => {
    expect(await checkCallbackUrl("http://loopback.test/", { allowPrivate: true, resolve: dns })).toMatchObject({
      ok: true,
      addresses: ["127.0.0.1"],
    });
  });
});
