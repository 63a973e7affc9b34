import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callbackRetrySchedule } from "../../../contracts/schemas/callbacks.ts";
import type { DB } from "../../db/schema.ts";
import { type CallbackReceiver, startCallbackReceiver } from "../../testing/callback-receiver.ts";
import {
  resetDatabase,
  seedApplication,
  seedBill,
  seedCallbackDelivery,
  seedMerchant,
  testServerSecret,
} from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { attemptDelivery, type DeliveryDeps } from "./attempt-delivery.ts";

let db: Kysely<DB>;
let close: () => Promise<void>;
let receiver: CallbackReceiver;
let deps: DeliveryDeps;
beforeAll(async () => {
  ({ db, close } = await createTestDatabase());
  receiver = await startCallbackReceiver();
  deps = {
    db,
    secret: testServerSecret,
    targets: { allowPrivate: true, resolve: async () => [] },
    clock: () => new Date(),
  };
});
afterAll(async () => {
  await receiver.stop();
  await close();
});
beforeEach(async () => {
  await resetDatabase(db);
  receiver.received.length = 0;
});

async function failedDelivery() {
  const { userId } = await seedMerchant(db, { email: "attempts@example.com", password: "Attempts7Pass" });
  const { appCode } = await seedApplication(db, { userId, rechargeCallbackUrl: receiver.urlFor("/recharge") });
  const { billNo } = await seedBill(db, { userId, appCode });
  return seedCallbackDelivery(db, { userId, appCode, billNo, status: "failed", attempts: [{ status: 500 }] });
}

const delivery = (id: string) =>
  db
    .selectFrom("callback_deliveries")
    .select(["attempts", "auto_attempts", "status", "next_attempt_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const storedAttempt = (id: string) =>
  db.selectFrom("callback_attempts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("attemptDelivery: the receiver's answer as recorded", () => {
  // The cap cut the answer at 4096 bytes and decoded them: a character cut in two became U+FFFD (3 bytes), and
  // bytes that are not UTF-8 became one U+FFFD each, so the text outgrew the column's 4096 bytes and the attempt
  // (already sent) was never recorded.
  it("keeps at most 4096 bytes of UTF-8 when the cap cuts a character or the answer is not UTF-8", async () => {
    const { deliveryId } = await failedDelivery();
    for (const body of [`${"a".repeat(4095)}é and more`, Buffer.alloc(5000, 0xff)]) {
      receiver.answerWith({ status: 200, body });
      const recorded = await attemptDelivery(deps, deliveryId, "manual");
      const stored = await storedAttempt(recorded?.attemptId ?? "");
      expect(stored.response_status).toBe(200);
      expect(Buffer.byteLength(stored.response_body)).toBeLessThanOrEqual(4096);
    }
    const first = await db
      .selectFrom("callback_attempts")
      .select("response_body")
      .where("attempt_no", "=", 2)
      .executeTakeFirstOrThrow();
    expect(first.response_body).toBe("a".repeat(4095));
  });

  // PostgreSQL's text holds no NUL character: an answer with one failed the insert the same way.
  it("records an answer holding NUL bytes, without them", async () => {
    const { deliveryId } = await failedDelivery();
    receiver.answerWith({ status: 502, body: Buffer.from("bad\u0000gateway", "utf8") });
    const recorded = await attemptDelivery(deps, deliveryId, "manual");
    expect(recorded).toMatchObject({ attemptNo: 2, succeeded: false, deliveryStatus: "failed" });
    expect((await storedAttempt(recorded?.attemptId ?? "")).response_body).toBe("badgateway");
  });
});

describe("attemptDelivery: an automatic attempt", () => {
  // A redelivery that succeeded (or a delivery already failed for good) leaves the engine's scheduled job behind:
  // it sent the event again and recorded one more attempt of a delivery that was over.
  it("sends nothing for a delivery that is no longer pending", async () => {
    const { userId } = await seedMerchant(db, { email: "settled@example.com", password: "Settled7Pass" });
    const { appCode } = await seedApplication(db, { userId, rechargeCallbackUrl: receiver.urlFor("/recharge") });
    for (const status of ["success", "failed"] as const) {
      const { billNo } = await seedBill(db, { userId, appCode });
      const { deliveryId } = await seedCallbackDelivery(db, {
        userId,
        appCode,
        billNo,
        status,
        attempts: [{ status: 500 }],
      });
      expect(await attemptDelivery(deps, deliveryId, "auto"), status).toBeNull();
      expect(
        await db
          .selectFrom("callback_deliveries")
          .select(["attempts", "status"])
          .where("id", "=", deliveryId)
          .executeTakeFirstOrThrow(),
      ).toEqual({ attempts: 1, status });
    }
    expect(receiver.received).toEqual([]);
  });

  it("sends a pending one and schedules the next", async () => {
    const { userId } = await seedMerchant(db, { email: "pending@example.com", password: "Pending7Pass" });
    const { appCode } = await seedApplication(db, { userId, rechargeCallbackUrl: receiver.urlFor("/recharge") });
    const { billNo } = await seedBill(db, { userId, appCode });
    const { deliveryId } = await seedCallbackDelivery(db, {
      userId,
      appCode,
      billNo,
      status: "pending",
      attempts: [{ status: 500 }],
    });
    receiver.answerWith({ status: 503, body: "busy" });
    const before = Date.now();
    const recorded = await attemptDelivery(deps, deliveryId, "auto");
    expect(recorded).toMatchObject({ attemptNo: 2, succeeded: false, deliveryStatus: "pending" });
    // The second automatic attempt: the schedule's second pause follows it.
    const pause = callbackRetrySchedule[1]! * 1000;
    expect(recorded?.nextRetryAt?.getTime()).toBeGreaterThanOrEqual(before + pause);
    expect(recorded?.nextRetryAt?.getTime()).toBeLessThanOrEqual(Date.now() + pause);
    expect(receiver.received).toHaveLength(1);
    expect(await delivery(deliveryId)).toMatchObject({ attempts: 2, auto_attempts: 2, status: "pending" });
  });

  it("counts manual attempts apart: a redelivery moves the attempts, not the schedule", async () => {
    const { deliveryId } = await failedDelivery();
    receiver.answerWith({ status: 500, body: "" });
    expect(await attemptDelivery(deps, deliveryId, "manual")).toMatchObject({ attemptNo: 2, deliveryStatus: "failed" });
    expect(await delivery(deliveryId)).toMatchObject({ attempts: 2, auto_attempts: 1, status: "failed" });
  });

  // The attempt is recorded after the receiver answered; a redelivery may have settled the delivery meanwhile.
  it("records once, deciding from the delivery as it is then, when a redelivery settled it during the send", async () => {
    const { userId } = await seedMerchant(db, { email: "race@example.com", password: "Race7Pass!" });
    const url = receiver.urlFor("/recharge").replace("127.0.0.1", "receiver.example");
    const { appCode } = await seedApplication(db, { userId, rechargeCallbackUrl: url });
    const { billNo } = await seedBill(db, { userId, appCode });
    const { deliveryId } = await seedCallbackDelivery(db, {
      userId,
      appCode,
      billNo,
      status: "pending",
      attempts: [{ status: 500 }],
    });
    // While this attempt is on its way (its URL being resolved), a manual attempt succeeds.
    const settle = async () => {
      const now = new Date();
      await db
        .updateTable("callback_deliveries")
        .set({ attempts: 2, status: "success", next_attempt_at: null, finished_at: now })
        .where("id", "=", deliveryId)
        .execute();
      return ["127.0.0.1"];
    };
    receiver.answerWith({ status: 503, body: "busy" });
    const recorded = await attemptDelivery(
      { ...deps, targets: { allowPrivate: true, resolve: settle } },
      deliveryId,
      "auto",
    );
    expect(receiver.received).toHaveLength(1);
    // Attempt 3, and the delivery stays a success: no retry scheduled over it.
    expect(recorded).toMatchObject({ attemptNo: 3, succeeded: false, deliveryStatus: "success", nextRetryAt: null });
    expect(await delivery(deliveryId)).toMatchObject({
      attempts: 3,
      auto_attempts: 2,
      status: "success",
      next_attempt_at: null,
    });
    const attempts = await db
      .selectFrom("callback_attempts")
      .select(["attempt_no", "trigger", "response_status"])
      .where("delivery_id", "=", deliveryId)
      .orderBy("attempt_no")
      .execute();
    expect(attempts).toEqual([
      { attempt_no: 1, trigger: "auto", response_status: 500 },
      { attempt_no: 3, trigger: "auto", response_status: 503 },
    ]);
  });

  // The demo shop's URL is https://demo.invalid/callbacks: its events were retried for three days to a name that never
  // resolves. Such a name is never tried: the attempt says why, the delivery ends at once.
  it("never sends to a reserved name: recorded as not sent with why, the delivery ended, nothing retried", async () => {
    const { userId } = await seedMerchant(db, { email: "reserved@example.com", password: "Reserved7Pass" });
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return ["93.184.215.14"];
    };
    const cases = [
      // On any server, a test server's too.
      {
        url: "https://demo.invalid/callbacks",
        allowPrivate: true,
        why: "demo.invalid is a reserved name that never resolves (RFC 6761)",
      },
      // Where private targets are refused (production): the names kept for tests, documentation and the server itself.
      {
        url: "https://hooks.example.com/x",
        allowPrivate: false,
        why: "hooks.example.com is a reserved name for tests and documentation (RFC 2606)",
      },
      {
        url: "https://shop.test/x",
        allowPrivate: false,
        why: "shop.test is a reserved name for tests and documentation (RFC 2606)",
      },
      { url: "http://localhost:8080/x", allowPrivate: false, why: "localhost is this server's own name (RFC 6761)" },
    ];
    for (const { url, allowPrivate, why } of cases) {
      const { appCode } = await seedApplication(db, { userId, rechargeCallbackUrl: url });
      const { billNo } = await seedBill(db, { userId, appCode });
      const { deliveryId } = await seedCallbackDelivery(db, {
        userId,
        appCode,
        billNo,
        status: "pending",
        attempts: [{ status: 500 }],
      });
      const recorded = await attemptDelivery({ ...deps, targets: { allowPrivate, resolve } }, deliveryId, "auto");
      expect(recorded, url).toMatchObject({
        attemptNo: 2,
        succeeded: false,
        deliveryStatus: "failed",
        nextRetryAt: null,
      });
      const stored = await storedAttempt(recorded?.attemptId ?? "");
      expect(stored).toMatchObject({ error: `not sent: ${why}; not retried`, response_status: null, url });
      expect(await delivery(deliveryId)).toMatchObject({ status: "failed", next_attempt_at: null });
      const notice = await db
        .selectFrom("application_bills")
        .select("notice_status")
        .where("bill_no", "=", billNo)
        .executeTakeFirstOrThrow();
      expect(notice.notice_status, url).toBe("failed");
    }
    expect(asked).toEqual([]);
    expect(receiver.received).toEqual([]);
  });
});
