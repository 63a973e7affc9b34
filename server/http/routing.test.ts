import { connect } from "node:net";
import { Kysely, PostgresDialect } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type EndpointName, endpoints, fillPath } from "../../contracts/endpoints.ts";
import { buildServer } from "../app.ts";
import type { DB } from "../db/schema.ts";
import { seedCode } from "../testing/seed.ts";
import { call, createHarness, type Harness, reset, signedInMerchant } from "../testing/harness.ts";
import { stubChainLayer } from "../testing/stub-chain.ts";

let h: Harness;
beforeAll(async () => {
  // A chain layer without a node: GetUserWallet answers for its products (Devnet, Eth).
  h = await createHarness({ devOutbox: true, chain: stubChainLayer() });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const swapCase = (path: string) => [...path].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join("");

describe("paths", () => {
  it("match whatever their letter case, like the ASP.NET service", async () => {
    const m = await signedInMerchant(h);
    const queries: Partial<Record<EndpointName, Record<string, string>>> = {
      logout: { uid: m.userId },
      userInfo: { id: m.userId },
      language: { language: "en-US" },
    };
    const reads: EndpointName[] = ["userInfo", "menu", "userWallet", "language", "lastLogin"];
    for (const name of reads) {
      const path = fillPath(endpoints[name].path, { product: "Devnet" });
      for (const variant of [path.toLowerCase(), path.toUpperCase(), swapCase(path)]) {
        const answer = await h.app.inject({
          method: endpoints[name].method,
          url: variant,
          query: queries[name],
          headers: { authorization: `Bearer ${m.token}` },
        });
        expect(answer.statusCode, `${variant}: ${answer.body}`).toBe(200);
        expect(answer.json().success).toBe(true);
      }
    }
    await seedCode(h.db, { email: "new@example.com", purpose: "register", code: "123456" });
    const check = await h.app.inject({
      method: "POST",
      url: "/API/REGISTER/CHECKCAPTCHACODE",
      payload: { email: "new@example.com", code: "123456", type: "register" },
    });
    expect(check.json()).toMatchObject({ success: true, resData: { valid: true } });
  });

  it("answer the 404 envelope for unknown API routes and wrong methods", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["POST", "/api/Login/Nope"],
      ["GET", "/api/Login/Login"],
      ["DELETE", "/api/user/menu"],
      ["GET", "/anything"],
      // The probes (http/health-routes.ts) answer GET and HEAD only.
      ["POST", "/healthz"],
      ["DELETE", "/readyz"],
    ] as const) {
      const answer = await h.app.inject({ method, url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toEqual({ success: false, errCode: "4040", errMsg: "Not found", resData: null });
    }
  });

  it("carry the security headers and no-store on API answers", async () => {
    const answer = await h.app.inject({ method: "POST", url: "/api/user/menu" });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "x-frame-options": "DENY",
      "cross-origin-opener-policy": "same-origin",
      "cache-control": "no-store",
    });
    expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(answer.headers["content-security-policy"]).not.toContain("google");
  });
});

describe("calls without fields", () => {
  it("take no body, an empty body or {} with or without a Content-Type", async () => {
    const m = await signedInMerchant(h);
    const variants = [
      {},
      { payload: "" },
      { payload: "", headers: { "content-type": "application/json" } },
      { payload: "{}", headers: { "content-type": "application/json" } },
      { payload: " \n ", headers: { "content-type": "application/json; charset=utf-8" } },
    ];
    for (const [name, query] of [
      ["menu", undefined],
      ["language", { language: "ko-KR" }],
      ["userWallet", undefined],
    ] as const) {
      for (const variant of variants) {
        const answer = await h.app.inject({
          method: "POST",
          url: fillPath(endpoints[name].path, { product: "Eth" }),
          query,
          ...variant,
          headers: { authorization: `Bearer ${m.token}`, ...("headers" in variant ? variant.headers : {}) },
        });
        expect(answer.statusCode, `${name} ${JSON.stringify(variant)}: ${answer.body}`).toBe(200);
        expect(answer.json().success).toBe(true);
      }
    }
  });

  it("GET calls ignore a JSON Content-Type without a body, as the console sends it", async () => {
    const m = await signedInMerchant(h);
    const answer = await h.app.inject({
      method: "GET",
      url: `/api/Login/Logout?uid=${m.userId}`,
      headers: { authorization: `Bearer ${m.token}`, "content-type": "application/json" },
    });
    expect(answer.json()).toMatchObject({ success: true });
  });
});

describe("the dev outbox", () => {
  it("lists the mail to an address, newest first", async () => {
    await call(h, "sendCode", { body: { email: "New@example.com", type: "register" } });
    h.clock.advance(61);
    await call(h, "sendCode", { body: { email: "new@example.com", type: "register" } });
    const answer = await h.app.inject({ method: "GET", url: "/api/dev/outbox?to=NEW@example.com" });
    const { messages } = answer.json();
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ to: "new@example.com", code: expect.stringMatching(/^\d{6}$/) });
    expect(messages[0].text).toContain(messages[0].code);
    expect(Date.parse(messages[0].createdAt)).toBeGreaterThan(Date.parse(messages[1].createdAt));
    expect((await h.app.inject({ method: "GET", url: "/api/dev/outbox?to=other@example.com" })).json()).toEqual({
      messages: [],
    });
  });

  it("needs an address and never lists everybody's mail", async () => {
    await call(h, "sendCode", { body: { email: "new@example.com", type: "register" } });
    for (const url of ["/api/dev/outbox", "/api/dev/outbox?to="]) {
      const answer = await h.app.inject({ method: "GET", url });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, errCode: "1001" });
    }
  });

  it("shows a code only while it is valid", async () => {
    await call(h, "sendCode", { body: { email: "new@example.com", type: "register" } });
    h.clock.advance(601);
    const [message] = (await h.app.inject({ method: "GET", url: "/api/dev/outbox?to=new@example.com" })).json()
      .messages;
    expect(message).toMatchObject({ to: "new@example.com", code: "", text: "" });
  });

  it("exists only on a test server, never in production", async () => {
    for (const options of [{}, { production: true, devOutbox: true }, { production: false, devOutbox: false }]) {
      const app = await buildServer({ db: h.db, ...options });
      const answer = await app.inject({ method: "GET", url: "/api/dev/outbox?to=new@example.com" });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ success: false, errCode: "4040" });
      await app.close();
    }
  });
});

describe("the dev outbox's address", () => {
  it("refuses a NUL or another control character with 400, never a 500 (issue 67)", async () => {
    const app = await buildServer({ db: h.db, production: false, devOutbox: true });
    for (const to of ["%00", "a%00b%40example.com", "a%01b%40example.com"]) {
      const answer = await app.inject({ method: "GET", url: `/api/dev/outbox?to=${to}` });
      expect(answer.statusCode, to).toBe(400);
    }
    expect((await app.inject({ method: "GET", url: "/api/dev/outbox?to=new@example.com" })).statusCode).toBe(200);
    await app.close();
  });
});

describe("unexpected failures", () => {
  it("answer 500 with the envelope and no detail", async () => {
    const pool = {
      connect: async () => Promise.reject(new Error("connect ECONNREFUSED secret-host:5432")),
      end: async () => {},
    };
    const broken = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as never }) });
    const log = logLines();
    const app = await buildServer({ db: broken, logger: log });
    const answer = await app.inject({
      method: "POST",
      url: "/api/Login/Login",
      payload: { email: "shop@example.com", password: "Merchant7Pass" },
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ success: false, errCode: "5000", errMsg: "Internal error", resData: null });
    expect(answer.body).not.toContain("secret-host");
    // The operator learns what the caller does not: the error, on the log.
    const logged = log.records().find((r) => r.msg === "unexpected error");
    expect(logged?.level).toBe(50);
    expect(JSON.stringify(logged?.err)).toContain("secret-host");
    expect(log.text()).not.toContain("Merchant7Pass");
    await app.close();
  });

  it("log a database error's kind, code and message, never its query's parameters or the row's values (issue 67)", async () => {
    const failing = Object.assign(new Error('duplicate key value violates unique constraint "merchants_email"'), {
      code: "23505",
      detail: "Key (email)=(leaked@example.com) already exists.",
      query: "select * from merchants where email = $1",
      params: ["leaked@example.com"],
      parameters: ["leaked@example.com"],
    });
    const client = { query: async () => Promise.reject(failing), release: () => {} };
    const pool = { connect: async () => client, end: async () => {} };
    const broken = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as never }) });
    const log = logLines();
    const app = await buildServer({ db: broken, logger: log });
    const answer = await app.inject({
      method: "POST",
      url: "/api/Login/Login",
      payload: { email: "leaked@example.com", password: "Merchant7Pass" },
    });
    expect(answer.statusCode).toBe(500);
    const logged = log.records().find((r) => r.msg === "unexpected error");
    expect(logged?.err).toMatchObject({ code: "23505", message: expect.stringContaining("merchants_email") });
    expect(log.text()).not.toContain("leaked@example.com");
    await app.close();
  });
});

/** A logger's stream that keeps its lines (pino writes one JSON record per line). */
function logLines() {
  let text = "";
  return {
    stream: {
      write: (chunk: string) => {
        text += chunk;
      },
    },
    text: () => text,
    records: () =>
      text
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown> & { msg?: string; reqId?: string }),
  };
}

describe("the request log", () => {
  it("logs a refused call in one line, at its end, with its method, URL, address, status, time and id", async () => {
    const log = logLines();
    const app = await buildServer({
      db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: {} as never }) }),
      logger: log,
    });
    await app.inject({ method: "POST", url: "/api/user/menu", remoteAddress: "203.0.113.9" });
    await app.close();
    const records = log.records().filter((r) => r.reqId !== undefined);
    expect(records.map((r) => r.msg)).toEqual(["request completed"]);
    const [line] = records;
    expect(line?.req).toMatchObject({ method: "POST", url: "/api/user/menu", remoteAddress: "203.0.113.9" });
    expect(line?.res).toMatchObject({ statusCode: 401 });
    expect(line?.responseTime).toEqual(expect.any(Number));
    expect(line?.reqId).toEqual(expect.any(String));
  });

  it("keeps one record per line whatever a request carries: no forged record", async () => {
    const log = logLines();
    const app = await buildServer({
      db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: {} as never }) }),
      logger: log,
    });
    const forged = '\n{"level":60,"msg":"forged"}\r\n';
    await app.inject({
      method: "GET",
      url: `/api/nope?x=${encodeURIComponent(forged)}`,
      headers: { "user-agent": "a b" },
    });
    await app.inject({ method: "POST", url: "/api/Login/Login", payload: { email: forged, password: forged } });
    await app.close();
    const records = log.records();
    // One line each request, the forged text inside its URL's string.
    expect(records.filter((r) => r.msg === "request completed")).toHaveLength(2);
    expect(records.map((r) => (r.req as { url?: string } | undefined)?.url)).toContain(
      `/api/nope?x=${encodeURIComponent(forged)}`,
    );
    expect(records.map((r) => r.msg)).not.toContain("forged");
    expect(records.some((r) => r.level === 60)).toBe(false);
  });
});

/** What the server puts on the wire itself, whatever the route: types, CORS, methods, message framing. */
const jsonType = "application/json; charset=utf-8";

/** Writes raw bytes on a fresh connection and answers everything the server sent until it closed or went quiet. */
async function raw(bytes: string): Promise<string> {
  if (!h.app.server.listening) await h.app.listen({ port: 0, host: "127.0.0.1" });
  const address = h.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  const port = address.port;
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1" }, () => socket.write(bytes));
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.setTimeout(1_500, () => socket.end());
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

describe("the wire", () => {
  it("types every JSON answer with a UTF-8 charset: a success, a refusal, 401, 404 and 400", async () => {
    const m = await signedInMerchant(h);
    const answers = [
      await h.app.inject({ method: "POST", url: "/api/user/menu", headers: { authorization: `Bearer ${m.token}` } }),
      await h.app.inject({
        method: "POST",
        url: "/api/Login/Login",
        payload: { email: "x@example.com", password: "wrong-password" },
      }),
      await h.app.inject({ method: "POST", url: "/api/user/menu" }),
      await h.app.inject({ method: "GET", url: "/api/nope" }),
      await h.app.inject({
        method: "POST",
        url: "/api/Login/Login",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404, 400]);
    for (const answer of answers) expect(answer.headers["content-type"], answer.body).toBe(jsonType);
  });

  it("sends no CORS header, to a preflight or to a cross-origin call", async () => {
    const origin = "https://evil.example";
    const preflight = await h.app.inject({
      method: "OPTIONS",
      url: "/api/Login/Login",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    const crossOrigin = await h.app.inject({
      method: "POST",
      url: "/api/Login/Login",
      headers: { origin },
      payload: { email: "x@example.com", password: "wrong-password" },
    });
    for (const answer of [preflight, crossOrigin])
      expect(Object.keys(answer.headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
    expect(preflight.statusCode).toBe(404);
  });

  it("answers TRACE with the 404 envelope, echoing nothing", async () => {
    for (const url of ["/api/user/menu", "/", "/api/Login/Login"]) {
      const answer = await h.app.inject({ method: "TRACE", url, headers: { cookie: "secret=1" } });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toEqual({ success: false, errCode: "4040", errMsg: "Not found", resData: null });
      expect(answer.body).not.toContain("secret");
    }
  });

  it("refuses a request framed by both Transfer-Encoding and Content-Length, and runs nothing smuggled behind it", async () => {
    const smuggled = "GET /api/nope-smuggled HTTP/1.1\r\nHost: x\r\n\r\n";
    const body = `0\r\n\r\n${smuggled}`;
    const answer = await raw(
      "POST /api/Login/Login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });
});
