import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EndpointName, endpoints, fillPath } from "../../contracts/endpoints.ts";
import { envelope } from "../../contracts/schemas/envelope.ts";
import { createHarness, type Harness, type Merchant, rowCounts, signedInMerchant } from "../testing/harness.ts";

/**
 * Walks every endpoint of the table and throws bad input at it: the answer is always the envelope
 * with success false, a readable errMsg and the right status, never a 500, and nothing is written.
 */
let h: Harness;
let m: Merchant;
beforeAll(async () => {
  h = await createHarness();
  m = await signedInMerchant(h, "shop@example.com");
});
afterAll(() => h.close());

type Input = { body?: Record<string, unknown>; query?: Record<string, string> };
const valid = (name: EndpointName): Input => {
  const password = { password: "Fresh456x", repeatPassword: "Fresh456x" };
  const inputs: Record<EndpointName, Input> = {
    login: { body: { email: "shop@example.com", password: "Secret123" } },
    sendCode: { body: { email: "new@example.com", type: "register" } },
    register: { body: { email: "new@example.com", code: "123456", ...password } },
    checkCode: { body: { email: "new@example.com", code: "123456", type: "register" } },
    logout: { query: { uid: m.userId } },
    userInfo: { query: { id: m.userId } },
    menu: { body: {} },
    updatePassword: { body: { oldPassword: "Secret123", ...password } },
    resetPassword: { body: { email: "shop@example.com", code: "123456", ...password } },
    userWallet: { body: { currency: "USDT" } },
    language: { query: { language: "en-US" } },
    updateProfile: { body: { nickName: "Shop" } },
    lastLogin: {},
    googleLogin: { body: { credential: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln" } },
    googleCode: { body: { code: "4/0AX4XfWh-code" } },
    demoCheckout: { body: { chain: "TRON" } },
    demoStatus: { body: { orderCode: "DEMO-ABCDEFGH23" } },
    demoPay: { body: { orderCode: "DEMO-ABCDEFGH23" } },
    messageList: { body: { type: "notice" } },
    messageRead: { body: { ids: ["1"] } },
  };
  return inputs[name];
};

interface Raw {
  payload?: string;
  contentType?: string;
  query?: Record<string, string | string[]>;
  authorization?: string | null;
}

async function send(name: EndpointName, raw: Raw) {
  const endpoint = endpoints[name];
  const authorization = raw.authorization === undefined ? `Bearer ${m.token}` : raw.authorization;
  const response = await h.app.inject({
    method: endpoint.method,
    url: fillPath(endpoint.path, { product: "Tron" }),
    query: raw.query ?? valid(name).query,
    headers: {
      ...(raw.contentType ? { "content-type": raw.contentType } : {}),
      ...(endpoint.auth && authorization ? { authorization } : {}),
    },
    ...(raw.payload !== undefined ? { payload: raw.payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

const json = "application/json";
const wrongValues: Array<[string, unknown]> = [["a number", 12345], ["true", true], ["null", null], ["an object", { a: 1 }], ["an array", ["x"]]];

/** [label, request, status, errCode, text the errMsg must contain] */
type Case = [string, Raw, number, string, string?];

function casesFor(name: EndpointName): Case[] {
  const endpoint = endpoints[name];
  const input = valid(name);
  const cases: Case[] = [];
  if (endpoint.auth) {
    const body = input.body ? JSON.stringify(input.body) : undefined;
    cases.push(["no token", { payload: body, contentType: body ? json : undefined, authorization: null }, 401, "4010", "Not logged in"]);
    cases.push(["an unknown token", { payload: body, contentType: body ? json : undefined, authorization: "Bearer not-a-session" }, 401, "4010"]);
    cases.push(["a Basic header", { payload: body, contentType: body ? json : undefined, authorization: "Basic c2hvcDpTZWNyZXQxMjM=" }, 401, "4010"]);
  }
  if (endpoint.method === "POST") {
    const body = input.body ?? {};
    const payload = (value: unknown): Raw => ({ payload: JSON.stringify(value), contentType: json });
    cases.push(["malformed JSON", { payload: '{"email": "shop@', contentType: json }, 400, "1002", "Malformed JSON"]);
    cases.push(["trailing garbage", { payload: `${JSON.stringify(body)}x`, contentType: json }, 400, "1002"]);
    cases.push(["text/plain", { payload: JSON.stringify(body), contentType: "text/plain" }, 415, "1004", "application/json"]);
    cases.push(["a form", { payload: "email=a%40b.c", contentType: "application/x-www-form-urlencoded" }, 415, "1004"]);
    cases.push(["no content type", { payload: JSON.stringify(body) }, 415, "1004"]);
    cases.push(["a 100 KiB body", payload({ ...body, filler: "x".repeat(100 * 1024) }), 413, "1003", "64 KiB"]);
    cases.push(["an empty array", payload([]), 400, "1001", "JSON object"]);
    cases.push(["an array of the body", payload([body]), 400, "1001", "JSON object"]);
    cases.push(["null", payload(null), 400, "1001", "JSON object"]);
    cases.push(["a string", payload("hello"), 400, "1001", "JSON object"]);
    cases.push(["a number", payload(42), 400, "1001", "JSON object"]);
    cases.push(["a __proto__ key", { payload: JSON.stringify(body).replace(/^\{/, '{"__proto__":{"admin":true}'.concat(Object.keys(body).length ? "," : "")), contentType: json }, 400, "1001", "__proto__"]);
    cases.push(["a nested __proto__ key", payload({ ...body, x: JSON.parse('{"__proto__":{"polluted":1}}') }), 400, "1001", "__proto__"]);
    cases.push(["a constructor key", payload({ ...body, constructor: { prototype: { admin: true } } }), 400, "1001", "constructor"]);
    cases.push(["an extra field", payload({ ...body, admin: true }), 400, "1001", "admin"]);
    const schema = endpoint.body;
    for (const field of Object.keys(body)) {
      const { [field]: _, ...without } = body;
      if (schema && !schema.safeParse(without).success) cases.push([`no ${field}`, payload(without), 400, "1001", field]);
      for (const [label, value] of wrongValues) cases.push([`${field} as ${label}`, payload({ ...body, [field]: value }), 400, "1001", field]);
      cases.push([`${field} of 10 000 characters`, payload({ ...body, [field]: "A1a".repeat(3334) }), 400, "1001", field]);
    }
  }
  const query = input.query ?? {};
  for (const field of Object.keys(query)) {
    const { [field]: _, ...without } = query;
    const body = input.body ? JSON.stringify(input.body) : undefined;
    const base = { payload: body, contentType: body ? json : undefined };
    cases.push([`no ${field} in the query`, { ...base, query: without }, 400, "1001", field]);
    cases.push([`${field} twice in the query`, { ...base, query: { ...query, [field]: ["a", "b"] } }, 400, "1001", field]);
    cases.push([`an empty ${field}`, { ...base, query: { ...query, [field]: "" } }, 400, "1001", field]);
  }
  if (name === "language") cases.push(["an unknown language", { query: { language: "xx-XX" } }, 400, "1001", "Must be one of"]);
  return cases;
}

async function snapshot() {
  return { counts: await rowCounts(h.db), merchants: await h.db.selectFrom("merchants").selectAll().execute() };
}

describe("bad input on every endpoint", () => {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    it(`${endpoints[name].method} ${endpoints[name].path}`, async () => {
      const before = await snapshot();
      const cases = casesFor(name);
      expect(cases.length).toBeGreaterThan(endpoints[name].method === "POST" ? 14 : 2);
      for (const [label, raw, status, errCode, text] of cases) {
        const answer = await send(name, raw);
        const body = envelope.parse(answer.body);
        const seen = `${label}: ${answer.status} ${JSON.stringify(body)}`;
        expect(answer.status, seen).toBe(status);
        expect(body, seen).toMatchObject({ success: false, errCode, resData: null });
        expect(body.errMsg.length, seen).toBeGreaterThan(3);
        expect(body.errMsg, seen).not.toMatch(/Invalid input|validation\.|Error:|\bat \w+ \(/);
        if (text) expect(body.errMsg, seen).toContain(text);
      }
      expect(await snapshot()).toEqual(before);
    });
  }
});
