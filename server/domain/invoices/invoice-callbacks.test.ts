import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callbackAttempt, callbackPayload } from "../../../contracts/schemas/callbacks.ts";
import { type CallbackReceiver, startCallbackReceiver } from "../../testing/callback-receiver.ts";
import {
  type InvoiceChain,
  invoiceMerchant,
  invoiceSettings,
  madeInvoice,
  startInvoiceChain,
} from "../../testing/invoice-chain.ts";
import { testServerSecret } from "../../testing/seed.ts";
import { newWebhookSecret, sealWebhookSecret } from "../applications/webhook-secrets.ts";
import { attemptDelivery } from "../callbacks/attempt-delivery.ts";
import { type CallbackDeliveries, startCallbackDeliveries } from "../callbacks/callback-deliveries.ts";
import { toWireAttempt, wireAttemptQuery } from "../callbacks/callback-wire.ts";

// Runs on PGlite and on PostgreSQL: each change's NOTIFY wakes the delivery engine through each engine's own LISTEN (scripts/database-tests.ts).

process.env.PASSWORD_HASH_COST ??= "test";

/**
 * An invoice's callbacks, from real transfers on anvil through the real watcher to the merchant's receiver, by the
 * Standard Webhooks delivery engine deposits use: one event id per change of the invoice's state, retried with the
 * same id and body when the receiver fails, in the Transaction callbacks log, and sent again on request.
 */
let harness: InvoiceChain;
let receiver: CallbackReceiver;
let callbacks: CallbackDeliveries;
const deliveryDeps = () => ({
  db: harness.db,
  secret: testServerSecret,
  targets: { allowPrivate: true, resolve: async () => ["127.0.0.1"] },
  clock: () => new Date(),
  retrySchedule: [1, 1],
});

beforeAll(async () => {
  // The first request fails (500); every later one succeeds.
  [harness, receiver] = await Promise.all([startInvoiceChain(), startCallbackReceiver((n) => (n === 0 ? 500 : 200))]);
  const { database } = harness;
  callbacks = await startCallbackDeliveries({ ...deliveryDeps(), engine: database.engine!, listen: database.listen });
}, 60_000);
afterAll(async () => {
  await callbacks?.stop();
  await Promise.all([harness?.stop(), receiver?.stop()]);
});

describe("an invoice's callbacks", () => {
  it("one event id per change (processing, paid), signed; a 500 gets the same event again; logged; sent again on request", async () => {
    const { db, chain, devnet } = harness;
    const { userId, app, caller } = await invoiceMerchant(db, { callbackUrl: receiver.url });
    const webhookSecret = newWebhookSecret();
    await db
      .updateTable("applications")
      .set({ webhook_secret_sealed: sealWebhookSecret(testServerSecret, app.appKey, webhookSecret) })
      .where("id", "=", app.applicationId)
      .execute();
    const made = await madeInvoice(db, caller, { orderId: "order-7", amount: "10" }, invoiceSettings(chain, [devnet]));
    const watcher = harness.watcher();
    try {
      await watcher.tick();
      await chain.pay(made.address, 10_000_000n);
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
        invoiceId: made.invoiceId,
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
