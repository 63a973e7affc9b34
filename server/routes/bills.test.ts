import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  appBill,
  type BillExportRequest,
  type BillListRequest,
  billListResult,
} from "../../contracts/schemas/bills.ts";
import { wireBillQuery } from "../domain/bills/bill-wire.ts";
import { keysetPage, keysetRows } from "../domain/platform/keyset-page.ts";
import { billExportTable } from "../../contracts/exports/bills.ts";
import { sayIn } from "../http/locale-texts.ts";
import { labelledRowOf } from "../testing/csv-rows.ts";
import { alteredToken } from "../testing/altered-token.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { call, createHarness, type Harness, type Merchant, reset, signedInMerchant } from "../testing/harness.ts";
import { seedApplication, seedBill, testServerSecret } from "../testing/seed.ts";
import { stubChainLayer } from "../testing/stub-chain.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ chain: stubChainLayer() });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const day = (d: number, hour = 0) => new Date(Date.UTC(2026, 0, d, hour));
const billsKeyset = { name: "bills", time: "b.seen_at", id: "b.id" };
const collect = async <T>(rows: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
};

async function list(m: Merchant, body: BillListRequest) {
  const answer = await call(h, "billList", { token: m.token, body });
  expect(answer.errCode, JSON.stringify(answer)).toBe("0");
  return billListResult.parse(answer.resData);
}
const numbers = async (m: Merchant, body: BillListRequest) => (await list(m, body)).items.map((b) => b.billNo);

/** A merchant with two applications and five bills, one per day (Jan 1 … Jan 5), each told apart by one field. */
async function world() {
  const m = await signedInMerchant(h);
  const shop = await seedApplication(h.db, { userId: m.userId, name: "Shop" });
  const games = await seedApplication(h.db, { userId: m.userId, name: "Games" });
  const sender = `0x${"ab".repeat(20)}`;
  const b1 = await seedBill(h.db, { userId: m.userId, appCode: shop.appCode, seenAt: day(1), amount: "0.000001" });
  const b2 = await seedBill(h.db, { userId: m.userId, appCode: shop.appCode, seenAt: day(2), status: "confirming" });
  const b3 = await seedBill(h.db, {
    userId: m.userId,
    appCode: games.appCode,
    seenAt: day(3),
    noticeStatus: "success",
    endUserId: "gamer-7",
  });
  const b4 = await seedBill(h.db, { userId: m.userId, appCode: shop.appCode, seenAt: day(4), from: sender });
  const b5 = await seedBill(h.db, { userId: m.userId, appCode: shop.appCode, seenAt: day(5), status: "reversed" });
  return { m, shop, games, sender, b1, b2, b3, b4, b5 };
}

describe("POST /api/Bill/List", () => {
  it("answers the merchant's bills newest first, each with every field of the wire shape", async () => {
    const w = await world();
    const result = await list(w.m, {});
    expect(result).toMatchObject({ total: 5, pageSize: 10, nextCursor: null, previousCursor: null });
    expect(result.items.map((b) => b.billNo)).toEqual([w.b5, w.b4, w.b3, w.b2, w.b1].map((b) => b.billNo));
    expect(result.items.at(-1)).toEqual(
      appBill.parse({
        billNo: w.b1.billNo,
        appCode: w.shop.appCode,
        appName: "Shop",
        endUserId: "user-1",
        fromAddress: w.b1.fromAddress,
        toAddress: w.b1.depositAddress,
        amount: "0.000001",
        chain: "Devnet",
        chainId: 31337,
        currency: "USDT",
        tokenContract: `0x${"11".repeat(20)}`,
        protocol: "ERC-20",
        blockNumber: "9007199254740993",
        txHash: w.b1.txHash,
        logIndex: 3,
        status: "credited",
        confirmations: 2,
        required: 2,
        payTime: day(1).toISOString(),
        creditedAt: day(1).toISOString(),
        removedAt: null,
        noticeStatus: "notNotified",
        collectionAmount: null,
        deliveryAddress: null,
        transferAmount: null,
        collectionTxHash: null,
        collectionGasFee: null,
      }),
    );
    expect(result.items.find((b) => b.billNo === w.b3.billNo)).toMatchObject({
      appName: "Games",
      endUserId: "gamer-7",
    });
  });

  it("pages by cursors: pageSize bills after the last one shown, back from the first; the total on page 1 only", async () => {
    const w = await world();
    const first = await list(w.m, { pageSize: 2 });
    expect(first).toMatchObject({ total: 5, totalCapped: false, previousCursor: null, pageSize: 2 });
    expect(first.items.map((b) => b.billNo)).toEqual([w.b5.billNo, w.b4.billNo]);
    const second = await list(w.m, { pageSize: 2, cursor: first.nextCursor! });
    expect(second).toMatchObject({ total: null, items: [{ billNo: w.b3.billNo }, { billNo: w.b2.billNo }] });
    const third = await list(w.m, { pageSize: 2, cursor: second.nextCursor! });
    expect(third).toMatchObject({ nextCursor: null, items: [{ billNo: w.b1.billNo }] });
    const back = await list(w.m, { pageSize: 2, cursor: third.previousCursor! });
    expect(back.items.map((b) => b.billNo)).toEqual([w.b3.billNo, w.b2.billNo]);
    // Back from page 2 is the first page, counted again.
    expect(await list(w.m, { pageSize: 2, cursor: back.previousCursor! })).toMatchObject({
      total: 5,
      previousCursor: null,
      items: [{ billNo: w.b5.billNo }, { billNo: w.b4.billNo }],
    });
  });

  it("shows every bill once to a merchant paging while new bills arrive (an OFFSET page would repeat them)", async () => {
    const w = await world();
    const seen: string[] = [];
    let page = await list(w.m, { pageSize: 2 });
    for (let arrived = 6; ; arrived++) {
      seen.push(...page.items.map((b) => b.billNo));
      // Newer bills arrive between pages, above the rows already shown.
      await seedBill(h.db, { userId: w.m.userId, appCode: w.shop.appCode, seenAt: day(arrived) });
      if (!page.nextCursor) break;
      page = await list(w.m, { pageSize: 2, cursor: page.nextCursor });
    }
    expect(seen).toEqual([w.b5, w.b4, w.b3, w.b2, w.b1].map((b) => b.billNo));
  });

  it("orders bills seen in the same microsecond by id, and pages through them all", async () => {
    const m = await signedInMerchant(h);
    const shop = await seedApplication(h.db, { userId: m.userId });
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await seedBill(h.db, { userId: m.userId, appCode: shop.appCode, seenAt: day(1) }));
    const seen: string[] = [];
    let page = await list(m, { pageSize: 2 });
    for (;;) {
      seen.push(...page.items.map((b) => b.billNo));
      if (!page.nextCursor) break;
      page = await list(m, { pageSize: 2, cursor: page.nextCursor });
    }
    expect(seen.sort()).toEqual(made.map((b) => b.billNo).sort());
  });

  it("refuses a cursor that was altered, is another merchant's, or comes with other filters (400, 1005)", async () => {
    const w = await world();
    const other = await signedInMerchant(h, "other@example.com");
    await seedBill(h.db, {
      userId: other.userId,
      appCode: (await seedApplication(h.db, { userId: other.userId })).appCode,
    });
    const cursor = (await list(w.m, { pageSize: 2 })).nextCursor!;
    const altered = alteredToken(cursor);
    for (const [token, body] of [
      [w.m.token, { pageSize: 2, cursor: altered }],
      [other.token, { pageSize: 2, cursor }],
      [w.m.token, { pageSize: 2, cursor, status: "credited" }],
      [w.m.token, { pageSize: 2, cursor: "bm90LWEtY3Vyc29y" }],
    ] as const) {
      const answer = await call(h, "billList", { token, body });
      expect(answer, JSON.stringify(body)).toMatchObject({
        status: 400,
        success: false,
        errCode: errCodes.listCursorInvalid,
        resData: null,
      });
    }
    // Another page size under the same filters is the same list.
    expect(await numbers(w.m, { pageSize: 1, cursor })).toEqual([w.b3.billNo]);
  });

  it("filters by application, status, notice status and pay time", async () => {
    const w = await world();
    expect(await numbers(w.m, { appCode: w.games.appCode })).toEqual([w.b3.billNo]);
    expect(await numbers(w.m, { status: "confirming" })).toEqual([w.b2.billNo]);
    expect(await numbers(w.m, { status: "reversed" })).toEqual([w.b5.billNo]);
    expect(await numbers(w.m, { noticeStatus: "success" })).toEqual([w.b3.billNo]);
    expect(await numbers(w.m, { startTime: day(4).toISOString() })).toEqual([w.b5.billNo, w.b4.billNo]);
    expect(await numbers(w.m, { endTime: day(1, 12).toISOString() })).toEqual([w.b1.billNo]);
    expect(await numbers(w.m, { startTime: "2026-01-02T00:00:00+08:00", endTime: "2026-01-03T00:00:00.000Z" })).toEqual(
      [w.b3.billNo, w.b2.billNo],
    );
  });

  it("finds a whole transaction hash or address in any case; an address as the deposit address or the sender", async () => {
    const w = await world();
    expect(await numbers(w.m, { txHash: w.b2.txHash.toUpperCase().replace("0X", "0x") })).toEqual([w.b2.billNo]);
    // b2, b4 and b5 went to the same deposit address as b1 (Shop's user-1); b3 to Games' gamer-7.
    expect(await numbers(w.m, { address: w.b3.depositAddress.toUpperCase().replace("0X", "0x") })).toEqual([
      w.b3.billNo,
    ]);
    expect(await numbers(w.m, { address: w.sender })).toEqual([w.b4.billNo]);
    expect(await numbers(w.m, { address: w.b1.depositAddress })).toEqual([w.b5, w.b4, w.b2, w.b1].map((b) => b.billNo));
  });

  it("a filter that matches nothing answers no bills and a total of 0; an empty one is no filter", async () => {
    const w = await world();
    for (const body of [
      { txHash: `0x${"0".repeat(64)}` },
      { address: `0x${"0".repeat(40)}` },
      { appCode: "1" },
      { status: "dropped" as const },
      { noticeStatus: "failed" as const },
      { startTime: day(6).toISOString() },
      { appCode: w.games.appCode, status: "confirming" as const },
    ])
      expect(await list(w.m, body), JSON.stringify(body)).toMatchObject({ total: 0, items: [] });
    expect((await list(w.m, { appCode: "", txHash: "", address: "" })).total).toBe(5);
  });

  it("never answers another merchant's bills", async () => {
    const w = await world();
    const other = await signedInMerchant(h, "other@example.com");
    expect(await list(other, {})).toMatchObject({ total: 0, items: [] });
    expect(await list(other, { txHash: w.b1.txHash })).toMatchObject({ total: 0, items: [] });
  });

  it("refuses a partial hash or address (1001, validation.txHash / validation.address)", async () => {
    const m = await signedInMerchant(h);
    for (const body of [{ txHash: "0xabc" }, { address: "0x1234" }]) {
      const answer = await call(h, "billList", { token: m.token, body });
      expect(answer).toMatchObject({ status: 400, success: false, errCode: errCodes.validation });
    }
  });
});

describe("POST /api/Bill/Export", () => {
  const exported = async (m: Merchant, body: BillExportRequest) => {
    const answer = await call(h, "billExport", { token: m.token, body });
    expect(answer.status).toBe(200);
    // A filtered file says so in its name: it is not the whole list.
    const filtered = Object.values(body).some((value) => value !== undefined && value !== "");
    expect(answer.headers["content-disposition"]).toMatch(
      filtered
        ? /^attachment; filename="application-bills-\d{4}-\d{2}-\d{2}-filtered\.csv"$/
        : /^attachment; filename="application-bills-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    return answer.csv ?? [];
  };

  it("holds exactly the rows and values the list answers for the same filter, every column of the bill", async () => {
    const w = await world();
    // Text a merchant or its customer chose: commas, quotes, a line break and a leading = (a formula to a spreadsheet).
    await h.db
      .updateTable("applications")
      .set({ name: 'Shop, "north"\n=SUM(A1)' })
      .where("app_code", "=", w.shop.appCode)
      .execute();
    await seedBill(h.db, {
      userId: w.m.userId,
      appCode: w.shop.appCode,
      endUserId: "=cmd|' /C calc'!A0",
      seenAt: day(6),
    });
    for (const filters of [{}, { appCode: w.shop.appCode }, { status: "credited" as const }, { address: w.sender }]) {
      const listed = await list(w.m, { ...filters, pageSize: 100 });
      const rows = await exported(w.m, filters);
      expect(rows, JSON.stringify(filters)).toEqual(
        listed.items.map((bill) => labelledRowOf(billExportTable, bill, "en-US")),
      );
    }
    const [first] = await exported(w.m, { appCode: w.shop.appCode });
    // Quoted where CSV needs it, read back whole; guarded where it starts like a formula.
    expect(first?.Application).toBe('Shop, "north"\n=SUM(A1)');
    expect(first?.["End-user ID"]).toBe("'=cmd|' /C calc'!A0");
    // The list's labels, in the language asked (en-US here), the codes beside them.
    expect(Object.keys(first ?? {})).toEqual(billExportTable.map((column) => column.header(sayIn("en-US"))));
  });

  it("answers only the header for a filter that selects nothing, and refuses a bad filter before the file (1001)", async () => {
    const w = await world();
    const answer = await call(h, "billExport", { token: w.m.token, body: { status: "dropped" } });
    expect(answer.csv).toEqual([]);
    const bad = await call(h, "billExport", { token: w.m.token, body: { txHash: "0x12" } });
    expect(bad).toMatchObject({ status: 400, success: false, errCode: errCodes.validation });
    const paging = await call(h, "billExport", { token: w.m.token, body: { pageSize: 10 } });
    expect(paging).toMatchObject({ status: 400, errCode: errCodes.validation });
  });

  it("counts the total no further than the cap: past it, the cap and totalCapped", async () => {
    const w = await world();
    const count = (totalCap: number) =>
      keysetPage(h.db, wireBillQuery(h.db, w.m.userId), billsKeyset, {
        secret: testServerSecret,
        merchantId: w.m.userId,
        filters: {},
        pageSize: 2,
        totalCap,
      });
    expect(await count(3)).toMatchObject({ ok: true, data: { total: 3, totalCapped: true } });
    expect(await count(5)).toMatchObject({ ok: true, data: { total: 5, totalCapped: false } });
  });

  it("reads the rows a batch at a time from the last one read, none twice and none skipped", async () => {
    const w = await world();
    const bills = await collect(keysetRows(wireBillQuery(h.db, w.m.userId), billsKeyset, 2));
    expect(bills.map((b) => b.bill_no)).toEqual([w.b5, w.b4, w.b3, w.b2, w.b1].map((b) => b.billNo));
  });

  it("reads the next batch while the last one is taken, and a reader that stops early leaves nothing behind", async () => {
    const w = await world();
    const read: string[] = [];
    for await (const bill of keysetRows(wireBillQuery(h.db, w.m.userId), billsKeyset, 2)) {
      read.push(bill.bill_no);
      if (read.length === 3) break;
    }
    expect(read).toEqual([w.b5, w.b4, w.b3].map((b) => b.billNo));
    // The list still answers at once: no read was left holding the database.
    expect((await list(w.m, {})).items.map((b) => b.billNo)).toEqual(
      [w.b5, w.b4, w.b3, w.b2, w.b1].map((b) => b.billNo),
    );
  });
});

describe("POST /api/Bill/Detail", () => {
  it("answers the merchant's bill; an unknown number 2601", async () => {
    const w = await world();
    const found = await call(h, "billDetail", { token: w.m.token, body: { billNo: w.b3.billNo } });
    expect(appBill.parse(found.resData)).toMatchObject({ billNo: w.b3.billNo, appCode: w.games.appCode });
    expect(found.resData).toEqual((await list(w.m, { appCode: w.games.appCode })).items[0]);
    const unknown = await call(h, "billDetail", { token: w.m.token, body: { billNo: "2026010199999999" } });
    expect(unknown).toMatchObject({ status: 200, success: false, errCode: errCodes.billNotFound, resData: null });
  });
});
