import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { currencyRegistry } from "../../chain/currency-registry.ts";
import {
  type InvoiceChain,
  invoiceMerchant,
  invoiceSettings,
  madeInvoice,
  startInvoiceChain,
} from "../../testing/invoice-chain.ts";
import { seedSession, testServerSecret } from "../../testing/seed.ts";
import { listBills } from "../bills/bills.ts";
import { openApiBill, openApiBills } from "../bills/open-api-bills.ts";
import { listRecharges } from "../bills/recharge-bills.ts";
import { findSession } from "../identity/sessions.ts";
import { balanceText } from "../payments/balance.ts";
import { cancelInvoice } from "./open-api-invoices.ts";

process.env.PASSWORD_HASH_COST ??= "test";

/**
 * An invoice's address is a deposit address of its application: on a real chain (anvil), the real watcher and the
 * server's money listener credit what is paid there to the merchant's balance, once, and the books reconcile with the
 * chain. The invoice's own status is its life's (not moved here); a cancel is refused once a payment is seen. The
 * merchant's system hears of that money through the invoice's events only: no `deposit.credited`, and the open API's
 * bills (an application's end users' deposits) leave it out; the console's Application bills keep it, with its sweep.
 */
let harness: InvoiceChain;

beforeAll(async () => {
  harness = await startInvoiceChain();
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});
beforeEach(() => harness.reset());
afterEach(async () => {
  expect(await harness.booksOff()).toEqual([]);
});

describe("money paid to an invoice's address", () => {
  it("is seen as a bill of the application and credited to the merchant's balance once; the invoice can no longer be cancelled", async () => {
    const { db, chain, devnet } = harness;
    const { userId, app, caller } = await invoiceMerchant(db);
    const settings = invoiceSettings(chain, [devnet]);
    const made = await madeInvoice(db, caller, { orderId: "order-1", amount: "12.5" }, settings);

    const watcher = harness.watcher();
    await watcher.tick();
    await chain.pay(made.address, 12_500_000n);
    await watcher.tick();
    const bills = () => db.selectFrom("application_bills").selectAll().execute();
    expect(await bills()).toMatchObject([{ application_id: app.applicationId, status: "confirming" }]);
    const refused = await cancelInvoice(db, caller, made.invoiceId, { ...settings, now: new Date() });
    expect(refused).toMatchObject({ ok: false, code: errCodes.invoiceNotCancellable });

    await harness.advance(watcher, 3);
    expect(await bills()).toMatchObject([{ status: "credited" }]);
    expect(await balanceText(db, caller.scope)).toBe("12.5");

    const events = await db.selectFrom("outbox_events").select("type").where("merchant_id", "=", userId).execute();
    expect(events.map((e) => e.type)).not.toContain("deposit.credited");
    const context = { currencies: currencyRegistry([devnet]), secret: testServerSecret };
    expect(await openApiBills(db, caller, {}, context)).toMatchObject({ ok: true, data: { items: [] } });
    const { bill_no: billNo } = await db.selectFrom("application_bills").select("bill_no").executeTakeFirstOrThrow();
    expect(await openApiBill(db, caller, billNo, context.currencies)).toMatchObject({ ok: false });
    await seedSession(db, { userId, token: "invoice-shop" });
    const session = await findSession(db, "Bearer invoice-shop", new Date(), { idleSeconds: 60, absoluteSeconds: 60 });
    if (!session) throw new Error("no session");
    expect(await listBills(db, session.scope, {}, context)).toMatchObject({
      ok: true,
      data: { items: [{ billNo, endUserId: `invoice ${made.invoiceId}`, status: "credited" }] },
    });
    expect(await listRecharges(db, session.scope, {}, context)).toMatchObject({ ok: true, data: { items: [] } });
    await watcher.stop();
  });
});
