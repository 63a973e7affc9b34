import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EndpointName, endpoints, fillPath } from "../../contracts/endpoints.ts";
import { envelope } from "../../contracts/schemas/envelope.ts";
import { type FieldKind, fieldsOf } from "../../contracts/testing/request-fields.ts";
import { createHarness, type Harness, type Merchant, rowCounts, signedInMerchant } from "../testing/harness.ts";
import { seedSession } from "../testing/seed.ts";
import { englishText } from "./validation.ts";

/**
 * Walks every endpoint of the table and throws bad input at it: the answer is always the envelope
 * with success false, a readable errMsg and the right status, never a 500, and nothing is written.
 * Fields come from each endpoint's body and query schemas, so a new endpoint or field is walked too.
 */
let h: Harness;
let m: Merchant;
beforeAll(async () => {
  // Thousands of bad calls by one merchant in seconds: automation the per-merchant limit (ASVS 2.4.1) would stop.
  h = await createHarness({ limits: { merchantCalls: { max: 1_000_000, seconds: 60 } } });
  m = await signedInMerchant(h, "shop@example.com");
});
afterAll(() => h?.close());

type Input = { body?: Record<string, unknown>; query?: Record<string, string> };
/**
 * A valid request, so that each bad field is the only thing wrong. An endpoint without an entry is
 * walked from an empty body, which proves less (a missing field may be what gets refused).
 */
const valid = (name: EndpointName): Input => {
  const password = { password: "Fresh456x", repeatPassword: "Fresh456x" };
  const app = {
    name: "Shop",
    address: "https://shop.example.com",
    rechargeCallbackUrl: "https://shop.example.com/recharge",
    withdrawCallbackUrl: "https://shop.example.com/withdraw",
    withdrawAutoApproveLimit: "250",
    remark: "Main shop",
  };
  const inputs: Partial<Record<EndpointName, Input>> = {
    login: { body: { email: "shop@example.com", password: "Merchant7Pass" } },
    sendCode: { body: { email: "new@example.com", type: "register" } },
    register: { body: { email: "new@example.com", code: "123456", ...password } },
    checkCode: { body: { email: "new@example.com", code: "123456", type: "register" } },
    logout: { query: { uid: m.userId } },
    userInfo: { query: { id: m.userId } },
    menu: { body: {} },
    updatePassword: { body: { oldPassword: "Merchant7Pass", code: "123456", ...password } },
    resetPassword: { body: { email: "shop@example.com", code: "123456", ...password } },
    userWallet: { body: { currency: "USDT" } },
    language: { query: { language: "en-US" } },
    updateProfile: { body: { nickName: "Shop" } },
    lastLogin: {},
    googleLogin: {
      body: { credential: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln", nonce: "bR0wser-n0nce-0f-22-characters" },
    },
    googleLink: { body: { linkTicket: "L".repeat(43), password: "Merchant7Pass" } },
    googleCode: { body: { code: "4/0AX4XfWh-code" } },
    demoCheckout: { body: {} },
    messageList: { body: { type: "notice" } },
    messageRead: { body: { ids: ["1"] } },
    packageList: {},
    subscription: {},
    orderCreate: { body: { packageId: "2" } },
    orderList: {
      body: {
        status: "pending",
        orderCode: "2026",
        startTime: "2026-01-01T00:00:00Z",
        endTime: "2026-02-01T00:00:00Z",
        pageSize: 10,
      },
    },
    orderDetail: { body: { orderCode: "202601010000000001" } },
    orderFinishPay: { body: { orderCode: "202601010000000001" } },
    orderCancel: { body: { orderCode: "202601010000000001" } },
    orderPayFromBalance: { body: { orderCode: "202601010000000001" } },
    payChains: {},
    devPay: { body: { orderCode: "202601010000000001", product: "Devnet" } },
    myCurrencySet: {
      body: { chainId: 31337, contractAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3", accepted: true },
    },
    balance: {},
    appList: { body: { status: "normal", name: "Shop", pageSize: 10 } },
    appAdd: { body: app },
    appSetStatus: { body: { appCode: "2026010100000001", status: "stopped" } },
    appEdit: { body: { appCode: "2026010100000001", proof: "p".repeat(43), ...app } },
    appCredentials: { body: { appCode: "2026010100000001", proof: "p".repeat(43) } },
    appRotateSecret: { body: { appCode: "2026010100000001", proof: "p".repeat(43), graceWindow: "24h" } },
    callbackRedeliver: { body: { attemptId: "1" } },
    callbackRedeliverFailed: { body: { since: "2026-01-01T00:00:00Z", appCode: "2026010100000001" } },
    addAddress: {
      body: {
        chain: "Devnet",
        address: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
        label: "Cold",
        code: "123456",
        totpCode: "123456",
      },
    },
    removeAddress: { body: { id: "1" } },
    withdrawalList: {
      body: { status: "requested", startTime: "2026-01-01T00:00:00Z", endTime: "2026-02-01T00:00:00Z", pageSize: 10 },
    },
    withdrawalExport: {
      body: { status: "requested", startTime: "2026-01-01T00:00:00Z", endTime: "2026-02-01T00:00:00Z" },
    },
    approveWithdrawal: { body: { withdrawalId: "1", code: "123456", totpCode: "123456" } },
    rejectWithdrawal: { body: { withdrawalId: "1" } },
    withdraw: {
      body: {
        addressId: "1",
        amount: "1.5",
        code: "123456",
        totpCode: "123456",
        requestId: "0b5c1f4e-7d0a-4f57-9a57-4c1b8f0e2d31",
      },
    },
    callbackTest: { body: { appCode: "2026010100000001", target: "recharge" } },
    checkoutView: { query: { invoiceId: "A".repeat(22) } },
    invoiceCreate: {
      body: {
        appCode: "2026010100000001",
        amount: "12.5",
        description: "Two mugs",
        expiresInSeconds: 900,
        redirectUrl: "https://shop.example.com/thanks",
        requestId: "0b5c1f4e-7d0a-4f57-9a57-4c1b8f0e2d31",
      },
    },
    checkoutEvents: { query: { invoiceId: "A".repeat(22) } },
    invoiceRefund: {
      body: {
        invoiceId: "A".repeat(22),
        chain: "Devnet",
        to: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
        amount: "1.5",
        code: "123456",
        totpCode: "123456",
        requestId: "0b5c1f4e-7d0a-4f57-9a57-4c1b8f0e2d31",
      },
    },
  };
  return inputs[name] ?? {};
};

interface Raw {
  payload?: string;
  contentType?: string;
  query?: Record<string, string | string[]>;
  /** Path parameters as they appear in the URL, already encoded. */
  pathParams?: Record<string, string>;
  authorization?: string | null;
}

async function send(name: EndpointName, raw: Raw) {
  const endpoint = endpoints[name];
  const authorization = raw.authorization === undefined ? `Bearer ${m.token}` : raw.authorization;
  const url = raw.pathParams
    ? endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => raw.pathParams?.[key] ?? "")
    : fillPath(endpoint.path, { product: "Tron" });
  const response = await h.app.inject({
    method: endpoint.method,
    url,
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

type JsonType = "string" | "number" | "boolean" | "null" | "object" | "array";
const samples: Record<JsonType, [string, unknown]> = {
  string: ["a string", "12345"],
  number: ["a number", 12345],
  boolean: ["true", true],
  null: ["null", null],
  object: ["an object", { a: 1 }],
  array: ["an array", ["x"]],
};
/** A value of every JSON type but the field's own. */
const wrongValues = (kind: FieldKind) =>
  (Object.keys(samples) as JsonType[])
    .filter((type) => type !== (kind === "choice" ? "string" : kind))
    .map((type) => samples[type]);

const controls = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\t",
  "\n",
  "\u000b",
  "\r",
  "\u001b",
  "\u001f",
  "\u007f",
  "\u0080",
  "\u0085",
  "\u009f",
];
/** JSON.stringify writes these as `\ud800` escapes, as an attacker's raw JSON would. */
const loneSurrogates = ["\ud800", "\udbff", "\udc00", "\udfff", "\ude00\ud83d"];
const codePoints = (c: string) =>
  [...c].map((x) => `U+${x.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`).join(" ");
/** Inside the value: a trimmed field drops whitespace controls at its ends, which is no attack. */
const inside = (value: string, c: string) =>
  `${value.slice(0, Math.ceil(value.length / 2))}${c}${value.slice(Math.ceil(value.length / 2))}`;
const invalidCharacters = englishText("validation.invalidCharacters");

interface Hostile {
  label: string;
  value: string;
  /** Refused for its characters, so a text field names them (an enum only lists its values). */
  characters: boolean;
  /** Whether a URL can carry it (a lone surrogate has no UTF-8 to percent-encode). */
  inUrl: boolean;
}

function hostileStrings(base: string): Hostile[] {
  return [
    { label: "NUL alone", value: "\u0000", characters: true, inUrl: true },
    ...controls.map((c) => ({ label: codePoints(c), value: inside(base, c), characters: true, inUrl: true })),
    ...loneSurrogates.map((c) => ({
      label: `a lone surrogate ${codePoints(c)}`,
      value: inside(base, c),
      characters: true,
      inUrl: false,
    })),
    // The first also meets the password rules, so only its length is wrong.
    { label: "10 000 characters", value: "A1a".repeat(3334), characters: false, inUrl: true },
    { label: "10 000 CJK characters", value: "中".repeat(10_000), characters: false, inUrl: true },
  ];
}

const textsFor = (where: string, kind: FieldKind, hostile: Hostile) =>
  hostile.characters && kind === "string" ? [`${where}: ${invalidCharacters}`] : [where.split(".")[0] ?? where];

/** [label, request, status, errCode, texts the errMsg must contain] */
type Case = [string, Raw, number, string, string[]?];

function casesFor(name: EndpointName): Case[] {
  const endpoint = endpoints[name];
  const input = valid(name);
  const cases: Case[] = [];
  const validBody = input.body ? JSON.stringify(input.body) : undefined;
  const withValidBody = { payload: validBody, contentType: validBody ? json : undefined };
  if (endpoint.auth) {
    cases.push(["no token", { ...withValidBody, authorization: null }, 401, "4010", ["Not logged in"]]);
    cases.push(["an unknown token", { ...withValidBody, authorization: "Bearer not-a-session" }, 401, "4010"]);
    cases.push(["a Basic header", { ...withValidBody, authorization: "Basic c2hvcDpTZWNyZXQxMjM=" }, 401, "4010"]);
  }
  if (endpoint.method === "POST") {
    const body = input.body ?? {};
    const payload = (value: unknown): Raw => ({ payload: JSON.stringify(value), contentType: json });
    cases.push(["malformed JSON", { payload: '{"email": "shop@', contentType: json }, 400, "1002", ["Malformed JSON"]]);
    cases.push(["trailing garbage", { payload: `${JSON.stringify(body)}x`, contentType: json }, 400, "1002"]);
    cases.push([
      "text/plain",
      { payload: JSON.stringify(body), contentType: "text/plain" },
      415,
      "1004",
      ["application/json"],
    ]);
    cases.push(["a form", { payload: "email=a%40b.c", contentType: "application/x-www-form-urlencoded" }, 415, "1004"]);
    cases.push(["no content type", { payload: JSON.stringify(body) }, 415, "1004"]);
    cases.push(["a 100 KiB body", payload({ ...body, filler: "x".repeat(100 * 1024) }), 413, "1003", ["64 KiB"]]);
    cases.push(["an empty array", payload([]), 400, "1001", ["JSON object"]]);
    cases.push(["an array of the body", payload([body]), 400, "1001", ["JSON object"]]);
    cases.push(["null", payload(null), 400, "1001", ["JSON object"]]);
    cases.push(["a string", payload("hello"), 400, "1001", ["JSON object"]]);
    cases.push(["a number", payload(42), 400, "1001", ["JSON object"]]);
    cases.push([
      "a __proto__ key",
      {
        payload: JSON.stringify(body).replace(
          /^\{/,
          '{"__proto__":{"admin":true}'.concat(Object.keys(body).length ? "," : ""),
        ),
        contentType: json,
      },
      400,
      "1001",
      ["__proto__"],
    ]);
    cases.push([
      "a nested __proto__ key",
      payload({ ...body, x: JSON.parse('{"__proto__":{"polluted":1}}') }),
      400,
      "1001",
      ["__proto__"],
    ]);
    cases.push([
      "a constructor key",
      payload({ ...body, constructor: { prototype: { admin: true } } }),
      400,
      "1001",
      ["constructor"],
    ]);
    cases.push(["an extra field", payload({ ...body, admin: true }), 400, "1001", ["admin"]]);
    const schema = endpoint.body;
    for (const { name: field, kind, element } of fieldsOf(schema)) {
      const { [field]: _, ...without } = body;
      if (schema && !schema.safeParse(without).success)
        cases.push([`no ${field}`, payload(without), 400, "1001", [field]]);
      const bad = (label: string, value: unknown, texts = [field]) =>
        cases.push([`${field} ${label}`, payload({ ...body, [field]: value }), 400, "1001", texts]);
      for (const [label, value] of wrongValues(kind)) bad(`as ${label}`, value);
      if (kind === "string" || kind === "choice") {
        const base = typeof body[field] === "string" ? body[field] : "ab";
        for (const hostile of hostileStrings(base))
          bad(`with ${hostile.label}`, hostile.value, textsFor(field, kind, hostile));
      }
      if (kind === "array" && element) {
        for (const [label, value] of wrongValues(element)) bad(`with an element as ${label}`, [value]);
        if (element === "string" || element === "choice") {
          for (const hostile of hostileStrings("1"))
            bad(`with an element with ${hostile.label}`, [hostile.value], textsFor(`${field}.0`, element, hostile));
        }
      }
    }
  }
  const query = input.query ?? {};
  for (const field of Object.keys(query)) {
    const { [field]: _, ...without } = query;
    cases.push([`no ${field} in the query`, { ...withValidBody, query: without }, 400, "1001", [field]]);
    cases.push([
      `${field} twice in the query`,
      { ...withValidBody, query: { ...query, [field]: ["a", "b"] } },
      400,
      "1001",
      [field],
    ]);
    cases.push([`an empty ${field}`, { ...withValidBody, query: { ...query, [field]: "" } }, 400, "1001", [field]]);
  }
  // %ED%A0%80 (a lone surrogate's would-be UTF-8) reaches the query undecoded, as plain text: nothing to refuse there.
  for (const { name: field, kind } of fieldsOf(endpoint.query)) {
    for (const hostile of hostileStrings(query[field] ?? "ab").filter((x) => x.inUrl)) {
      cases.push([
        `${field} in the query with ${hostile.label}`,
        { ...withValidBody, query: { ...query, [field]: hostile.value } },
        400,
        "1001",
        textsFor(field, kind, hostile),
      ]);
    }
  }
  // Path parameters are checked by their route's schema; a lone surrogate's bytes make an undecodable URL.
  for (const key of [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "")) {
    for (const c of controls) {
      cases.push([
        `{${key}} with ${codePoints(c)}`,
        { ...withValidBody, pathParams: { [key]: `Tr${encodeURIComponent(c)}on` } },
        400,
        "1001",
        [`${key}: ${invalidCharacters}`],
      ]);
    }
    cases.push([
      `{${key}} with a lone surrogate`,
      { ...withValidBody, pathParams: { [key]: "Tr%ED%A0%80on" } },
      400,
      "1001",
    ]);
    cases.push([
      `{${key}} with 10 000 characters`,
      { ...withValidBody, pathParams: { [key]: "A".repeat(10_000) } },
      400,
      "1001",
    ]);
  }
  if (name === "language")
    cases.push(["an unknown language", { query: { language: "xx-XX" } }, 400, "1001", ["Must be one of"]]);
  return cases;
}

/** Brings the session back (same token, same row) after a request that should have been refused ended it. */
const reviveSession = () => seedSession(h.db, { userId: m.userId, token: m.token });

async function snapshot() {
  return { counts: await rowCounts(h.db), merchants: await h.db.selectFrom("merchants").selectAll().execute() };
}

describe("bad input on every endpoint", () => {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    it(`${endpoints[name].method} ${endpoints[name].path}`, async () => {
      await reviveSession();
      const before = await snapshot();
      const cases = casesFor(name);
      expect(cases.length).toBeGreaterThan(endpoints[name].method === "POST" ? 14 : 2);
      const unexpected: string[] = [];
      for (const [label, raw, status, errCode, texts = []] of cases) {
        const answer = await send(name, raw);
        const body = envelope.safeParse(answer.body).data;
        const fine =
          answer.status === status &&
          body?.success === false &&
          body.errCode === errCode &&
          body.resData === null &&
          body.errMsg.length > 3 &&
          !/Invalid input|validation\.|Error:|\bat \w+ \(/.test(body.errMsg) &&
          texts.every((text) => body.errMsg.includes(text));
        if (!fine) {
          unexpected.push(
            `${label}: wanted ${status} ${errCode} ${JSON.stringify(texts)}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
          );
          await reviveSession();
        }
      }
      expect(unexpected).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  }
});
