import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { resetDatabase, seedApplication, seedBill, seedCallbackDelivery, seedMerchant } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { deliveryToSend } from "./attempt-delivery.ts";
import type { DeliveryState } from "./attempt-move.ts";
import { type AttemptToRecord, recordAttempt, recordGroup } from "./record-attempt.ts";

let db: Kysely<DB>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await createTestDatabase());
});
afterAll(async () => {
  await close();
});
beforeEach(async () => {
  await resetDatabase(db);
});

const url = "https://shop.example.com/callbacks/recharge";
const options = { clock: () => new Date(), retrySchedule: [10, 60] };

async function merchantApp() {
  const { userId } = await seedMerchant(db, { email: "group@example.com", password: "Group7Pass" });
  const { appCode } = await seedApplication(db, { userId });
  return { userId, appCode };
}

/** A pending delivery of a bill of its own (or of `billNo`), as the engine reads it before sending. */
async function pendingDelivery(app: { userId: string; appCode: string }, billNo?: string) {
  const bill = billNo ?? (await seedBill(db, { ...app, endUserId: `user-${Math.random()}` })).billNo;
  const { deliveryId } = await seedCallbackDelivery(db, { ...app, billNo: bill, status: "pending" });
  const seen = await deliveryToSend(db, deliveryId).executeTakeFirstOrThrow();
  return { deliveryId, billNo: bill, seen };
}

/** A test event's delivery, pending: it has no bill. */
async function pendingTestEvent(app: { userId: string; appCode: string }) {
  const { id: applicationId } = await db
    .selectFrom("applications")
    .select("id")
    .where("app_code", "=", app.appCode)
    .executeTakeFirstOrThrow();
  const eventId = randomUUID();
  const { id: deliveryId } = await db
    .insertInto("callback_deliveries")
    .values({
      event_id: eventId,
      event_type: "callback.test",
      merchant_id: app.userId,
      application_id: applicationId,
      target: "recharge",
      body: JSON.stringify({ id: eventId, type: "callback.test", timestamp: new Date().toISOString(), data: {} }),
      next_attempt_at: new Date(),
      created_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { deliveryId, seen: await deliveryToSend(db, deliveryId).executeTakeFirstOrThrow() };
}

const answered = (
  delivery: { deliveryId: string; seen: DeliveryState },
  status: number,
  trigger: "auto" | "manual" = "auto",
): AttemptToRecord => ({
  sent: {
    deliveryId: delivery.deliveryId,
    trigger,
    url,
    answer: { status, body: "", latencyMs: 3 },
    sentAt: new Date(),
  },
  seen: delivery.seen,
});

/** The group's answers, none of them an Error (each attempt recorded, or its delivery gone). */
const noErrors = <T>(answers: (T | Error)[]): T[] =>
  answers.map((answer) => {
    if (answer instanceof Error) throw answer;
    return answer;
  });

const deliveryOf = (id: string) =>
  db.selectFrom("callback_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const attemptsOf = (id: string) =>
  db
    .selectFrom("callback_attempts")
    .select(["attempt_no", "trigger", "response_status", "succeeded"])
    .where("delivery_id", "=", id)
    .orderBy("attempt_no")
    .execute();
const noticeOf = async (billNo: string) =>
  (
    await db
      .selectFrom("application_bills")
      .select("notice_status")
      .where("bill_no", "=", billNo)
      .executeTakeFirstOrThrow()
  ).notice_status;

describe("recordGroup: the engine's group of answered attempts", () => {
  it("records each attempt on its own condition: one whose delivery moved meanwhile is recorded under its lock", async () => {
    const app = await merchantApp();
    const [a, b, c] = [await pendingDelivery(app), await pendingDelivery(app), await pendingDelivery(app)];
    // b moves between its read and its record: a manual redelivery answered 500 (attempt 1; b stays pending).
    await recordAttempt(db, answered(b, 500, "manual").sent, b.seen, options);

    const recorded = noErrors(await recordGroup(db, [answered(a, 200), answered(b, 503), answered(c, 500)], options));

    expect(recorded.map((r) => [r?.attemptNo, r?.deliveryStatus, r?.succeeded])).toEqual([
      [1, "success", true],
      [2, "pending", false],
      [1, "pending", false],
    ]);
    expect(await attemptsOf(b.deliveryId)).toEqual([
      { attempt_no: 1, trigger: "manual", response_status: 500, succeeded: false },
      { attempt_no: 2, trigger: "auto", response_status: 503, succeeded: false },
    ]);
    // b's automatic attempt is its first automatic one, whatever the manual one before: the schedule's first pause.
    const [bAfter, cAfter] = [await deliveryOf(b.deliveryId), await deliveryOf(c.deliveryId)];
    expect(bAfter).toMatchObject({ attempts: 2, auto_attempts: 1, status: "pending" });
    expect(cAfter).toMatchObject({ attempts: 1, auto_attempts: 1, status: "pending" });
    expect(recorded[2]?.nextRetryAt?.getTime()).toBe(cAfter.next_attempt_at?.getTime());
    expect(await deliveryOf(a.deliveryId)).toMatchObject({ status: "success", next_attempt_at: null });
    expect(await noticeOf(a.billNo)).toBe("success");
    expect(await noticeOf(c.billNo)).toBe("notNotified");
  });

  it("records two attempts of one delivery in one group both, numbered in the group's order", async () => {
    const app = await merchantApp();
    const a = await pendingTestEvent(app);
    const recorded = noErrors(await recordGroup(db, [answered(a, 500, "manual"), answered(a, 200)], options));
    expect(recorded.map((r) => r?.attemptNo)).toEqual([1, 2]);
    expect(await attemptsOf(a.deliveryId)).toEqual([
      { attempt_no: 1, trigger: "manual", response_status: 500, succeeded: false },
      { attempt_no: 2, trigger: "auto", response_status: 200, succeeded: true },
    ]);
    // A test event is tried once: its manual 500 ended it failed, and the 200 after it made it a success.
    expect(await deliveryOf(a.deliveryId)).toMatchObject({ attempts: 2, status: "success" });
  });

  it("moves a bill that two deliveries of the group change as the later one says", async () => {
    // No retries: an automatic attempt that fails ends its delivery failed, and its bill's notice with it.
    const once = { ...options, retrySchedule: [] };
    for (const [earlier, later, notice] of [
      [200, 500, "failed"],
      [500, 200, "success"],
    ] as const) {
      await resetDatabase(db);
      const app = await merchantApp();
      const x = await pendingDelivery(app);
      const y = await pendingDelivery(app, x.billNo);
      await recordGroup(db, [answered(x, earlier), answered(y, later)], once);
      expect(await noticeOf(x.billNo)).toBe(notice);
      expect((await attemptsOf(x.deliveryId)).length + (await attemptsOf(y.deliveryId)).length).toBe(2);
    }
  });

  it("records the rest of a group whose statement one row fails, that row's attempt alone failing", async () => {
    const app = await merchantApp();
    const [a, b, c] = [await pendingDelivery(app), await pendingDelivery(app), await pendingDelivery(app)];
    // A latency below zero breaks the attempts table's check: the group's one statement fails.
    const refused = answered(b, 200);
    refused.sent.answer = { status: 200, body: "", latencyMs: -1 };
    const recorded = await recordGroup(db, [answered(a, 200), refused, answered(c, 500)], options);
    expect(recorded[0]).toMatchObject({ attemptNo: 1, deliveryStatus: "success" });
    expect(recorded[1]).toBeInstanceOf(Error);
    expect(recorded[2]).toMatchObject({ attemptNo: 1, deliveryStatus: "pending" });
    expect(await attemptsOf(a.deliveryId)).toHaveLength(1);
    expect(await attemptsOf(b.deliveryId)).toHaveLength(0);
    expect(await deliveryOf(b.deliveryId)).toMatchObject({ attempts: 0, status: "pending" });
    expect(await attemptsOf(c.deliveryId)).toHaveLength(1);
  });

  it("records an attempt of a group once, even when a later one fails under its lock", async () => {
    const app = await merchantApp();
    const [a, b] = [await pendingDelivery(app), await pendingDelivery(app)];
    // b moves between its read and its record, so it is recorded under its lock, where its row is refused.
    await recordAttempt(db, answered(b, 500, "manual").sent, b.seen, options);
    const refused = answered(b, 200);
    refused.sent.answer = { status: 200, body: "", latencyMs: -1 };
    const recorded = await recordGroup(db, [answered(a, 200), refused], options);
    expect(recorded[0]).toMatchObject({ attemptNo: 1, deliveryStatus: "success" });
    expect(recorded[1]).toBeInstanceOf(Error);
    expect(await attemptsOf(a.deliveryId)).toHaveLength(1);
    expect(await deliveryOf(a.deliveryId)).toMatchObject({ attempts: 1, status: "success" });
    expect(await attemptsOf(b.deliveryId)).toHaveLength(1);
  });
});
