import type { Address } from "viem";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callbackPayload } from "../../../contracts/schemas/callbacks.ts";
import { watchedAddressBook } from "../../chain/address-book.ts";
import { createEvmAdapter } from "../../chain/evm-adapter.ts";
import { startTestChain, type TestChain } from "../../chain/test-chain.ts";
import { createWatcher } from "../../chain/watcher.ts";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { type CallbackReceiver, startCallbackReceiver } from "../../testing/callback-receiver.ts";
import { seedApplication, seedDepositAddress, seedMerchant, testServerSecret } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { newWebhookSecret, sealWebhookSecret } from "../applications/webhook-secrets.ts";
import { createMoneyListener } from "../../wiring/money-listener.ts";
import { type CallbackDeliveries, startCallbackDeliveries } from "./callback-deliveries.ts";
import { currencyRegistry } from "../../chain/currency-registry.ts";

// Runs on PGlite and on PostgreSQL: the credit's NOTIFY wakes the delivery engine through each engine's own LISTEN (scripts/database-tests.ts).

process.env.PASSWORD_HASH_COST ??= "test";

/** From a real transfer on anvil, through the real watcher and the deposit listener, to the merchant's receiver. */
let database: OpenedDatabase;
let chain: TestChain;
let receiver: CallbackReceiver;
let callbacks: CallbackDeliveries;
const chainId = 31337;
const factory = `0x${"fa".repeat(20)}` as Address;

beforeAll(async () => {
  [database, chain, receiver] = await Promise.all([createTestDatabase(), startTestChain(), startCallbackReceiver()]);
  callbacks = await startCallbackDeliveries({
    db: database.db,
    engine: database.engine!,
    listen: database.listen,
    secret: testServerSecret,
    targets: { allowPrivate: true, resolve: async () => ["127.0.0.1"] },
    clock: () => new Date(),
  });
}, 60_000);
afterAll(async () => {
  await callbacks?.stop();
  await Promise.all([database?.close(), chain?.stop(), receiver?.stop()]);
});

describe("a credited deposit's callback", () => {
  it("reaches the application's recharge callback URL once, signed, telling the credited bill", async () => {
    const { db } = database;
    const { userId } = await seedMerchant(db, { email: "shop@example.com", password: "Merchant7Pass" });
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
    const { address } = await seedDepositAddress(db, {
      userId: userId,
      applicationId: app.applicationId,
      appCode: app.appCode,
      endUserId: "user-1",
      chainId,
      factory,
    });
    const devnet = {
      product: "Devnet",
      chainId,
      rpcUrl: chain.rpcUrl,
      tokens: [{ symbol: "USDT", address: chain.token, decimals: 6 }],
      confirmations: 2,
      devnet: true,
      depositFactory: factory,
    };
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
      const paid = await chain.pay(address, 25_000_000n);
      await watcher.tick();
      expect(receiver.received).toHaveLength(0);
      await chain.mine(1);
      // The confirming block: the tick that sees it credits the bill, and the credit's NOTIFY wakes the engine.
      await watcher.tick();
      await receiver.waitFor(1);

      const { body, headers } = receiver.received[0]!;
      const payload = callbackPayload.parse(new Webhook(webhookSecret).verify(body, headers as Record<string, string>));
      expect(payload).toMatchObject({
        type: "deposit.credited",
        data: { appCode: app.appCode, endUserId: "user-1", amount: "25", status: "credited", txHash: paid.hash },
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(receiver.received).toHaveLength(1);
      const delivery = await db.selectFrom("callback_deliveries").selectAll().executeTakeFirstOrThrow();
      expect(delivery).toMatchObject({ event_id: payload.id, status: "success", attempts: 1 });
      const bill = await db.selectFrom("application_bills").select("notice_status").executeTakeFirstOrThrow();
      expect(bill.notice_status).toBe("success");
    } finally {
      await watcher.stop();
    }
  }, 60_000);
});
