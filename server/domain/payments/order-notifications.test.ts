import { afterAll, beforeAll, expect, it } from "vitest";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { seedMerchant, seedPackageId, seedSession } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { defaultLimits } from "../platform/limits.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { notifyChannels } from "../platform/notify-channels.ts";
import { cancelOrder, createOrder, finishPay, payFromBalance } from "./orders.ts";
import { findSession } from "../identity/sessions.ts";

// Runs on PGlite and on PostgreSQL: a notification must come once its transaction commits, through each engine's own LISTEN (scripts/database-tests.ts).

process.env.PASSWORD_HASH_COST ??= "test";

/** Every change of an order raises the live channel's {stream: "order", merchantId, key: orderCode}, delivered once its transaction commits. */
let database: OpenedDatabase;
let unlisten: () => Promise<void>;
const heard: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  unlisten = await database.listen(notifyChannels.liveChanges, {
    onPayload: (payload) => void heard.push(payload),
    onGap() {},
  });
});
afterAll(async () => {
  await unlisten?.();
  await database?.close();
});

/** Waits until `count` notifications arrived (and a moment longer, to catch any extra one). */
async function notifications(count: number): Promise<unknown[]> {
  for (let i = 0; i < 100 && heard.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return heard.splice(0).map((payload) => JSON.parse(payload));
}

it("create, Finish Pay and Cancel each notify once; an unchanged order and a refusal do not", async () => {
  const { db } = database;
  const { userId } = await seedMerchant(db, { email: "notified@example.com", password: "Merchant7Pass" });
  await seedSession(db, { userId, token: "notified-token" });
  const now = new Date();
  const session = await findSession(db, "Bearer notified-token", now, {
    idleSeconds: defaultLimits.sessionIdleSeconds,
    absoluteSeconds: defaultLimits.sessionAbsoluteSeconds,
  });
  const scope: MerchantScope = session!.scope;
  const { packageId } = await seedPackageId(db, "basic");

  const created = await createOrder(db, scope, packageId, { now, paySeconds: 1800 });
  if (!created.ok) throw new Error(created.message);
  const orderCode = created.data.orderCode;
  expect(await notifications(1)).toEqual([{ stream: "order", merchantId: userId, key: orderCode }]);

  expect((await finishPay(db, scope, orderCode, now)).ok).toBe(true);
  expect((await finishPay(db, scope, orderCode, now)).ok).toBe(true);
  expect(await notifications(1)).toEqual([{ stream: "order", merchantId: userId, key: orderCode }]);

  expect(await payFromBalance(db, scope, orderCode, now)).toMatchObject({
    ok: false,
    code: errCodes.balanceInsufficient,
  });
  expect(await notifications(0)).toEqual([]);

  expect((await cancelOrder(db, scope, orderCode, now)).ok).toBe(true);
  expect(await notifications(1)).toEqual([{ stream: "order", merchantId: userId, key: orderCode }]);
});
