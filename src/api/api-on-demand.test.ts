import { describe, expect, it } from "vitest";
import { apiOnDemand } from "./api-on-demand.ts";
import type { ApiError } from "./api-error.ts";
import { makeApi } from "./make-api.ts";

const loginData = {
  accessToken: "t",
  userId: "1",
  email: "m@example.com",
  language: "en-US",
  nickName: "m",
  avatar: "",
};

function options(answer: () => Response) {
  const urls: string[] = [];
  const transport: ApiError[] = [];
  const fetchImpl = (async (input: Request) => {
    urls.push(input.url);
    return answer();
  }) as unknown as typeof fetch;
  return {
    urls,
    transport,
    options: {
      baseUrl: "http://api.test",
      getToken: () => null,
      getLocale: () => "en-US",
      fetch: fetchImpl,
      reporter: { apiError: () => {}, transportError: (e: ApiError) => void transport.push(e) },
    },
  };
}

describe("the Api on demand", () => {
  it("offers every call the Api has", () => {
    const { options: o } = options(() => new Response());
    const onDemand = apiOnDemand(o) as unknown as Record<string, Record<string, unknown>>;
    const calls = Object.entries(makeApi(o)).flatMap(([area, group]) => Object.keys(group).map((call) => [area, call]));
    expect(calls.length).toBeGreaterThan(30);
    for (const [area, call] of calls)
      expect(typeof onDemand[area as string]?.[call as string], `${area}.${call}`).toBe("function");
  });

  it("rejects a call the endpoint table does not have, sending nothing", async () => {
    const server = options(() => new Response());
    const api = apiOnDemand(server.options) as unknown as Record<string, Record<string, () => Promise<unknown>>>;
    await expect(api.orders?.refund?.()).rejects.toMatchObject({ kind: "transport", errMsg: "No call orders.refund" });
    expect(server.urls).toEqual([]);
  });

  it("sends nothing until called, then answers as the Api does", async () => {
    const server = options(
      () =>
        new Response(JSON.stringify({ success: true, errCode: "0", errMsg: "", resData: loginData }), {
          headers: { "Content-Type": "application/json" },
        }),
    );
    const api = apiOnDemand(server.options);
    expect(server.urls).toEqual([]);
    expect(await api.auth.login({ email: "m@example.com", password: "x" })).toEqual(loginData);
    expect(await api.auth.login({ email: "m@example.com", password: "x" })).toEqual(loginData);
    expect(server.urls).toEqual(["http://api.test/api/Login/Login", "http://api.test/api/Login/Login"]);
  });

  it("passes on the Api's failures as they are", async () => {
    const server = options(() => new Response("not json", { status: 502 }));
    await expect(apiOnDemand(server.options).auth.lastLogin()).rejects.toMatchObject({ kind: "transport" });
    expect(server.transport).toHaveLength(1);
  });
});
