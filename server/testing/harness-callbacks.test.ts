import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCreditedDelivery } from "./callback-fixtures.ts";
import { type CallbackReceiver, startCallbackReceiver } from "./callback-receiver.ts";
import { createHarness, type Harness } from "./harness.ts";
import { seedApplication, seedMerchant } from "./seed.ts";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";

const tests = systemScope("test");

let h: Harness;
let receiver: CallbackReceiver;

beforeAll(async () => {
  h = await createHarness({ callbackEngine: { retrySchedule: [] } });
  receiver = await startCallbackReceiver();
}, 60_000);
afterAll(async () => {
  await h?.close();
  await receiver?.stop();
});

describe("createHarness({ callbackEngine })", () => {
  it("sends the callbacks of the test database's credits to their receiver", async () => {
    const { userId } = await seedMerchant(h.db, { email: "shop@example.com", password: "Merchant7Pass" });
    const { applicationId, appCode } = await seedApplication(h.db, { userId });
    await h.db
      .updateTable("applications")
      .set({ recharge_callback_url: receiver.url })
      .where("id", "=", applicationId)
      .execute();
    const { eventId } = await seedCreditedDelivery(h.db, actFor(tests, userId), { appCode });
    await receiver.waitFor(1);
    expect(receiver.byEventId(eventId)).toHaveLength(1);
  });
});
