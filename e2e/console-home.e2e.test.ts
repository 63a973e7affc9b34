import { describe, expect, inject, it } from "vitest";
import { callAsMerchant } from "./support/api.ts";
import { merchantWithDepositAddress } from "./support/bills.ts";
import { payFromDevnet } from "./support/orders.ts";
import { withConsoleTab } from "./support/tab.ts";

/** USDT decimal strings added exactly (18 decimals), as the server writes them ("29", "7.5"). */
const scale = 10n ** 18n;
const units = (amount: string) => {
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole) * scale + BigInt(fraction.padEnd(18, "0"));
};
const text = (value: bigint) => {
  const fraction = (value % scale).toString().padStart(18, "0").replace(/0+$/, "");
  return `${value / scale}${fraction ? `.${fraction}` : ""}`;
};
const sum = (amounts: string[]) => text(amounts.reduce((total, a) => total + units(a), 0n));

interface Bill {
  amount: string;
  status: string;
  payTime: string;
  collectionAmount: string | null;
}

/**
 * The console home on the journeys' server and its devnet: after two deposits and a package paid from the
 * balance, each figure is what Application bills, My orders and My wallet add up to, the trend shows the day's receipts
 * in all three ranges, and a third deposit made while the page is open changes the figures without a reload.
 */
describe("the console home's figures", () => {
  const tab = withConsoleTab();
  const dataDir = inject("dataDir");

  it("equal what the lists add up to, in every range, and follow a deposit live", async () => {
    const { page, baseUrl } = tab;
    const { address, token } = await merchantWithDepositAddress(page, baseUrl, { tag: "console-home" });
    const as = <T>(path: string, body: unknown = null) => callAsMerchant<T>(baseUrl, token, path, body);
    const packages = await as<Array<{ id: string; code: string }>>("/api/Package/List");
    const order = await as<{ orderCode: string; amount: string }>("/api/Order/Create", {
      packageId: packages.find((p) => p.code === "basic")?.id,
    });
    const credited = async (count: number) => {
      for (let i = 0; i < 60; i++) {
        const { items } = await as<{ items: Bill[] }>("/api/Bill/List", { status: "credited", pageSize: 100 });
        if (items.length >= count) return items;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error(`fewer than ${count} credited bills after 30 s`);
    };
    await payFromDevnet(dataDir, address, order.amount);
    await payFromDevnet(dataDir, address, "7.5");
    await credited(2);
    await as("/api/Order/PayFromBalance", { orderCode: order.orderCode });

    /** What the lists add up to now: today's credited bills, those not collected, the balance less what orders took. */
    const lists = async () => {
      const today = new Date().toISOString().slice(0, 10);
      const { items } = await as<{ items: Bill[] }>("/api/Bill/List", {
        status: "credited",
        startTime: `${today}T00:00:00.000Z`,
        endTime: `${today}T23:59:59.999Z`,
        pageSize: 100,
      });
      const orders = await as<{ items: Array<{ orderCode: string; status: string; amount: string }> }>(
        "/api/Order/List",
        { pageSize: 100 },
      );
      const paid = orders.items.filter((o) => o.orderCode === order.orderCode && o.status === "paid");
      const wallet = await as<{ balance: string }>("/api/Account/Balance");
      const all = (await as<{ items: Bill[] }>("/api/Bill/List", { status: "credited", pageSize: 100 })).items;
      return {
        today: { amount: sum(items.map((b) => b.amount)), count: String(items.length) },
        mainChain: sum(all.filter((b) => b.collectionAmount === null).map((b) => b.amount)),
        balance: wallet.balance,
        // The wallet's balance is the credited bills less the package paid from it (My orders).
        expectedBalance: text(units(sum(all.map((b) => b.amount))) - units(sum(paid.map((o) => o.amount)))),
      };
    };
    /** The figures as the page shows them (their exact values beside the formatted ones). */
    const shown = () =>
      page.evaluate(() => {
        const value = (id: string) =>
          document.querySelector(`[data-testid=${id}] [data-value]`)?.getAttribute("data-value") ?? "";
        return {
          today: {
            amount: value("console-today"),
            count: document.querySelector("[data-testid=console-today] [data-count]")?.getAttribute("data-count") ?? "",
          },
          mainChain: value("console-main-chain"),
          balance: value("console-balance"),
        };
      });
    const figuresEqualLists = async () => {
      const want = await lists();
      expect(want.balance).toBe(want.expectedBalance);
      await expect
        .poll(shown, { timeout: 15_000 })
        .toEqual({ today: want.today, mainChain: want.mainChain, balance: want.balance });
      return want;
    };

    await page.goto("/console/index");
    await page.getByTestId("console-balance").locator("[data-value]:not([data-value=''])").waitFor();
    const before = await figuresEqualLists();
    expect(before.today).toEqual({ amount: sum([order.amount, "7.5"]), count: "2" });
    expect(before.balance).toBe("7.5");
    // The package card's resource check counts the one application and the one deposit address.
    await page
      .getByTestId("usage-applications")
      .getByText(/^1 of /)
      .waitFor();
    await page
      .getByTestId("usage-wallets")
      .getByText(/^1 of /)
      .waitFor();

    // Every range ends with today's receipts, one row a day.
    const trend = page.getByTestId("console-trend");
    for (const [range, days] of [
      ["Week", 7],
      ["Month", 30],
      ["Three months", 90],
    ] as const) {
      await trend.getByRole("button", { name: range, exact: true }).click();
      await trend
        .locator("tbody tr[data-amount]")
        .nth(days - 1)
        .waitFor({ state: "attached" });
      await expect.poll(() => trend.locator("tbody tr[data-amount]").count()).toBe(days);
      const last = trend.locator("tbody tr[data-amount]").last();
      expect([await last.getAttribute("data-amount"), await last.getAttribute("data-count")]).toEqual([
        before.today.amount,
        before.today.count,
      ]);
      expect(await trend.getByRole("img").getAttribute("aria-label")).toContain(`${days} days`);
    }

    // A third deposit while the page is open: the figures change without a reload.
    await page.evaluate(() => {
      (window as unknown as { sameLoad: boolean }).sameLoad = true;
    });
    await payFromDevnet(dataDir, address, "3");
    await expect.poll(() => shown().then((s) => s.today.count), { timeout: 30_000 }).toBe("3");
    const after = await figuresEqualLists();
    expect(after.today.amount).toBe(sum([order.amount, "7.5", "3"]));
    expect(after.balance).toBe("10.5");
    expect(await page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
    const last = trend.locator("tbody tr[data-amount]").last();
    expect(await last.getAttribute("data-amount")).toBe(after.today.amount);
  }, 120_000);
});
