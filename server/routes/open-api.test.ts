import { createHash, randomUUID } from "node:crypto";
import { createSigner, httpbis } from "http-message-signatures";
import type { Address } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signRequest } from "../../examples/open-api-client.ts";
import { openApiPrefix } from "../../contracts/open-api.ts";
import { checkCodeResult } from "../../contracts/schemas/auth.ts";
import { appCredentials } from "../../contracts/schemas/apps.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { depositAddress as wireAddress } from "../../contracts/schemas/open-api.ts";
import { subscriptionResult } from "../../contracts/schemas/subscription.ts";
import { depositAddress, depositSalt, depositSaltKey } from "../chain/deposit-forwarder.ts";
import { pruneExpired } from "../wiring/prune-expired.ts";
import { defaultLimits } from "../domain/platform/limits.ts";
import { call, createHarness, type Harness, type Merchant, reset, signedInMerchant } from "../testing/harness.ts";
import { seedApplication, seedBalance, seedCode, seedPaidOrder, testServerSecret } from "../testing/seed.ts";
import { configuredChain, stubChainLayer } from "../testing/stub-chain.ts";

const factory = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
const host = "pay.example";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    chain: stubChainLayer([
      configuredChain("Devnet", 31337, { depositFactory: factory }),
      configuredChain("Eth", 1, { confirmations: 12 }),
    ]),
    limits: { openApiCalls: { max: 30, seconds: 60 } },
  });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

interface App {
  appCode: string;
  appKey: string;
  appSecret: string;
}

interface Signing {
  key?: string;
  keyid?: string;
  created?: Date;
  nonce?: string;
  fields?: string[];
  /** The body's digest as signed (else the body's own). */
  digestOf?: string;
}

const digest = (body: string) => `sha-256=:${createHash("sha256").update(body).digest("base64")}:`;

/** Signs with the maintained library directly, so a test can leave out or change what a client would send. */
async function signed(app: App, method: "GET" | "POST", path: string, body: string | undefined, s: Signing = {}) {
  const url = `http://${host}${openApiPrefix}${path}`;
  const headers: Record<string, string> = { host };
  if (body !== undefined)
    Object.assign(headers, { "content-type": "application/json", "content-digest": digest(s.digestOf ?? body) });
  const message = await httpbis.signMessage(
    {
      key: createSigner(Buffer.from(s.key ?? app.appSecret), "hmac-sha256", s.keyid ?? app.appKey),
      fields:
        s.fields ?? (body === undefined ? ["@method", "@target-uri"] : ["@method", "@target-uri", "content-digest"]),
      params: ["created", "nonce", "keyid", "alg"],
      paramValues: { created: s.created ?? h.clock.now(), nonce: s.nonce ?? randomUUID() },
    },
    { method, url, headers },
  );
  return { method, url: `${openApiPrefix}${path}`, headers: message.headers as Record<string, string>, body };
}

async function send(request: { method: "GET" | "POST"; url: string; headers: Record<string, string>; body?: string }) {
  const response = await h.app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
  return { status: response.statusCode, headers: response.headers, ...response.json() };
}

const create = (app: App, endUserId: string, chain = "Devnet", s?: Signing) =>
  signed(app, "POST", "/deposit-addresses", JSON.stringify({ endUserId, chain }), s).then(send);
const read = (app: App, endUserId: string, chain = "Devnet") =>
  signed(app, "GET", `/deposit-addresses/${encodeURIComponent(endUserId)}?chain=${chain}`, undefined).then(send);

async function merchantWithApp(packageCode = "basic", email = "merchant@example.com") {
  const m = await signedInMerchant(h, email);
  await seedPaidOrder(h.db, { userId: m.userId, packageCode, product: "Devnet" });
  const app = await seedApplication(h.db, { userId: m.userId });
  return { m, app };
}

describe("the open API under /open/v1 (RFC 9421 signatures, keyid = AppKey)", () => {
  it("accepts a request signed by the example client with the library, and makes the CREATE2 address", async () => {
    const { app } = await merchantWithApp();
    const body = JSON.stringify({ endUserId: "customer-1", chain: "devnet" });
    const request = await signRequest(
      { method: "POST", url: `http://${host}${openApiPrefix}/deposit-addresses`, headers: { host }, body },
      app,
    );
    const answer = await send({ ...request, method: "POST", url: `${openApiPrefix}/deposit-addresses` });
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true, errCode: errCodes.ok });
    const made = wireAddress.parse(answer.resData);
    expect(made).toMatchObject({ endUserId: "customer-1", chain: "Devnet", chainId: 31337, appCode: app.appCode });
    expect(made.address).toBe(
      depositAddress(factory, depositSalt(depositSaltKey(testServerSecret), app.appCode, "customer-1")),
    );
  });

  it("is idempotent per application, end user and chain, and reads an address back", async () => {
    const { app } = await merchantWithApp();
    const first = await create(app, "customer-1");
    const again = await create(app, "customer-1");
    expect(again.resData).toEqual(first.resData);
    expect(await read(app, "customer-1")).toMatchObject({ success: true, resData: first.resData });
    expect(await read(app, "customer-2")).toMatchObject({ status: 404, errCode: errCodes.openApiAddressNotFound });
    expect(await create(app, "customer-1", "Eth")).toMatchObject({ errCode: errCodes.openApiChainNoDeposits });
    expect(await create(app, "customer-1", "Tron")).toMatchObject({ errCode: errCodes.chainUnknown });
    const rows = await h.db.selectFrom("deposit_addresses").selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it("counts addresses against the package's wallet limit, naming it; the same address again is no new one", async () => {
    const { m, app } = await merchantWithApp("trial");
    expect(await create(app, "customer-1")).toMatchObject({ success: true });
    expect(await create(app, "customer-1")).toMatchObject({ success: true });
    // The console's package card counts what the limit counts: "Customer deposit addresses in use — 1 of 1".
    const usage = subscriptionResult.parse((await call(h, "subscription", { token: m.token })).resData).usage;
    expect(usage.wallets).toBe(1);
    const refused = await create(app, "customer-2");
    expect(refused).toMatchObject({ status: 403, errCode: errCodes.openApiWalletLimit });
    // Said in a merchant's words: whose addresses these are, that the limit is reached, and what to do.
    expect(refused.errMsg).toContain("Your package (Trial) allows 1 end-customer deposit address, and it is in use");
    expect(refused.errMsg).toContain("each end customer keeps one permanent address per chain");
    expect(refused.errMsg).toContain("Upgrade your package for more");
    expect(refused.errMsg).toContain(
      "use the address an existing end customer already has (call again with their endUserId)",
    );

    const noPackage = await signedInMerchant(h, "nopackage@example.com");
    const bare = await seedApplication(h.db, { userId: noPackage.userId });
    expect(await create(bare, "customer-1")).toMatchObject({ status: 403, errCode: errCodes.openApiNoPackage });
  });

  it("racing creates agree: one row per end user, and never more than the wallet limit", async () => {
    const { app } = await merchantWithApp("basic");
    const same = await Promise.all([1, 2, 3, 4].map(() => create(app, "customer-1")));
    expect(new Set(same.map((a) => a.resData.address)).size).toBe(1);
    const others = await Promise.all(["u-2", "u-3", "u-4", "u-5"].map((id) => create(app, id)));
    expect(others.filter((a) => a.success)).toHaveLength(2);
    const limited = others.filter((a) => a.errCode === errCodes.openApiWalletLimit);
    expect(limited).toHaveLength(2);
    expect(limited[0]?.errMsg).toContain(
      "Your package (Basic) allows 3 end-customer deposit addresses, and all are in use",
    );
    expect(await h.db.selectFrom("deposit_addresses").selectAll().execute()).toHaveLength(3);
  });

  it("without a wallet limit, racing creates of one end user still agree on one row, and an expired package makes none", async () => {
    const { m, app } = await merchantWithApp("enterprise");
    const same = await Promise.all([1, 2, 3, 4, 5, 6].map(() => create(app, "customer-1")));
    expect(same.map((a) => a.errCode)).toEqual(Array(6).fill(errCodes.ok));
    expect(new Set(same.map((a) => a.resData.address)).size).toBe(1);
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => create(app, `u-${i}`)));
    expect(many.every((a) => a.success)).toBe(true);
    expect(await h.db.selectFrom("deposit_addresses").selectAll().execute()).toHaveLength(21);
    await h.db
      .updateTable("subscriptions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("merchant_id", "=", m.userId)
      .execute();
    expect(await create(app, "customer-late")).toMatchObject({ errCode: errCodes.openApiNoPackage });
    expect(await create(app, "customer-1")).toMatchObject({ success: true, resData: same[0]!.resData });
  });

  it("accepts one of the same signed request sent twice at once", async () => {
    const { app } = await merchantWithApp();
    const request = await signed(app, "GET", "/balance", undefined);
    const answers = await Promise.all([send(request), send(request), send(request)]);
    expect(answers.map((a) => a.errCode).sort()).toEqual([
      errCodes.ok,
      errCodes.openApiReplayed,
      errCodes.openApiReplayed,
    ]);
  });

  it("answers the merchant's balance as a decimal string", async () => {
    const { m, app } = await merchantWithApp();
    await seedBalance(h.db, { userId: m.userId, amount: "12345678901234.123456" });
    const answer = await signed(app, "GET", "/balance", undefined).then(send);
    expect(answer).toMatchObject({ success: true, resData: { currency: "USDT" } });
    expect(answer.resData.balance).toBe("12345678901234.123456");
  });

  it("refuses a wrong signature, an unknown key and an unsigned request (401)", async () => {
    const { app } = await merchantWithApp();
    const wrong = await create(app, "customer-1", "Devnet", { key: "not-the-secret" });
    expect(wrong).toMatchObject({
      status: 401,
      success: false,
      errCode: errCodes.openApiSignatureInvalid,
      resData: null,
    });
    // What to check first: the secret, and the URL signed (behind a proxy, the public one).
    for (const words of ["AppSecret", "@target-uri"]) expect(wrong.errMsg).toContain(words);
    expect(await create(app, "customer-1", "Devnet", { keyid: "ak_nobody" })).toMatchObject({
      status: 401,
      errCode: errCodes.openApiUnknownKey,
    });
    const unsigned = await send({ method: "GET", url: `${openApiPrefix}/balance`, headers: { host } });
    expect(unsigned).toMatchObject({ status: 401, errCode: errCodes.openApiUnsigned });
    expect(await h.db.selectFrom("deposit_addresses").selectAll().execute()).toEqual([]);
  });

  it("refuses a stale created, a created in the future, and a replayed nonce", async () => {
    const { app } = await merchantWithApp();
    const old = new Date(h.clock.now().getTime() - 301_000);
    expect(await create(app, "customer-1", "Devnet", { created: old })).toMatchObject({
      status: 401,
      errCode: errCodes.openApiSignatureStale,
    });
    const ahead = new Date(h.clock.now().getTime() + 120_000);
    expect(await create(app, "customer-1", "Devnet", { created: ahead })).toMatchObject({
      errCode: errCodes.openApiSignatureStale,
    });
    const request = await signed(app, "GET", "/balance", undefined);
    expect(await send(request)).toMatchObject({ success: true });
    expect(await send(request)).toMatchObject({ status: 401, errCode: errCodes.openApiReplayed });
    // The same nonce in a new signature is a replay too, while the window lasts; after it, the prune forgets it.
    const nonce = "nonce-used-twice";
    expect(await signed(app, "GET", "/balance", undefined, { nonce }).then(send)).toMatchObject({ success: true });
    expect(await signed(app, "GET", "/balance", undefined, { nonce }).then(send)).toMatchObject({
      errCode: errCodes.openApiReplayed,
    });
    h.clock.advance(301);
    expect(await h.db.selectFrom("open_api_nonces").select("nonce").execute()).toHaveLength(2);
    expect((await pruneExpired(h.db, h.clock.now(), defaultLimits)).openApiNonces).toBe(2);
    expect(await signed(app, "GET", "/balance", undefined, { nonce }).then(send)).toMatchObject({ success: true });
  });

  it("refuses a signature that leaves out a component, and a body changed after signing", async () => {
    const { app } = await merchantWithApp();
    const body = JSON.stringify({ endUserId: "customer-1", chain: "Devnet" });
    const noUri = await signed(app, "POST", "/deposit-addresses", body, { fields: ["@method", "content-digest"] });
    expect(await send(noUri)).toMatchObject({ status: 401, errCode: errCodes.openApiSignatureInvalid });
    const noDigest = await signed(app, "POST", "/deposit-addresses", body, { fields: ["@method", "@target-uri"] });
    expect(await send(noDigest)).toMatchObject({ status: 401, errCode: errCodes.openApiSignatureInvalid });

    const changed = await signed(app, "POST", "/deposit-addresses", body);
    const other = JSON.stringify({ endUserId: "customer-2", chain: "Devnet" });
    expect(await send({ ...changed, body: other })).toMatchObject({
      status: 401,
      errCode: errCodes.openApiDigestMismatch,
    });
    // A digest that matches the new body, under a signature made over the old one.
    const redigested = { ...changed, headers: { ...changed.headers, "content-digest": digest(other) }, body: other };
    expect(await send(redigested)).toMatchObject({ status: 401, errCode: errCodes.openApiSignatureInvalid });
    // Whitespace is bytes too: the digest is over the body as sent, not as parsed.
    const spaced = await signed(app, "POST", "/deposit-addresses", body);
    expect(await send({ ...spaced, body: `${body} ` })).toMatchObject({ errCode: errCodes.openApiDigestMismatch });
    // A body sent with no Content-Digest at all is told that the header is missing, not that it does not match.
    const bare = await signed(app, "POST", "/deposit-addresses", undefined);
    const missing = await send({ ...bare, headers: { ...bare.headers, "content-type": "application/json" }, body });
    expect(missing).toMatchObject({ status: 401, errCode: errCodes.openApiDigestMismatch });
    expect(missing.errMsg).toContain("no Content-Digest header");
    expect(await h.db.selectFrom("deposit_addresses").selectAll().execute()).toEqual([]);
  });

  it("refuses a request signed for another URL (@target-uri is the one called)", async () => {
    const { app } = await merchantWithApp();
    const request = await signed(app, "GET", "/deposit-addresses/customer-1?chain=Devnet", undefined);
    const moved = { ...request, url: `${openApiPrefix}/deposit-addresses/customer-2?chain=Devnet` };
    expect(await send(moved)).toMatchObject({ status: 401, errCode: errCodes.openApiSignatureInvalid });
    const otherHost = { ...request, headers: { ...request.headers, host: "evil.example" } };
    expect(await send(otherHost)).toMatchObject({ status: 401, errCode: errCodes.openApiSignatureInvalid });
  });

  it("refuses a stopped application (403) to its secret's holder only, and takes it back once enabled", async () => {
    const { m, app } = await merchantWithApp();
    await call(h, "appSetStatus", { token: m.token, body: { appCode: app.appCode, status: "stopped" } });
    expect(await create(app, "customer-1")).toMatchObject({ status: 403, errCode: errCodes.openApiAppStopped });
    // Only the secret's holder learns it is stopped: to anyone else the key is unknown.
    expect(await create(app, "customer-1", "Devnet", { key: "not-the-secret" })).toMatchObject({
      status: 401,
      errCode: errCodes.openApiUnknownKey,
    });
    await call(h, "appSetStatus", { token: m.token, body: { appCode: app.appCode, status: "normal" } });
    expect(await create(app, "customer-1")).toMatchObject({ success: true });
  });

  it("accepts the old secret inside the rotation's grace window, and not after it", async () => {
    const { m, app } = await merchantWithApp();
    h.clock.freeze();
    const rotated = await rotate(m, app.appCode, "1h");
    expect(await create(app, "customer-1")).toMatchObject({ success: true });
    expect(await create({ ...app, appSecret: rotated }, "customer-1")).toMatchObject({ success: true });
    h.clock.advance(3600);
    expect(await create(app, "customer-1")).toMatchObject({ status: 401, errCode: errCodes.openApiSignatureInvalid });
    expect(await create({ ...app, appSecret: rotated }, "customer-1")).toMatchObject({ success: true });
  });

  it("sees a rotation, the grace window's end and a stop at once for an application it has already let in", async () => {
    const { m, app } = await merchantWithApp();
    h.clock.freeze();
    expect(await create(app, "customer-1")).toMatchObject({ success: true });
    expect(await create(app, "customer-1")).toMatchObject({ success: true });
    const rotated = await rotate(m, app.appCode, "1h");
    expect(await create(app, "customer-1")).toMatchObject({ success: true });
    expect(await create({ ...app, appSecret: rotated }, "customer-1")).toMatchObject({ success: true });
    expect(await create(app, "customer-1")).toMatchObject({ success: true });
    const again = await rotate(m, app.appCode, "none");
    expect(await create(app, "customer-1")).toMatchObject({ status: 401, errCode: errCodes.openApiSignatureInvalid });
    expect(await create({ ...app, appSecret: rotated }, "customer-1")).toMatchObject({
      status: 401,
      errCode: errCodes.openApiSignatureInvalid,
    });
    expect(await create({ ...app, appSecret: again }, "customer-1")).toMatchObject({ success: true });
    await call(h, "appSetStatus", { token: m.token, body: { appCode: app.appCode, status: "stopped" } });
    expect(await create({ ...app, appSecret: again }, "customer-1")).toMatchObject({
      status: 403,
      errCode: errCodes.openApiAppStopped,
    });
    await call(h, "appSetStatus", { token: m.token, body: { appCode: app.appCode, status: "normal" } });
    expect(await create({ ...app, appSecret: again }, "customer-1")).toMatchObject({ success: true });
  });

  it("never lets one application's key reach another merchant's application's addresses", async () => {
    const a = await merchantWithApp("basic", "a@example.com");
    const b = await merchantWithApp("basic", "b@example.com");
    const made = await create(a.app, "customer-1");
    expect(made).toMatchObject({ success: true });
    // B asks for the same end-user id: B's own address (another application, another salt), never A's.
    expect(await read(b.app, "customer-1")).toMatchObject({ status: 404, errCode: errCodes.openApiAddressNotFound });
    const own = await create(b.app, "customer-1");
    expect(own.resData.address).not.toBe(made.resData.address);
    expect(own.resData.appCode).toBe(b.app.appCode);
    // A's key with B's secret, or B's key with A's secret: not a signature of either.
    expect(await read({ ...b.app, appSecret: a.app.appSecret }, "customer-1")).toMatchObject({ status: 401 });
    expect(await read({ ...a.app, appKey: b.app.appKey }, "customer-1")).toMatchObject({ status: 401 });
    // And B's balance call answers B's balance.
    await seedBalance(h.db, { userId: a.m.userId, amount: "50" });
    const balance = await signed(b.app, "GET", "/balance", undefined).then(send);
    expect(balance.resData.balance).toBe("0");
  });

  it("limits each application's calls (429 with Retry-After), not its neighbours'", async () => {
    const { m, app } = await merchantWithApp();
    for (let i = 0; i < 30; i++)
      expect(await signed(app, "GET", "/balance", undefined).then(send)).toMatchObject({ success: true });
    const refused = await signed(app, "GET", "/balance", undefined).then(send);
    expect(refused).toMatchObject({ status: 429, errCode: errCodes.rateLimited });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const neighbour = await seedApplication(h.db, { userId: m.userId });
    expect(await signed(neighbour, "GET", "/balance", undefined).then(send)).toMatchObject({ success: true });
  });

  it("never acts for another application: 300 requests with the victim's AppKey in a second signature are refused", async () => {
    const attacker = await merchantWithApp("basic", "attacker@example.com");
    const victim = await merchantWithApp("basic", "victim@example.com");
    await seedBalance(h.db, { userId: victim.m.userId, amount: "75" });
    const created = Math.floor(h.clock.now().getTime() / 1000);
    /** The attacker's own valid signature, with the victim's key (sent in clear with every call) and garbage in front. */
    const withVictimInFront = (request: Awaited<ReturnType<typeof signed>>, i: number) => {
      const { Signature: signature, "Signature-Input": input, ...rest } = request.headers;
      const victimInput = `("@method" "@target-uri");created=${created};nonce="v-${i}";keyid="${victim.app.appKey}";alg="hmac-sha256"`;
      const garbage = Buffer.alloc(32, i % 251).toString("base64");
      return {
        ...request,
        headers: {
          ...rest,
          "Signature-Input": `v=${victimInput}, ${input}`,
          Signature: `v=:${garbage}:, ${signature}`,
        },
      };
    };
    const answers: { status: number; errCode: string }[] = [];
    for (let batch = 0; batch < 15; batch++) {
      const requests = await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const i = batch * 20 + j;
          const request =
            i % 2 === 0
              ? await signed(
                  attacker.app,
                  "POST",
                  "/deposit-addresses",
                  JSON.stringify({ endUserId: `u-${i}`, chain: "Devnet" }),
                )
              : await signed(attacker.app, "GET", "/balance", undefined);
          return withVictimInFront(request, i);
        }),
      );
      answers.push(...(await Promise.all(requests.map(send))));
    }
    expect(answers).toHaveLength(300);
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 401, errCode: errCodes.openApiSeveralSignatures });
    expect(await h.db.selectFrom("deposit_addresses").selectAll().execute()).toEqual([]);
    expect(await h.db.selectFrom("open_api_nonces").selectAll().execute()).toEqual([]);
    // The attacker's own requests, signed once, still work.
    expect(await signed(attacker.app, "GET", "/balance", undefined).then(send)).toMatchObject({ success: true });
  });

  it("refuses a nonce over 128 characters with a clear errCode before storing it, and stores none for refused calls", async () => {
    const { app } = await merchantWithApp();
    const long = await signed(app, "GET", "/balance", undefined, { nonce: "n".repeat(257) }).then(send);
    expect(long).toMatchObject({ status: 401, errCode: errCodes.openApiNonceInvalid });
    expect(long.errMsg).toContain("128");
    expect(await signed(app, "GET", "/balance", undefined, { nonce: "n".repeat(128) }).then(send)).toMatchObject({
      success: true,
    });
    // Past the rate limit (30 here), a call is refused and its nonce is not kept.
    for (let i = 1; i < 30; i++) await signed(app, "GET", "/balance", undefined).then(send);
    for (let i = 0; i < 10; i++)
      expect(await signed(app, "GET", "/balance", undefined).then(send)).toMatchObject({ status: 429 });
    expect(await h.db.selectFrom("open_api_nonces").select("nonce").execute()).toHaveLength(30);
  });

  it("validates the body with the contract's schema once the signature holds", async () => {
    const { app } = await merchantWithApp();
    const bad = await signed(app, "POST", "/deposit-addresses", JSON.stringify({ endUserId: "a b", chain: "Devnet" }));
    expect(await send(bad)).toMatchObject({ status: 400, errCode: errCodes.validation });
    const extra = JSON.stringify({ endUserId: "u", chain: "Devnet", merchantId: "1" });
    expect(await signed(app, "POST", "/deposit-addresses", extra).then(send)).toMatchObject({
      errCode: errCodes.validation,
    });
  });
});

const codeOf = "246810";

/** Rotates the secret through the console, with its proof; answers the new secret. */
async function rotate(m: Merchant, appCode: string, graceWindow: "1h" | "none") {
  await seedCode(h.db, { email: m.email, purpose: "application", code: codeOf });
  const check = await call(h, "checkCode", {
    body: { email: m.email, code: codeOf, type: "application", appCode, action: "rotate" },
  });
  const proof = checkCodeResult.parse(check.resData).proof as string;
  const answer = await call(h, "appRotateSecret", { token: m.token, body: { appCode, proof, graceWindow } });
  expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
  return appCredentials.parse(answer.resData).appSecret;
}
