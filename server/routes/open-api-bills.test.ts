import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signRequest } from "../../examples/open-api-client.ts";
import { openApiPrefix } from "../../contracts/open-api.ts";
import { appBill, billListResult } from "../../contracts/schemas/bills.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { createHarness, type Harness, reset, signedInMerchant } from "../testing/harness.ts";
import { seedApplication, seedBill } from "../testing/seed.ts";
import { stubChainLayer } from "../testing/stub-chain.ts";

const host = "pay.example";
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ chain: stubChainLayer() });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

type App = Awaited<ReturnType<typeof seedApplication>>;

/** A GET signed by the example client's signer (RFC 9421, keyid = the AppKey), sent to the test server. */
async function get(app: App, path: string) {
  const request = await signRequest(
    { method: "GET", url: `http://${host}${openApiPrefix}${path}`, headers: { host } },
    app,
  );
  const response = await h.app.inject({ method: "GET", url: `${openApiPrefix}${path}`, headers: request.headers });
  return { status: response.statusCode, ...response.json() };
}

const day = (d: number) => new Date(Date.UTC(2026, 0, d));

/**
 * Merchant M's application Shop with three bills (two end users, one still confirming), M's other application Games
 * with one, and merchant N's application with one.
 */
async function world() {
  const m = await signedInMerchant(h);
  const n = await signedInMerchant(h, "other@example.com");
  const shop = await seedApplication(h.db, { userId: m.userId, name: "Shop" });
  const games = await seedApplication(h.db, { userId: m.userId, name: "Games" });
  const theirs = await seedApplication(h.db, { userId: n.userId, name: "Theirs" });
  const s1 = await seedBill(h.db, { userId: m.userId, appCode: shop.appCode, endUserId: "alice", seenAt: day(1) });
  const s2 = await seedBill(h.db, {
    userId: m.userId,
    appCode: shop.appCode,
    endUserId: "bob",
    seenAt: day(2),
    status: "confirming",
  });
  const s3 = await seedBill(h.db, { userId: m.userId, appCode: shop.appCode, endUserId: "alice", seenAt: day(3) });
  const g1 = await seedBill(h.db, { userId: m.userId, appCode: games.appCode, endUserId: "alice", seenAt: day(4) });
  const t1 = await seedBill(h.db, { userId: n.userId, appCode: theirs.appCode, endUserId: "alice", seenAt: day(5) });
  return { shop, games, theirs, s1, s2, s3, g1, t1 };
}

const numbersOf = (answer: { resData: unknown }) => billListResult.parse(answer.resData).items.map((b) => b.billNo);

describe(`GET ${openApiPrefix}/bills`, () => {
  it("answers the calling application's bills only, newest first, with the total", async () => {
    const w = await world();
    const answer = await get(w.shop, "/bills");
    expect(answer).toMatchObject({ status: 200, success: true, errCode: errCodes.ok });
    expect(billListResult.parse(answer.resData)).toMatchObject({ total: 3, pageSize: 10, nextCursor: null });
    expect(numbersOf(answer)).toEqual([w.s3, w.s2, w.s1].map((b) => b.billNo));
    expect(numbersOf(await get(w.games, "/bills"))).toEqual([w.g1.billNo]);
    expect(numbersOf(await get(w.theirs, "/bills"))).toEqual([w.t1.billNo]);
  });

  it("filters by end user, status and pay time, and pages", async () => {
    const w = await world();
    expect(numbersOf(await get(w.shop, "/bills?endUserId=alice"))).toEqual([w.s3.billNo, w.s1.billNo]);
    expect(numbersOf(await get(w.shop, "/bills?status=confirming"))).toEqual([w.s2.billNo]);
    const window = `startTime=${day(2).toISOString()}&endTime=${encodeURIComponent("2026-01-03T08:00:00+08:00")}`;
    expect(numbersOf(await get(w.shop, `/bills?${window}`))).toEqual([w.s3.billNo, w.s2.billNo]);
    const first = billListResult.parse((await get(w.shop, "/bills?pageSize=2")).resData);
    expect(first).toMatchObject({ total: 3, pageSize: 2, previousCursor: null });
    const second = await get(w.shop, `/bills?pageSize=2&cursor=${first.nextCursor}`);
    expect(billListResult.parse(second.resData)).toMatchObject({ total: null, nextCursor: null, pageSize: 2 });
    expect(numbersOf(second)).toEqual([w.s1.billNo]);
    // The application's cursor is its own: not another application's of the same merchant, nor the console's.
    expect(await get(w.games, `/bills?pageSize=2&cursor=${first.nextCursor}`)).toMatchObject({
      status: 400,
      errCode: errCodes.listCursorInvalid,
    });
    // Another application's end user and a status nobody has: nothing.
    expect(await get(w.games, "/bills?endUserId=bob")).toMatchObject({ resData: { total: 0, items: [] } });
    expect(await get(w.shop, "/bills?status=reversed")).toMatchObject({ resData: { total: 0, items: [] } });
  });

  it("refuses a query it does not take (400, 1001)", async () => {
    const w = await world();
    for (const query of ["pageSize=101", "page=2", "cursor=%3D%3D", "status=paid", "startTime=yesterday", "appCode=1"])
      expect(await get(w.shop, `/bills?${query}`), query).toMatchObject({
        status: 400,
        success: false,
        errCode: errCodes.validation,
      });
  });
});

describe(`GET ${openApiPrefix}/bills/{billNo}`, () => {
  it("answers one of the application's bills; another application's or merchant's is not found (404, 2601)", async () => {
    const w = await world();
    const own = await get(w.shop, `/bills/${w.s2.billNo}`);
    expect(own).toMatchObject({ status: 200, success: true });
    expect(appBill.parse(own.resData)).toMatchObject({
      billNo: w.s2.billNo,
      appCode: w.shop.appCode,
      endUserId: "bob",
      status: "confirming",
      txHash: w.s2.txHash,
      amount: "12.5",
      chain: "Devnet",
    });
    for (const billNo of [w.g1.billNo, w.t1.billNo, "2026010199999999"])
      expect(await get(w.shop, `/bills/${billNo}`), billNo).toEqual({
        status: 404,
        success: false,
        errCode: errCodes.billNotFound,
        errMsg: expect.any(String),
        resData: null,
      });
  });
});
