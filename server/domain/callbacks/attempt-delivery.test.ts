import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { seedCreditedDelivery } from "../../testing/callback-fixtures.ts";
import { type CallbackReceiver, startCallbackReceiver } from "../../testing/callback-receiver.ts";
import { resetDatabase, seedApplication, seedMerchant, testServerSecret } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { attemptDelivery, type DeliveryDeps } from "./attempt-delivery.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";

const tests = systemScope("test");

let database: OpenedDatabase;
let receiver: CallbackReceiver | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());
beforeEach(() => resetDatabase(database.db));
afterEach(async () => {
  await receiver?.stop();
  receiver = undefined;
});

const deps = (): DeliveryDeps => ({
  db: database.db,
  secret: testServerSecret,
  targets: { allowPrivate: true, resolve: async () => ["127.0.0.1"] },
  clock: () => new Date(),
  retrySchedule: [60],
});

async function deliveryAnswered(body: string) {
  receiver = await startCallbackReceiver(() => ({ status: 500, body }));
  const { userId } = await seedMerchant(database.db, { email: "shop@example.com", password: "Merchant7Pass" });
  const { applicationId, appCode } = await seedApplication(database.db, { userId });
  await database.db
    .updateTable("applications")
    .set({ recharge_callback_url: receiver.url })
    .where("id", "=", applicationId)
    .execute();
  return seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
}

describe("attemptDelivery: what the receiver answered is recorded, whatever its bytes", () => {
  it("records an answer cut by the 4 kB cap in the middle of a character, within the column's 4096 bytes", async () => {
    const { deliveryId } = await deliveryAnswered(`${"a".repeat(4095)}é and more`);
    const recorded = await attemptDelivery(deps(), deliveryId, "auto");
    expect(recorded).toMatchObject({ attemptNo: 1, succeeded: false, deliveryStatus: "pending" });
    const attempt = await database.db.selectFrom("callback_attempts").selectAll().executeTakeFirstOrThrow();
    expect(attempt.response_status).toBe(500);
    expect(Buffer.byteLength(attempt.response_body)).toBeLessThanOrEqual(4096);
    expect(attempt.response_body).toBe("a".repeat(4095));
  });

  it("records an answer holding NUL characters (which PostgreSQL text cannot store)", async () => {
    const { deliveryId } = await deliveryAnswered("bad\u0000gateway");
    const recorded = await attemptDelivery(deps(), deliveryId, "auto");
    expect(recorded).toMatchObject({ attemptNo: 1, succeeded: false });
    const attempt = await database.db.selectFrom("callback_attempts").selectAll().executeTakeFirstOrThrow();
    expect(attempt.response_body).toBe("bad\uFFFDgateway");
  });
});
