import type { Kysely } from "kysely";
import type { Address } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { watchedAddressBook } from "../../chain/address-book.ts";
import type { ConfiguredChain } from "../../chain/chain-layer.ts";
import { currencyRegistry } from "../../chain/currency-registry.ts";
import { createEvmAdapter } from "../../chain/evm-adapter.ts";
import { resetChainTables, startTestChain, type TestChain } from "../../chain/test-chain.ts";
import { createWatcher } from "../../chain/watcher.ts";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import {
  resetDatabase,
  seedApplication,
  seedMerchant,
  seedPackageId,
  seedSession,
  testServerSecret,
} from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { createMoneyListener } from "../../wiring/money-listener.ts";
import { openApiCaller } from "../applications/open-api-caller.ts";
import { listBills } from "../bills/bills.ts";
import { openApiBill, openApiBills } from "../bills/open-api-bills.ts";
import { listRecharges } from "../bills/recharge-bills.ts";
import { findSession } from "../identity/sessions.ts";
import { balanceText } from "../payments/balance.ts";
import { ledgerViolations, reconcile } from "../payments/reconcile.ts";
import { cancelInvoice, createInvoice } from "./open-api-invoices.ts";

process.env.PASSWORD_HASH_COST ??= "test";

/**
 * An invoice's address is a deposit address of its application: on a real chain (anvil), the real watcher and the
 * server's money listener credit what is paid there to the merchant's balance, once, and the books reconcile with the
 * chain. The invoice's own status is its life's (not moved here); a cancel is refused once a payment is seen. The
 * merchant's system hears of that money through the invoice's events only: no `deposit.credited`, and the open API's
 * bills (an application's end users' deposits) leave it out; the console's Application bills keep it, with its sweep.
 */
let database: OpenedDatabase;
let db: Kysely<DB>;
let chain: TestChain;
let devnet: ConfiguredChain;

const chainId = 31337;
const factory = `0x${"fa".repeat(20)}` as Address;

beforeAll(async () => {
  [database, chain] = await Promise.all([createTestDatabase(), startTestChain()]);
  db = database.db;
  devnet = {
    product: "Devnet",
    chainId,
    rpcUrl: chain.rpcUrl,
    tokens: [{ symbol: "USDT", address: chain.token, decimals: 6 }],
    confirmations: 2,
    devnet: true,
    depositFactory: factory,
  };
}, 60_000);
afterAll(async () => {
  await Promise.all([database?.close(), chain?.stop()]);
});
beforeEach(async () => {
  await resetDatabase(db);
  await resetChainTables(db);
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect((await reconcile(db)).filter((row) => !row.ok)).toEqual([]);
});

describe("money paid to an invoice's address", () => {
  it("is seen as a bill of the application and credited to the merchant's balance once; the invoice can no longer be cancelled", async () => {
    const { userId } = await seedMerchant(db, { email: "shop@example.com", password: "Merchant7Pass" });
    // A package without an order: a seeded order's payment would be a transfer the anvil chain never saw.
    const { packageId } = await seedPackageId(db, "basic");
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 86_400_000);
    await db
      .insertInto("subscriptions")
      .values({ merchant_id: userId, package_id: packageId, order_id: null, started_at: now, expires_at: expiresAt })
      .execute();
    const app = await seedApplication(db, { userId });
    const caller = (await openApiCaller(db, app.appKey))!;
    const settings = {
      chains: [devnet],
      tokens: [{ chainId, token: chain.token.toLowerCase(), symbol: "USDT", product: "Devnet" }],
      callbackTargets: { allowPrivate: true, resolve: async () => [] },
      secret: testServerSecret,
      origin: "https://pay.example",
      now: new Date(),
    };
    const made = await createInvoice(db, caller, { orderId: "order-1", amount: "12.5" }, undefined, settings);
    if (!made.ok) throw new Error(made.message);
    const [address] = made.data.addresses;

    const watcher = createWatcher(
      { product: "Devnet", chainId, tokens: [chain.token], confirmations: devnet.confirmations },
      {
        db,
        adapter: createEvmAdapter({ chainId, rpcUrl: chain.rpcUrl }),
        addressBook: watchedAddressBook(db, { chainId }),
        listener: createMoneyListener({ currencies: currencyRegistry([devnet]) }),
      },
    );
    await watcher.tick();
    await chain.pay(address!.address as Address, 12_500_000n);
    await watcher.tick();
    const bills = () => db.selectFrom("application_bills").selectAll().execute();
    expect(await bills()).toMatchObject([{ application_id: app.applicationId, status: "confirming" }]);
    const refused = await cancelInvoice(db, caller, made.data.invoiceId, { ...settings, now: new Date() });
    expect(refused).toMatchObject({ ok: false, code: errCodes.invoiceNotCancellable });

    for (let i = 0; i < 3; i++) {
      await chain.mine(1);
      await watcher.tick();
    }
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
      data: { items: [{ billNo, endUserId: `invoice ${made.data.invoiceId}`, status: "credited" }] },
    });
    expect(await listRecharges(db, session.scope, {}, context)).toMatchObject({ ok: true, data: { items: [] } });
    await watcher.stop();
  });
});
