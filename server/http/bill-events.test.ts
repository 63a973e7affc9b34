import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appBill, billEventsPath } from "../../contracts/schemas/bills.ts";
import { notifyLive } from "../domain/platform/live-changes.ts";
import { openEventStream, type OpenedEventStream } from "../testing/event-stream.ts";
import { call, createHarness, type Harness, type Merchant, reset, signedInMerchant } from "../testing/harness.ts";
import { seedApplication, seedBill } from "../testing/seed.ts";
import { stubChainLayer } from "../testing/stub-chain.ts";

// Runs on PGlite and on PostgreSQL: the stream is fed by each engine's own LISTEN (scripts/database-tests.ts).

const keepAliveMs = 150;
const streamsPerMerchant = 2;
let h: Harness;
let base: string;
const open: OpenedEventStream[] = [];

beforeAll(async () => {
  h = await createHarness({ chain: stubChainLayer(), liveStreams: { keepAliveMs, streamsPerMerchant } });
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  const address = h.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => h?.close());
beforeEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await reset(h);
});

async function stream(merchant: Merchant | null, path = billEventsPath): Promise<OpenedEventStream> {
  const opened = await openEventStream(`${base}${path}`, merchant ? { authorization: `Bearer ${merchant.token}` } : {});
  open.push(opened);
  return opened;
}

const billsOf = (live: OpenedEventStream) =>
  live.events.map((e) => {
    expect(e.event).toBe("bill");
    return appBill.parse(JSON.parse(e.data));
  });

async function merchantWithBill(email = "merchant@example.com") {
  const m = await signedInMerchant(h, email);
  const app = await seedApplication(h.db, { userId: m.userId });
  const bill = await seedBill(h.db, { userId: m.userId, appCode: app.appCode, status: "confirming", confirmations: 1 });
  return { m, app, bill };
}

describe(`GET ${billEventsPath}`, () => {
  it("opens at once (a comment, no event) as an uncompressed, uncached event stream", async () => {
    const { m } = await merchantWithBill();
    const live = await stream(m);
    expect(live.status).toBe(200);
    expect(live.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(live.headers.get("cache-control")).toBe("no-store");
    await expect.poll(() => live.comments[0]?.trim()).toBe("ready");
    expect(live.events).toEqual([]);
  });

  it("sends the bill as it is when a transaction that notified commits; a rolled back one sends nothing", async () => {
    const { m, bill } = await merchantWithBill();
    const live = await stream(m);
    await h.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable("application_bills")
          .set({ confirmations: 2 })
          .where("bill_no", "=", bill.billNo)
          .execute();
        await notifyLive(trx, "bill", m.userId, bill.billNo);
        throw new Error("roll back");
      })
      .catch(() => {});
    await h.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("application_bills")
        .set({ status: "credited", confirmations: 2, credited_at: new Date() })
        .where("bill_no", "=", bill.billNo)
        .execute();
      await notifyLive(trx, "bill", m.userId, bill.billNo);
    });
    await live.waitForEvents(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(billsOf(live)).toEqual([
      expect.objectContaining({ billNo: bill.billNo, status: "credited", confirmations: 2, txHash: bill.txHash }),
    ]);
  });

  it("sends each of the merchant's bills that changed, and none of another merchant's", async () => {
    const { m, app, bill } = await merchantWithBill();
    const other = await merchantWithBill("other@example.com");
    const second = await seedBill(h.db, { userId: m.userId, appCode: app.appCode });
    const live = await stream(m);
    await notifyLive(h.db, "bill", other.m.userId, other.bill.billNo);
    await notifyLive(h.db, "bill", m.userId, other.bill.billNo);
    await notifyLive(h.db, "bill", m.userId, bill.billNo);
    await notifyLive(h.db, "bill", m.userId, second.billNo);
    await live.waitForEvents(2);
    expect(billsOf(live).map((b) => b.billNo)).toEqual([bill.billNo, second.billNo]);
  });

  it("refuses without a token (401/4010) and with a query it does not take (400/1001)", async () => {
    const { m } = await merchantWithBill();
    const anonymous = await stream(null);
    expect([anonymous.status, anonymous.json?.errCode]).toEqual([401, "4010"]);
    const extra = await stream(m, `${billEventsPath}?billNo=2026010190000001`);
    expect([extra.status, extra.json?.errCode]).toEqual([400, "1001"]);
  });

  it("keeps alive with a comment line, and ends when the session ends", async () => {
    const { m } = await merchantWithBill();
    const live = await stream(m);
    await expect.poll(() => live.comments.filter((c) => c.trim() === "keep-alive").length).toBeGreaterThanOrEqual(2);
    expect((await call(h, "logout", { token: m.token, query: { uid: m.userId } })).errCode).toBe("0");
    await live.ended;
  });

  it(`bounds the open streams per merchant (${streamsPerMerchant} here), apart from the order streams`, async () => {
    const { m } = await merchantWithBill();
    const other = await merchantWithBill("other@example.com");
    for (let i = 0; i < streamsPerMerchant; i++) expect((await stream(m)).status).toBe(200);
    const refused = await stream(m);
    expect([refused.status, refused.json?.errCode]).toEqual([429, "2005"]);
    expect((await stream(other.m)).status).toBe(200);
    open[0]!.close();
    await expect.poll(async () => (await stream(m)).status).toBe(200);
  });
});
