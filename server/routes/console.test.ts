import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AppBill, billListResult } from "../../contracts/schemas/bills.ts";
import { type OverviewRange, overviewResult } from "../../contracts/schemas/console.ts";
import { subscriptionResult } from "../../contracts/schemas/subscription.ts";
import { balanceResult } from "../../contracts/schemas/balance.ts";
import { fromAtto, toAtto } from "../../contracts/money.ts";
import { call, createHarness, type Harness, type Merchant, reset, signedInMerchant } from "../testing/harness.ts";
import { seedApplication, seedBalance, seedBill, seedInvoice } from "../testing/seed.ts";
import { stubChainLayer } from "../testing/stub-chain.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ chain: stubChainLayer() });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const dayMs = 86_400_000;

async function figures(m: Merchant, range: OverviewRange) {
  const answer = await call(h, "consoleOverview", { token: m.token, body: { range } });
  expect(answer.errCode, JSON.stringify(answer)).toBe("0");
  return overviewResult.parse(answer.resData);
}

/** Every bill Application bills lists for the filters, page after page. */
async function billList(m: Merchant, filters: Record<string, string>): Promise<AppBill[]> {
  const bills: AppBill[] = [];
  let cursor: string | undefined;
  do {
    const answer = await call(h, "billList", { token: m.token, body: { ...filters, pageSize: 100, cursor } });
    expect(answer.errCode, JSON.stringify(answer)).toBe("0");
    const page = billListResult.parse(answer.resData);
    bills.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return bills;
}
const sum = (bills: AppBill[]) => fromAtto(bills.reduce((total, b) => total + toAtto(b.amount), 0n));

/**
 * A merchant with credited bills today, yesterday, 6, 7, 29, 30, 89 and 90 days ago (at the days' first and last
 * moments too), a confirming and a reversed one today, one of today's collected, and a balance of its own.
 */
async function world() {
  h.clock.freeze();
  const now = h.clock.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const m = await signedInMerchant(h);
  const shop = await seedApplication(h.db, { userId: m.userId, name: "Shop" });
  const games = await seedApplication(h.db, { userId: m.userId, name: "Games" });
  const bill = (
    daysAgo: number,
    amount: string,
    extra: { status?: "confirming" | "reversed"; lastMs?: boolean } = {},
  ) =>
    seedBill(h.db, {
      userId: m.userId,
      appCode: daysAgo % 2 ? games.appCode : shop.appCode,
      endUserId: `user-${daysAgo}`,
      amount,
      status: extra.status ?? "credited",
      seenAt: new Date(today - daysAgo * dayMs + (extra.lastMs ? dayMs - 1 : 0)),
    });
  const collected = await bill(0, "1.25");
  await h.db
    .updateTable("application_bills")
    .set({ collection_amount: "1.25" })
    .where("bill_no", "=", collected.billNo)
    .execute();
  await bill(0, "10.5");
  await bill(0, "0.000001", { lastMs: true });
  await bill(0, "3", { status: "confirming" });
  await bill(0, "4", { status: "reversed" });
  await bill(1, "2", { lastMs: true });
  await bill(6, "7");
  await bill(7, "8", { lastMs: true });
  await bill(29, "29");
  await bill(30, "30");
  await bill(89, "89");
  await bill(90, "90", { lastMs: true });
  await seedBalance(h.db, { userId: m.userId, amount: "55.5" });
  return { m, today };
}

describe("POST /api/Console/Overview", () => {
  it("answers each day's receipts as Application bills adds up the credited bills paid that day, in every range", async () => {
    const { m, today } = await world();
    for (const [range, days] of [
      ["week", 7],
      ["month", 30],
      ["quarter", 90],
    ] as const) {
      const answer = await figures(m, range);
      expect(answer.trend.range).toBe(range);
      expect(answer.trend.days).toHaveLength(days);
      expect(answer.trend.days.at(-1)).toEqual(answer.today);
      expect(answer.today.date).toBe(new Date(today).toISOString().slice(0, 10));
      for (const [i, point] of answer.trend.days.entries()) {
        const start = today - (days - 1 - i) * dayMs;
        expect(point.date).toBe(new Date(start).toISOString().slice(0, 10));
        const listed = await billList(m, {
          status: "credited",
          startTime: new Date(start).toISOString(),
          endTime: new Date(start + dayMs - 1).toISOString(),
        });
        expect({ date: point.date, amount: point.amount, count: point.count }).toEqual({
          date: point.date,
          amount: sum(listed),
          count: listed.length,
        });
      }
    }
    const week = await figures(m, "week");
    expect(week.today).toMatchObject({ amount: "11.750001", count: 3 });
    expect(week.trend.days.map((d) => d.amount)).toEqual(["7", "0", "0", "0", "0", "2", "11.750001"]);
    expect((await figures(m, "quarter")).trend.days[0]).toMatchObject({ amount: "89", count: 1 });
  });

  it("answers the main-chain amount as the credited bills not collected add up to, the balance and the package's counts", async () => {
    const { m } = await world();
    const answer = await figures(m, "week");
    const credited = await billList(m, { status: "credited" });
    expect(answer.mainChain).toBe(sum(credited.filter((b) => b.collectionAmount === null)));
    expect(answer.mainChain).toBe("265.500001");
    const balance = balanceResult.parse((await call(h, "balance", { token: m.token })).resData);
    expect(answer.balance).toBe(balance.balance);
    expect(answer.balance).toBe("55.5");
    const current = subscriptionResult.parse((await call(h, "subscription", { token: m.token })).resData);
    expect(answer.counts).toEqual(current.usage);
    expect(answer.counts.applications).toBe(2);
    expect(answer.serverTime).toBe(h.clock.now().toISOString());
  });

  it("answers zeros, one point a day, for a merchant with nothing yet", async () => {
    const m = await signedInMerchant(h);
    const answer = await figures(m, "month");
    expect(answer).toMatchObject({
      counts: { applications: 0, wallets: 0 },
      balance: "0",
      mainChain: "0",
      today: { amount: "0", count: 0 },
    });
    expect(answer.trend.days.filter((d) => d.amount === "0" && d.count === 0)).toHaveLength(30);
  });

  it("counts the invoices paid each day (how many, what they received) as Invoices lists them paid, in today's card and the range's trend", async () => {
    h.clock.freeze();
    const now = h.clock.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const m = await signedInMerchant(h);
    const other = await signedInMerchant(h, "other@example.com");
    const shop = await seedApplication(h.db, { userId: m.userId, name: "Shop" });
    const theirs = await seedApplication(h.db, { userId: other.userId, name: "Theirs" });
    const invoice = async (
      app: typeof shop,
      userId: string,
      status: "paid" | "expired" | "processing",
      received: string,
      paidAt: number | null,
    ) => {
      const made = await seedInvoice(h.db, {
        userId,
        applicationId: app.applicationId,
        appCode: app.appCode,
        chains: [],
        status,
        amountReceived: received,
      });
      await h.db
        .updateTable("invoices")
        .set({ paid_at: paidAt === null ? null : new Date(paidAt) })
        .where("id", "=", made.id)
        .execute();
    };
    await invoice(shop, m.userId, "paid", "25", today + 1000);
    await invoice(shop, m.userId, "paid", "30.000001", today + dayMs - 1);
    await invoice(shop, m.userId, "paid", "7", today - 1);
    await invoice(shop, m.userId, "paid", "9", today - 7 * dayMs);
    // Not paid: expired underpaid, still counting; and another merchant's paid one.
    await invoice(shop, m.userId, "expired", "5", null);
    await invoice(shop, m.userId, "processing", "1", null);
    await invoice(theirs, other.userId, "paid", "100", today + 1000);

    const week = await figures(m, "week");
    expect(week.invoicesPaidToday).toEqual({ date: week.today.date, amount: "55.000001", count: 2 });
    expect(week.trend.invoicesPaid.map((d) => [d.amount, d.count])).toEqual([
      ["0", 0],
      ["0", 0],
      ["0", 0],
      ["0", 0],
      ["0", 0],
      ["7", 1],
      ["55.000001", 2],
    ]);
    expect(week.trend.invoicesPaid.map((d) => d.date)).toEqual(week.trend.days.map((d) => d.date));
    const month = await figures(m, "month");
    expect(month.trend.invoicesPaid).toHaveLength(30);
    expect(month.trend.invoicesPaid.reduce((n, d) => n + d.count, 0)).toBe(4);
  });
});
