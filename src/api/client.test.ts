import { describe, expect, it, vi } from "vitest";
import { endpoints } from "../../contracts/endpoints.ts";
import { ApiError } from "./api-error.ts";
import { createClient, type ApiReporter } from "./client.ts";

type Seen = { url: string; method: string; headers: Headers; body: string | null };

function fakeServer(answer: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: Request) => {
    const record = {
      url: input.url,
      method: input.method,
      headers: input.headers,
      body: input.method === "GET" ? null : await input.text(),
    };
    seen.push(record);
    return answer(record);
  }) as unknown as typeof fetch;
  return { seen, fetchImpl };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });
const loginData = {
  accessToken: "t",
  userId: "1",
  email: "m@example.com",
  language: "en-US",
  nickName: "m",
  avatar: "",
};

function reporter(): ApiReporter & { api: ApiError[]; transport: ApiError[] } {
  const api: ApiError[] = [];
  const transport: ApiError[] = [];
  return { api, transport, apiError: (e) => api.push(e), transportError: (e) => transport.push(e) };
}

describe("createClient", () => {
  it("sends the spec's headers, the body as JSON, and returns parsed resData", async () => {
    const server = fakeServer(() => json({ success: true, errCode: "0", errMsg: "", resData: loginData }));
    const call = createClient({
      baseUrl: "http://api.test",
      getToken: () => "abc",
      getLocale: () => "ja-JP",
      fetch: server.fetchImpl,
    });
    const result = await call(endpoints.login, { body: { email: "m@example.com", password: "x" } });
    expect(result).toEqual(loginData);
    const [request] = server.seen;
    expect(request?.url).toBe("http://api.test/api/Login/Login");
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(request?.headers.get("language")).toBe("ja-JP");
    expect(request?.headers.get("authorization")).toBe("Bearer abc");
    expect(JSON.parse(request?.body ?? "")).toEqual({ email: "m@example.com", password: "x" });
  });

  it("omits Authorization without a token and defaults Language to en-US", async () => {
    const server = fakeServer(() =>
      json({ success: true, errCode: "0", errMsg: "", resData: { userId: "1", lastLoginAt: null, lastLoginIp: null } }),
    );
    const call = createClient({
      baseUrl: "http://api.test",
      getToken: () => null,
      getLocale: () => "",
      fetch: server.fetchImpl,
    });
    await call(endpoints.lastLogin);
    expect(server.seen[0]?.headers.get("authorization")).toBeNull();
    expect(server.seen[0]?.headers.get("language")).toBe("en-US");
    expect(server.seen[0]?.method).toBe("GET");
  });

  it("calls absolute paths on the page's origin when no base URL is set", async () => {
    const server = fakeServer(() =>
      json({ success: true, errCode: "0", errMsg: "", resData: { userId: "1", lastLoginAt: null, lastLoginIp: null } }),
    );
    const call = createClient({ baseUrl: "", getToken: () => null, getLocale: () => "en-US", fetch: server.fetchImpl });
    const page = globalThis.location;
    Object.defineProperty(globalThis, "location", {
      value: new URL("http://console.test/console/index"),
      configurable: true,
    });
    try {
      await call(endpoints.lastLogin);
    } finally {
      Object.defineProperty(globalThis, "location", { value: page, configurable: true });
    }
    expect(server.seen[0]?.url).toBe("http://console.test/api/Login/CheckLastLogin");
  });

  it("fills path parameters and query strings", async () => {
    const server = fakeServer(() =>
      json({ success: true, errCode: "0", errMsg: "", resData: { product: "Tron", address: "T1", currency: "USDT" } }),
    );
    const call = createClient({
      baseUrl: "http://api.test",
      getToken: () => "t",
      getLocale: () => "en-US",
      fetch: server.fetchImpl,
    });
    await call(endpoints.userWallet, { params: { product: "Tron" }, body: {} });
    await call(endpoints.logout, { query: { uid: "42" } }).catch(() => undefined);
    expect(server.seen[0]?.url).toBe("http://api.test/api/wallet/TronClient/GetUserWallet");
    expect(server.seen[1]?.url).toBe("http://api.test/api/Login/Logout?uid=42");
  });

  it("treats errCode 3000 as a normal answer", async () => {
    const server = fakeServer(() => json({ success: false, errCode: "3000", errMsg: "fine", resData: null }));
    const seen = reporter();
    const call = createClient({
      baseUrl: "http://api.test",
      getToken: () => "t",
      getLocale: () => "en-US",
      fetch: server.fetchImpl,
      reporter: seen,
    });
    await expect(call(endpoints.logout, { query: { uid: "1" } })).resolves.toBeNull();
    expect(seen.api).toHaveLength(0);
  });

  it("throws an ApiError with errCode and errMsg on success false, and reports it", async () => {
    const server = fakeServer(() =>
      json({ success: false, errCode: "2006", errMsg: "Wrong e-mail or password", resData: null }),
    );
    const seen = reporter();
    const call = createClient({
      baseUrl: "http://api.test",
      getToken: () => null,
      getLocale: () => "en-US",
      fetch: server.fetchImpl,
      reporter: seen,
    });
    const failure = await call(endpoints.login, { body: {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: "api", errCode: "2006", errMsg: "Wrong e-mail or password" });
    expect(seen.api.map((e) => e.errCode)).toEqual(["2006"]);
  });

  it("reads the envelope of a non-2xx answer", async () => {
    const server = fakeServer(() =>
      json({ success: false, errCode: "4010", errMsg: "Not logged in", resData: null }, 401),
    );
    const seen = reporter();
    const call = createClient({
      baseUrl: "http://api.test",
      getToken: () => "old",
      getLocale: () => "en-US",
      fetch: server.fetchImpl,
      reporter: seen,
    });
    await expect(call(endpoints.menu)).rejects.toMatchObject({ errCode: "4010" });
    expect(seen.api).toHaveLength(1);
  });

  it("reports a transport error when the answer is not JSON or the network fails", async () => {
    const seen = reporter();
    const html = fakeServer(() => new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    const call = createClient({
      baseUrl: "http://api.test",
      getToken: () => null,
      getLocale: () => "en-US",
      fetch: html.fetchImpl,
      reporter: seen,
    });
    await expect(call(endpoints.lastLogin)).rejects.toMatchObject({ kind: "transport", errCode: "HTTP 502" });

    const down = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    const offline = createClient({
      baseUrl: "http://api.test",
      getToken: () => null,
      getLocale: () => "en-US",
      fetch: down,
      reporter: seen,
    });
    await expect(offline(endpoints.lastLogin)).rejects.toMatchObject({ kind: "transport", errCode: "network" });
    expect(seen.transport).toHaveLength(2);
  });

  it("rejects a resData of the wrong shape", async () => {
    const server = fakeServer(() => json({ success: true, errCode: "0", errMsg: "", resData: { accessToken: 5 } }));
    const seen = reporter();
    const call = createClient({
      baseUrl: "http://api.test",
      getToken: () => null,
      getLocale: () => "en-US",
      fetch: server.fetchImpl,
      reporter: seen,
    });
    await expect(call(endpoints.login, { body: {} })).rejects.toMatchObject({ kind: "parse" });
    expect(seen.transport).toHaveLength(1);
  });
});
