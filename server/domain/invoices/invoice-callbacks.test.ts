import type { Address } from "viem";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callbackAttempt, callbackPayload } from "../../../contracts/schemas/callbacks.ts";
import { watchedAddressBook } from "../../chain/address-book.ts";
import type { ConfiguredChain } from "../../chain/chain-layer.ts";
import { currencyRegistry } from "../../chain/currency-registry.ts";
import { createEvmAdapter } from "../../chain/evm-adapter.ts";
import { startTestChain, type TestChain } from "../../chain/test-chain.ts";
import { createWatcher } from "../../chain/watcher.ts";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { type CallbackReceiver, startCallbackReceiver } from "../../testing/callback-receiver.ts";
import { seedApplication, seedMerchant, seedPackageId, testServerSecret } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { createMoneyListener } from "../../wiring/money-listener.ts";
import { openApiCaller } from "../applications/open-api-caller.ts";
import { newWebhookSecret, sealWebhookSecret } from "../applications/webhook-secrets.ts";
import { attemptDelivery } from "../callbacks/attempt-delivery.ts";
import { type CallbackDeliveries, startCallbackDeliveries } from "../callbacks/callback-deliveries.ts";
import { toWireAttempt, wireAttemptQuery } from "../callbacks/callback-wire.ts";
import { createInvoice } from "./open-api-invoices.ts";

// Runs on PGlite and on PostgreSQL: each change's NOTIFY wakes the delivery engine through each engine's own LISTEN (scripts/database-tests.ts).

process.env.PASSWORD_HASH_COST ??= "test";

/**
 * An invoice's callbacks, from real transfers on anvil through the real watcher to the merchant's receiver, by the
 * Standard Webhooks delivery engine deposits use: one event id per change of the invoice's state, retried with the
 * same id and body when the receiver fails, in the Transaction callbacks log, and sent again on request.
 */
let database: OpenedDatabase;
let chain: TestChain;
let receiver: CallbackReceiver;
let callbacks: CallbackDeliveries;
const chainId = 31337;
const factory = `0x${"fa".repeat(20)}` as Address;
const deliveryDeps = () => ({
  db: database.db,
  secret: testServerSecret,
  targets: { allowPrivate: true, resolve: async () => ["127.0.0.1"] },
  clock: () => new Date(),
  retrySchedule: [1, 1],
});

beforeAll(async () => {
  // The first request fails (500); every later one succeeds.
  [database, chain, receiver] = await Promise.all([
    createTestDatabase(),
    startTestChain(),
    startCallbackReceiver((n) => (n === 0 ? 500 : 200)),
  ]);
  callbacks = await startCallbackDeliveries({ ...deliveryDeps(), engine: database.engine!, listen: database.listen });
}, 60_000);
afterAll(async () => {
  await callbacks?.stop();
  await Promise.all([database?.close(), chain?.stop(), receiver?.stop()]);
});

describe("an invoice's callbacks", () => {
  it("one event id per change (processing, paid), signed; a 500 gets the same event again; logged; sent again on request", async () => {
    const { db } = database;
    const { userId } = await seedMerchant(db, { email: "shop@example.com", password: "Merchant7Pass" });
    const { packageId } = await seedPackageId(db, "basic");
    const now = new Date();
    await db
      .insertInto("subscriptions")
      .values({
        merchant_id: userId,
        package_id: packageId,
        order_id: null,
        started_at: now,
        expires_at: new Date(now.getTime() + 86_400_000),
      })
      .execute();
    const app = await seedApplication(db, { userId });
    const webhookSecret = newWebhookSecret();
    await db
      .updateTable("applications")
      .set({
        recharge_callback_url: receiver.url,
        webhook_secret_sealed: sealWebhookSecret(testServerSecret, app.appKey, webhookSecret),
      })
      .where("id", "=", app.applicationId)
      .execute();
    const devnet: ConfiguredChain = {
      product: "Devnet",
      chainId,
      rpcUrl: chain.rpcUrl,
      tokens: [{ symbol: "USDT", address: chain.token, decimals: 6 }],
      confirmations: 2,
      devnet: true,
      depositFactory: factory,
    };
    const caller = (await openApiCaller(db, app.appKey))!;
    const made = await createInvoice(db, caller, { orderId: "order-7", amount: "10" }, undefined, {
      chains: [devnet],
      tokens: [{ chainId, token: chain.token.toLowerCase(), symbol: "USDT", product: "Devnet" }],
      callbackTargets: { allowPrivate: true, resolve: async () => [] },
      secret: testServerSecret,
      origin: "https://pay.example",
      now,
    });
    if (!made.ok) throw new Error(made.message);
    const watcher = createWatcher(
      { product: "Devnet", chainId, tokens: [chain.token], confirmations: 2 },
      {
        db,
        adapter: createEvmAdapter({ chainId, rpcUrl: chain.rpcUrl }),
        addressBook: watchedAddressBook(db, { chainId }),
        listener: createMoneyListener({ currencies: currencyRegistry([devnet]) }),
      },
    );
    try {
      await watcher.tick();
      await chain.pay(made.data.addresses[0]!.address as Address, 10_000_000n);
      await watcher.tick();
      // invoice.processing: refused once (500), then again, same id.
      await receiver.waitFor(2);
      await chain.mine(1);
      await watcher.tick();
      // invoice.paid, written with the credit; no deposit.credited: the money is the invoice's.
      await receiver.waitFor(3);

      const events = receiver.received.map(({ body, headers }) =>
        callbackPayload.parse(new Webhook(webhookSecret).verify(body, headers as Record<string, string>)),
      );
      const invoiceEvents = events.filter((e) => e.type.startsWith("invoice."));
      expect(events.map((e) => e.type)).toEqual(["invoice.processing", "invoice.processing", "invoice.paid"]);
      const [processing, again, paid] = invoiceEvents;
      expect(again!.id).toBe(processing!.id);
      expect(paid!.id).not.toBe(processing!.id);
      expect(receiver.byEventId(processing!.id).map((r) => r.body.toString())).toEqual([
        receiver.byEventId(processing!.id)[0]!.body.toString(),
        receiver.byEventId(processing!.id)[0]!.body.toString(),
      ]);
      expect(paid!.data).toEqual({
        invoiceId: made.data.invoiceId,
        orderId: "order-7",
        status: "paid",
        flags: [],
        amount: "10",
        amountReceived: "10",
        excess: "0",
      });

      // The receiver has answered; the engine records each attempt's result just after: wait for it.
      const deliveries = await vi.waitFor(
        async () => {
          const rows = await db
            .selectFrom("callback_deliveries")
            .select(["id", "event_id", "event_type", "status", "attempts", "invoice_id"])
            .where("invoice_id", "is not", null)
            .orderBy("id")
            .execute();
          expect(rows).toMatchObject([
            { event_id: processing!.id, event_type: "invoice.processing", status: "success", attempts: 2 },
            { event_id: paid!.id, event_type: "invoice.paid", status: "success", attempts: 1 },
          ]);
          return rows;
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(deliveries[0]!.invoice_id).not.toBeNull();

      // The Transaction callbacks log shows each attempt; a redelivery sends the same event id and body again.
      const log = (await wireAttemptQuery(db, userId).orderBy("at.id").execute()).map(toWireAttempt);
      expect(log.filter((a) => a.eventType.startsWith("invoice.")).map((a) => [a.eventType, a.result])).toEqual([
        ["invoice.processing", "failed"],
        ["invoice.processing", "success"],
        ["invoice.paid", "success"],
      ]);
      for (const attempt of log) callbackAttempt.parse(attempt);
      const manual = await attemptDelivery(deliveryDeps(), deliveries[1]!.id, "manual");
      expect(manual).toMatchObject({ attemptNo: 2, succeeded: true, deliveryStatus: "success" });
      expect(receiver.byEventId(paid!.id)).toHaveLength(2);
    } finally {
      await watcher.stop();
    }
  }, 60_000);
});
