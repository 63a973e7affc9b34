import type { Address } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkoutView } from "../../contracts/schemas/checkout.ts";
import { demoInvoice } from "../../contracts/schemas/demo.ts";
import { createDemoInvoice } from "../domain/invoices/demo-invoices.ts";
import { demoMerchantEmail, ensureDemoMerchant, findDemoApplication } from "../domain/invoices/demo-merchant.ts";
import { defaultLimits } from "../domain/platform/limits.ts";
import { watchedAddressBook } from "../chain/address-book.ts";
import { currencyRegistry } from "../chain/currency-registry.ts";
import type { StoredTransfer } from "../chain/store.ts";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";
import { balanceText } from "../domain/payments/balance.ts";
import { ledgerViolations } from "../domain/payments/reconcile.ts";
import { createMoneyListener } from "../wiring/money-listener.ts";
import { pruneExpired } from "../wiring/prune-expired.ts";
import { call, createHarness, type Harness, reset, rowCounts } from "../testing/harness.ts";
import { seedApplication, seedInvoice, seedInvoiceTransfer, seedMerchant, testServerSecret } from "../testing/seed.ts";
import { configuredChain, stubChainLayer } from "../testing/stub-chain.ts";

/** /demo01's calls: a real invoice of the demo merchant on the devnet, a few per address, none without the devnet. */
const devnetFactory = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
const devnet = configuredChain("Devnet", 31337, { depositFactory: devnetFactory });
const eth = configuredChain("Eth", 1, { depositFactory: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" as Address });

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    chain: stubChainLayer([devnet, eth]),
    limits: { demoOrdersPerIp: { max: 3, seconds: 600 } },
  });
});
afterAll(() => h?.close());
beforeEach(async () => {
  await reset(h);
  await ensureDemoMerchant(h.db, { secret: testServerSecret, now: h.clock.now() });
});

const checkout = (ip?: string) => call(h, "demoCheckout", { body: {}, ip });
const demoRows = async () => {
  const counts = await rowCounts(h.db);
  return { invoices: counts.invoices, deposit_addresses: counts.deposit_addresses };
};

describe("the demo merchant", () => {
  it("is made once, whatever starts race, with an enterprise package that never ends and one application", async () => {
    await Promise.all([1, 2, 3].map(() => ensureDemoMerchant(h.db, { secret: testServerSecret, now: h.clock.now() })));
    const counts = await rowCounts(h.db);
    expect([counts.merchants, counts.subscriptions, counts.applications]).toEqual([1, 1, 1]);
    const sub = await h.db.selectFrom("subscriptions").select("expires_at").executeTakeFirstOrThrow();
    expect(sub.expires_at.getUTCFullYear()).toBe(9999);
  });

  it("is no account anyone can sign in to, ask a code for or reset: its e-mail is none a request may name", async () => {
    const email = demoMerchantEmail;
    for (const [name, body] of [
      ["login", { email, password: "Whatever7Pass" }],
      ["sendCode", { email, type: "reset" }],
      ["resetPassword", { email, code: "123456", password: "Merchant7Pass", repeatPassword: "Merchant7Pass" }],
      ["register", { email, code: "123456", password: "Merchant7Pass", repeatPassword: "Merchant7Pass" }],
    ] as const) {
      expect(await call(h, name, { body }), name).toMatchObject({ status: 400, errCode: "1001" });
    }
    expect(h.mails).toEqual([]);
  });
});

describe("Demo/Checkout", () => {
  it("makes a real invoice of the demo shop, a few USDT on the devnet alone, that its checkout page shows", async () => {
    const answer = await checkout();
    expect(answer).toMatchObject({ status: 200, success: true, errCode: "0" });
    const { invoiceId } = demoInvoice.parse(answer.resData);
    const page = await call(h, "checkoutView", { query: { invoiceId } });
    const view = checkoutView.parse(page.resData);
    expect(view).toMatchObject({ status: "new", currency: "USDT", merchant: { name: "Demo shop" } });
    // The way back from the checkout page is this server's landing page.
    expect(new URL(view.merchant.site ?? "").pathname).toBe("/home");
    expect(view.amount).toMatch(/^[1-9](\.\d{1,2})?$/);
    expect(view.options.map((o) => o.chain)).toEqual(["Devnet"]);
    // The default 15 minutes to pay, less the moments between the two calls.
    const left = Date.parse(view.expiresAt) - Date.parse(view.serverTime);
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
    const stored = await h.db
      .selectFrom("invoices as i")
      .innerJoin("merchants as m", "m.id", "i.merchant_id")
      .select(["m.email", "i.order_id"])
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe(demoMerchantEmail);
    expect(stored.order_id).toMatch(/^demo-/);
    // Its address is watched on every chain with a factory, as any invoice's is (a payment on Eth is not lost).
    expect(await demoRows()).toEqual({ invoices: 1, deposit_addresses: 2 });
  });

  it("limits the invoices one address may make, writing nothing past the limit", async () => {
    for (let i = 0; i < 3; i++) expect((await checkout("10.0.0.1")).success).toBe(true);
    const before = await demoRows();
    expect(await checkout("10.0.0.1")).toMatchObject({ status: 429, errCode: "2005" });
    expect(await demoRows()).toEqual(before);
    expect((await checkout("10.0.0.2")).success).toBe(true);
    h.clock.advance(601);
    expect((await checkout("10.0.0.1")).success).toBe(true);
  });

  it("answers 2113 without the devnet, or before the demo merchant is seeded, and makes nothing", async () => {
    const settings = {
      tokens: [],
      callbackTargets: { allowPrivate: true, resolve: async () => [] },
      secret: testServerSecret,
      origin: "https://pay.example",
      now: h.clock.now(),
    };
    expect(await createDemoInvoice(h.db, { ...settings, chains: [eth] })).toMatchObject({ ok: false, code: "2113" });
    await reset(h);
    expect(await checkout()).toMatchObject({ status: 200, success: false, errCode: "2113" });
    expect(await demoRows()).toEqual({ invoices: 0, deposit_addresses: 0 });
  });

  it("takes an empty body only", async () => {
    expect(await call(h, "demoCheckout", { body: { chain: "ETH" } })).toMatchObject({ status: 400, errCode: "1001" });
  });
});

describe("demo invoices pruned", () => {
  const day = 86_400;
  /** Demo invoices as visitors leave them: one per /demo01 visit, then ended (or not) as the test names. */
  async function visitorInvoice(ended: { status: "new" | "expired" | "cancelled"; amountReceived?: string }) {
    const { invoiceId } = demoInvoice.parse((await checkout(`10.1.0.${++visits}`)).resData);
    await h.db
      .updateTable("invoices")
      .set({ status: ended.status, amount_received: ended.amountReceived ?? "0", expires_at: h.clock.now() })
      .where("public_id", "=", invoiceId)
      .execute();
    const row = await h.db
      .selectFrom("invoices as i")
      .innerJoin("deposit_addresses as d", "d.invoice_id", "i.id")
      .select(["i.id", "d.address"])
      .where("i.public_id", "=", invoiceId)
      .where("d.chain_id", "=", 31337)
      .executeTakeFirstOrThrow();
    return { id: row.id, address: row.address as Address };
  }
  let visits = 0;
  const remaining = async () =>
    (await h.db.selectFrom("invoices").select("id").orderBy("id").execute()).map((r) => r.id);

  it("deletes a week after their time the demo's invoices that ended with nothing received; anything that arrived keeps one", async () => {
    const expired = await visitorInvoice({ status: "expired" });
    const cancelled = await visitorInvoice({ status: "cancelled" });
    const waiting = await visitorInvoice({ status: "new" });
    // Money counted (credited through the ledger), and a transfer a reorganisation took away: both kept.
    const counted = await visitorInvoice({ status: "expired", amountReceived: "1.5" });
    const removed = await visitorInvoice({ status: "expired" });
    await seedInvoiceTransfer(h.db, {
      chainId: 31337,
      to: removed.address,
      amount: "2",
      seenAt: h.clock.now(),
      removedAt: h.clock.now(),
    });
    // A merchant's own invoice that ended the same way is its record: never pruned.
    const merchant = await seedMerchant(h.db, { email: "shop@example.com", password: "Merchant7Pass" });
    const shop = await seedApplication(h.db, { userId: merchant.userId, name: "Mug shop" });
    const own = await seedInvoice(h.db, {
      userId: merchant.userId,
      ...shop,
      chains: [{ chainId: 31337, factory: devnetFactory }],
      status: "expired",
      expiresAt: h.clock.now(),
    });
    const all = await remaining();
    expect(all).toHaveLength(6);

    // Within the week: a visitor may come back to the page, and a late transfer is still heard.
    h.clock.advance(7 * day - 60);
    expect((await pruneExpired(h.db, h.clock.now(), defaultLimits)).demoInvoices).toBe(0);
    expect(await remaining()).toEqual(all);

    h.clock.advance(120);
    expect((await pruneExpired(h.db, h.clock.now(), defaultLimits)).demoInvoices).toBe(2);
    expect(await remaining()).toEqual(
      [waiting.id, counted.id, removed.id, own.id].sort((a, b) => Number(a) - Number(b)),
    );
    // The kept invoices keep their addresses; the pruned ones' addresses stay, no longer an invoice's (next test).
    const addresses = await h.db.selectFrom("deposit_addresses").select(["invoice_id", "address"]).execute();
    const of = new Set(addresses.map((a) => a.invoice_id));
    expect([of.has(expired.id), of.has(cancelled.id), of.has(counted.id), of.has(removed.id), of.has(own.id)]).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(addresses.map((a) => a.address)).toEqual(expect.arrayContaining([expired.address, cancelled.address]));
    expect((await pruneExpired(h.db, h.clock.now(), defaultLimits)).demoInvoices).toBe(0);
  });

  it("keeps watching a pruned invoice's addresses: money sent there later is the demo shop's bill, credited, never lost", async () => {
    const pruned = await visitorInvoice({ status: "expired" });
    const { public_id: publicId } = await h.db
      .selectFrom("invoices")
      .select("public_id")
      .where("id", "=", pruned.id)
      .executeTakeFirstOrThrow();
    const ethAddress = (
      await h.db
        .selectFrom("deposit_addresses")
        .select("address")
        .where("invoice_id", "=", pruned.id)
        .where("chain_id", "=", 1)
        .executeTakeFirstOrThrow()
    ).address;
    h.clock.advance(7 * day + 60);
    expect((await pruneExpired(h.db, h.clock.now(), defaultLimits)).demoInvoices).toBe(1);
    expect(await remaining()).toEqual([]);

    // Every address it was given is still one the watcher follows on its chain.
    for (const [chainId, address] of [
      [31337, pruned.address],
      [1, ethAddress],
    ] as const) {
      const watched = await watchedAddressBook(h.db, { chainId }).load();
      expect(watched.has(address.toLowerCase()), `${address} on ${chainId}`).toBe(true);
    }

    // A visitor pays the old page's address: the transfer is a bill of the demo shop, credited to the demo merchant.
    const paid = await seedInvoiceTransfer(h.db, {
      chainId: 31337,
      to: pruned.address,
      amount: "3",
      seenAt: h.clock.now(),
      confirmedAt: h.clock.now(),
    });
    const token = devnet.tokens[0]!.address;
    await h.db.updateTable("chain_transfers").set({ token }).where("id", "=", paid.id).execute();
    const transfer: StoredTransfer = {
      id: paid.id,
      chainId: 31337,
      txHash: paid.txHash,
      logIndex: 0,
      blockNumber: 9007199254740993n,
      blockHash: `0x${"ab".repeat(32)}`,
      token,
      from: `0x${"cd".repeat(20)}`,
      to: pruned.address,
      amount: 3_000_000n,
      status: "confirmed",
      confirmations: 2,
      quarantine: null,
    };
    const listener = createMoneyListener({ currencies: currencyRegistry([devnet, eth]), now: () => h.clock.now() });
    await h.db.transaction().execute(async (trx) => {
      await listener.onTransferSeen!(trx, transfer);
      await listener.onTransferConfirmed!(trx, transfer);
    });
    const demo = await findDemoApplication(h.db);
    const bills = await h.db
      .selectFrom("application_bills as b")
      .innerJoin("deposit_addresses as d", "d.id", "b.deposit_address_id")
      .select(["b.status", "b.amount", "b.merchant_id", "b.application_id", "d.end_user_id"])
      .execute();
    expect(bills).toEqual([
      {
        status: "credited",
        amount: "3.000000000000000000",
        merchant_id: demo!.merchantId,
        application_id: demo!.applicationId,
        end_user_id: `invoice ${publicId}`,
      },
    ]);
    expect(await balanceText(h.db, actFor(systemScope("test"), demo!.merchantId))).toBe("3");
    expect(await ledgerViolations(h.db)).toEqual([]);
  });
});
