import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CallbackListResult, callbackPayload } from "../../contracts/schemas/callbacks.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { attemptDelivery } from "../domain/callbacks/attempt-delivery.ts";
import { testEventMessage } from "../domain/callbacks/callback-sends.ts";
import { type CallbackReceiver, startCallbackReceiver } from "../testing/callback-receiver.ts";
import {
  call,
  createHarness,
  type Harness,
  type Merchant,
  reset,
  rowCounts,
  signedInMerchant,
} from "../testing/harness.ts";
import { callbackExportTable } from "../../contracts/exports/callbacks.ts";
import { labelledRowOf } from "../testing/csv-rows.ts";
import { seedApplication, seedAppProof, seedBill, seedCallbackDelivery, testServerSecret } from "../testing/seed.ts";

/** Test events and redeliveries a merchant may send in a burst here (30 in the server's defaults). */
const sendsAllowed = 5;

let h: Harness;
let receiver: CallbackReceiver;
let m: Merchant;
beforeAll(async () => {
  h = await createHarness({ limits: { callbackSends: { max: sendsAllowed, seconds: 60 } } });
  receiver = await startCallbackReceiver();
});
afterAll(async () => {
  await receiver.stop();
  await h?.close();
});
beforeEach(async () => {
  await reset(h);
  receiver.received.length = 0;
  receiver.answerWith({ status: 200, body: "ok" });
  m = await signedInMerchant(h);
});

const receiverApp = (userId: string, name = "Shop") =>
  seedApplication(h.db, {
    userId,
    name,
    rechargeCallbackUrl: receiver.urlFor(`/${name}/recharge`),
    withdrawCallbackUrl: receiver.urlFor(`/${name}/withdraw`),
  });

const deps = () => ({
  db: h.db,
  secret: testServerSecret,
  targets: { allowPrivate: true, resolve: async () => [] },
  clock: h.clock.now,
});

const deliveryRow = (id: string) =>
  h.db.selectFrom("callback_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function webhookSecretOf(appCode: string): Promise<string> {
  await seedAppProof(h.db, { userId: m.userId, appCode, action: "credentials", proof: "credentials-proof" });
  const answer = await call(h, "appCredentials", { token: m.token, body: { appCode, proof: "credentials-proof" } });
  expect(answer.success).toBe(true);
  return answer.resData.webhookSecret;
}

describe("Callback/Test", () => {
  it("sends a signed callback.test event to the URL and answers the attempt at once: status, 4 kB of the body, latency", async () => {
    const app = await receiverApp(m.userId);
    receiver.answerWith({ status: 201, body: `accepted ${"x".repeat(5000)}` });
    const answer = await call(h, "callbackTest", {
      token: m.token,
      body: { appCode: app.appCode, target: "withdraw" },
    });
    expect(answer.success).toBe(true);
    expect(answer.resData).toMatchObject({
      eventType: "callback.test",
      appCode: app.appCode,
      appName: "Shop",
      target: "withdraw",
      billNo: null,
      attemptNo: 1,
      trigger: "test",
      url: receiver.urlFor("/Shop/withdraw"),
      responseStatus: 201,
      error: null,
      result: "success",
      nextRetryAt: null,
      deliveryStatus: "success",
    });
    expect(answer.resData.responseBody).toBe(`accepted ${"x".repeat(5000)}`.slice(0, 4096));
    expect(Number.isInteger(answer.resData.latencyMs) && answer.resData.latencyMs >= 0).toBe(true);

    expect(receiver.received).toHaveLength(1);
    const [sent] = receiver.received;
    expect(sent?.path).toBe("/Shop/withdraw");
    expect(sent?.body.toString("utf8")).toBe(answer.resData.requestBody);
    const payload = callbackPayload.parse(JSON.parse(sent?.body.toString("utf8") ?? ""));
    expect(payload).toMatchObject({
      id: answer.resData.eventId,
      type: "callback.test",
      data: { appCode: app.appCode, target: "withdraw", message: testEventMessage },
    });
    const secret = await webhookSecretOf(app.appCode);
    const headers = sent?.headers as Record<string, string>;
    expect(headers["webhook-id"]).toBe(payload.id);
    expect(() => new Webhook(secret).verify(sent?.body ?? "", headers)).not.toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(sent?.body ?? "", headers),
    ).toThrow();

    // The delivery is a test event's: no outbox event, no bill, nothing left due for the engine.
    expect(await deliveryRow(answer.resData.deliveryId)).toMatchObject({
      outbox_event_id: null,
      bill_id: null,
      event_type: "callback.test",
      status: "success",
      next_attempt_at: null,
    });
  });

  it("answers a receiver's error as a failed attempt, not a failed call", async () => {
    const app = await receiverApp(m.userId);
    receiver.answerWith({ status: 503, body: "down for maintenance" });
    const answer = await call(h, "callbackTest", {
      token: m.token,
      body: { appCode: app.appCode, target: "recharge" },
    });
    expect(answer.resData).toMatchObject({
      responseStatus: 503,
      responseBody: "down for maintenance",
      result: "failed",
      deliveryStatus: "failed",
    });
  });

  it("refuses another merchant's application code, or none, with 2401: nothing sent, nothing written", async () => {
    const other = await signedInMerchant(h, "other@example.com");
    const theirs = await receiverApp(other.userId, "Theirs");
    const before = await rowCounts(h.db);
    for (const appCode of [theirs.appCode, "20990101999999"]) {
      const answer = await call(h, "callbackTest", { token: m.token, body: { appCode, target: "recharge" } });
      expect(answer, appCode).toMatchObject({ success: false, errCode: errCodes.appNotFound, resData: null });
    }
    expect(receiver.received).toEqual([]);
    expect(await rowCounts(h.db)).toEqual(before);
  });

  // Migration 0013 holds both URLs non-empty today; the guard is for a row without one (an optional withdraw URL
  // later), so this test lets the column be empty for its duration.
  it("refuses a test event or a redelivery to a callback URL that is empty with 2702: nothing sent, nothing written", async () => {
    const check = "applications_withdraw_callback_url_check";
    await sql`alter table applications drop constraint ${sql.raw(check)}`.execute(h.db);
    try {
      const app = await receiverApp(m.userId);
      const { billNo } = await seedBill(h.db, { userId: m.userId, appCode: app.appCode });
      const seeded = await seedCallbackDelivery(h.db, {
        userId: m.userId,
        appCode: app.appCode,
        billNo,
        attempts: [{ status: 500 }],
      });
      await h.db
        .updateTable("callback_deliveries")
        .set({ target: "withdraw" })
        .where("id", "=", seeded.deliveryId)
        .execute();
      await h.db
        .updateTable("applications")
        .set({ withdraw_callback_url: "" })
        .where("app_code", "=", app.appCode)
        .execute();
      const before = await rowCounts(h.db);
      const test = await call(h, "callbackTest", {
        token: m.token,
        body: { appCode: app.appCode, target: "withdraw" },
      });
      expect(test).toMatchObject({ success: false, errCode: errCodes.callbackNoUrl, resData: null });
      const again = await call(h, "callbackRedeliver", { token: m.token, body: { attemptId: seeded.attemptIds[0] } });
      expect(again).toMatchObject({ success: false, errCode: errCodes.callbackNoUrl, resData: null });
      expect(receiver.received).toEqual([]);
      expect(await rowCounts(h.db)).toEqual(before);
    } finally {
      await h.db.deleteFrom("applications").where("withdraw_callback_url", "=", "").execute();
      await sql`alter table applications add constraint ${sql.raw(check)} check (char_length(withdraw_callback_url) between 1 and 2048)`.execute(
        h.db,
      );
    }
  });

  it("records a URL the SSRF guard refuses at send time as a failed attempt with the reason", async () => {
    const strict = await createHarness({ callbackTargets: { allowPrivate: false, resolve: async () => ["10.0.0.7"] } });
    try {
      const owner = await signedInMerchant(strict);
      const app = await seedApplication(strict.db, {
        userId: owner.userId,
        // Not a reserved name (example.com is never tried in production: reserved-hosts.ts).
        rechargeCallbackUrl: "https://shop.internal/recharge",
      });
      const answer = await call(strict, "callbackTest", {
        token: owner.token,
        body: { appCode: app.appCode, target: "recharge" },
      });
      expect(answer.success).toBe(true);
      expect(answer.resData).toMatchObject({
        responseStatus: null,
        result: "failed",
        error: expect.stringMatching(/^refused \(forbidden\).*10\.0\.0\.7/),
      });
    } finally {
      await strict.close();
    }
  });
});

describe("callback URLs holding a user name or password (issue 37)", () => {
  it("are never called (no Basic auth goes out) and never shown: the attempt fails, saying why, with the URL without them", async () => {
    // Stored as App/Edit accepted it before the contract refused credentials.
    const withCredentials = receiver.urlFor("/Shop/recharge").replace("://", "://shopuser:s3cret-pass@");
    const app = await seedApplication(h.db, { userId: m.userId, rechargeCallbackUrl: withCredentials });
    const answer = await call(h, "callbackTest", {
      token: m.token,
      body: { appCode: app.appCode, target: "recharge" },
    });
    expect(answer.success).toBe(true);
    expect(answer.resData).toMatchObject({
      result: "failed",
      error: expect.stringMatching(/^refused \(credentials\)/),
    });
    expect(receiver.received).toEqual([]);
    const shown = JSON.stringify(answer.resData);
    expect(shown).not.toContain("s3cret-pass");
    expect(shown).not.toContain("shopuser");
    const list = await call(h, "callbackList", { token: m.token, body: { pageSize: 10 } });
    expect(JSON.stringify(list.resData)).not.toContain("s3cret-pass");
    const stored = await h.db.selectFrom("callback_attempts").select("url").execute();
    expect(stored.map((row) => row.url)).toEqual([receiver.urlFor("/Shop/recharge")]);
  });
});

describe("Callback/Redeliver", () => {
  it("sends the attempt's event again now: the next attempt number, the same event id and body; delivery and bill notice success", async () => {
    const app = await receiverApp(m.userId);
    const { billNo } = await seedBill(h.db, { userId: m.userId, appCode: app.appCode });
    const seeded = await seedCallbackDelivery(h.db, {
      userId: m.userId,
      appCode: app.appCode,
      billNo,
      status: "failed",
      createdAt: new Date(Date.now() - 3_600_000),
      attempts: [{ status: 500 }, { error: "timeout" }],
    });
    const answer = await call(h, "callbackRedeliver", { token: m.token, body: { attemptId: seeded.attemptIds[0] } });
    expect(answer.success).toBe(true);
    expect(answer.resData).toMatchObject({
      deliveryId: seeded.deliveryId,
      eventId: seeded.eventId,
      eventType: "deposit.credited",
      billNo,
      attemptNo: 3,
      trigger: "manual",
      requestBody: seeded.body,
      responseStatus: 200,
      result: "success",
      deliveryStatus: "success",
    });
    expect(receiver.received.map((r) => [r.path, r.body.toString("utf8"), r.headers["webhook-id"]])).toEqual([
      ["/Shop/recharge", seeded.body, seeded.eventId],
    ]);
    const bill = await call(h, "billDetail", { token: m.token, body: { billNo } });
    expect(bill.resData.noticeStatus).toBe("success");
    // The earlier attempts show the delivery's state now.
    const listed = await call(h, "callbackList", { token: m.token, body: { billNo } });
    expect(
      listed.resData.items.map((a: { attemptNo: number; deliveryStatus: string }) => [a.attemptNo, a.deliveryStatus]),
    ).toEqual([
      [3, "success"],
      [2, "success"],
      [1, "success"],
    ]);
  });

  it("refuses another merchant's attempt id, or one that does not exist, with 2701: nothing sent, nothing written", async () => {
    const other = await signedInMerchant(h, "other@example.com");
    const theirs = await receiverApp(other.userId, "Theirs");
    const { billNo } = await seedBill(h.db, { userId: other.userId, appCode: theirs.appCode });
    const seeded = await seedCallbackDelivery(h.db, {
      userId: other.userId,
      appCode: theirs.appCode,
      billNo,
      attempts: [{ status: 500 }],
    });
    const before = await rowCounts(h.db);
    for (const attemptId of [seeded.attemptIds[0], "9223372036854775807", "9999999999999999999"]) {
      const answer = await call(h, "callbackRedeliver", { token: m.token, body: { attemptId } });
      expect(answer, attemptId).toMatchObject({ success: false, errCode: errCodes.callbackNotFound, resData: null });
    }
    expect(receiver.received).toEqual([]);
    expect(await rowCounts(h.db)).toEqual(before);
  });
});

describe("Callback/RedeliverFailed", () => {
  it("makes due the failed deliveries at or after `since` (one application's when named); the engine's manual attempt settles each", async () => {
    h.clock.freeze();
    const now = h.clock.now();
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const shop = await receiverApp(m.userId, "Shop");
    const other = await receiverApp(m.userId, "Other");
    const delivery = async (appCode: string, status: "failed" | "success", minutesAgo: number) => {
      const { billNo } = await seedBill(h.db, { userId: m.userId, appCode });
      return seedCallbackDelivery(h.db, {
        userId: m.userId,
        appCode,
        billNo,
        status,
        createdAt: ago(minutesAgo),
        attempts: [{ status: status === "success" ? 200 : 500 }],
      });
    };
    const old = await delivery(shop.appCode, "failed", 120);
    const recent = await delivery(shop.appCode, "failed", 30);
    const exactly = await delivery(shop.appCode, "failed", 60);
    const succeeded = await delivery(shop.appCode, "success", 30);
    const otherRecent = await delivery(other.appCode, "failed", 30);
    const since = ago(60).toISOString();

    const shopOnly = await call(h, "callbackRedeliverFailed", {
      token: m.token,
      body: { since, appCode: shop.appCode },
    });
    expect(shopOnly.resData).toEqual({ queued: 2 });
    for (const { deliveryId } of [recent, exactly])
      expect(await deliveryRow(deliveryId)).toMatchObject({
        status: "pending",
        next_attempt_at: now,
        redelivery_requested: true,
        finished_at: null,
      });
    for (const [{ deliveryId }, status] of [
      [old, "failed"],
      [succeeded, "success"],
      [otherRecent, "failed"],
    ] as const)
      expect(await deliveryRow(deliveryId)).toMatchObject({ status, redelivery_requested: false });

    const all = await call(h, "callbackRedeliverFailed", { token: m.token, body: { since } });
    expect(all.resData).toEqual({ queued: 1 });
    expect(await deliveryRow(otherRecent.deliveryId)).toMatchObject({ status: "pending", redelivery_requested: true });
    expect(receiver.received).toEqual([]);

    // What the engine does with each: one manual attempt, success ends it success, failure ends it failed again.
    receiver.answerWith({ status: 500, body: "still down" });
    expect(await attemptDelivery(deps(), recent.deliveryId, "manual")).toMatchObject({ deliveryStatus: "failed" });
    receiver.answerWith({ status: 200, body: "ok" });
    expect(await attemptDelivery(deps(), exactly.deliveryId, "manual")).toMatchObject({ deliveryStatus: "success" });
    expect(await deliveryRow(recent.deliveryId)).toMatchObject({ status: "failed", redelivery_requested: false });
    expect(await deliveryRow(exactly.deliveryId)).toMatchObject({ status: "success", redelivery_requested: false });
  });

  it("refuses an application code that is not the merchant's with 2401, touching nothing", async () => {
    const other = await signedInMerchant(h, "other@example.com");
    const theirs = await receiverApp(other.userId, "Theirs");
    const before = await rowCounts(h.db);
    const answer = await call(h, "callbackRedeliverFailed", {
      token: m.token,
      body: { since: "2000-01-01T00:00:00Z", appCode: theirs.appCode },
    });
    expect(answer).toMatchObject({ success: false, errCode: errCodes.appNotFound });
    expect(await rowCounts(h.db)).toEqual(before);
  });
});

describe("Callback/List", () => {
  it("lists the merchant's attempts newest first, filtered and a page at a time", async () => {
    const base = Date.UTC(2026, 10, 20, 8);
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const shop = await receiverApp(m.userId, "Shop");
    const other = await receiverApp(m.userId, "Other");
    const shopBill = await seedBill(h.db, { userId: m.userId, appCode: shop.appCode });
    const otherBill = await seedBill(h.db, { userId: m.userId, appCode: other.appCode });
    // Shop: credited at 0 (500, then 200 at 0:10); reversed at 60 (timeout). Other: credited at 30 (200).
    const credited = await seedCallbackDelivery(h.db, {
      userId: m.userId,
      appCode: shop.appCode,
      billNo: shopBill.billNo,
      status: "success",
      createdAt: at(0),
      attempts: [{ status: 500 }, { status: 200 }],
    });
    const reversed = await seedCallbackDelivery(h.db, {
      userId: m.userId,
      appCode: shop.appCode,
      billNo: shopBill.billNo,
      type: "deposit.reversed",
      status: "pending",
      createdAt: at(60),
      attempts: [{ error: "timeout" }],
    });
    const otherCredited = await seedCallbackDelivery(h.db, {
      userId: m.userId,
      appCode: other.appCode,
      billNo: otherBill.billNo,
      status: "success",
      createdAt: at(30),
      attempts: [{ status: 200 }],
    });
    // Another merchant's attempts are never listed.
    const stranger = await signedInMerchant(h, "stranger@example.com");
    const theirs = await receiverApp(stranger.userId, "Theirs");
    const theirBill = await seedBill(h.db, { userId: stranger.userId, appCode: theirs.appCode });
    await seedCallbackDelivery(h.db, {
      userId: stranger.userId,
      appCode: theirs.appCode,
      billNo: theirBill.billNo,
      attempts: [{ status: 500 }],
    });

    const list = async (body: object) => {
      const answer = await call(h, "callbackList", { token: m.token, body });
      expect(answer.success, JSON.stringify(answer)).toBe(true);
      return answer.resData as { items: Array<{ attemptId: string }>; total: number | null; nextCursor: string | null };
    };
    const ids = async (body: object) => (await list(body)).items.map((a) => a.attemptId);
    const newestFirst = [
      reversed.attemptIds[0],
      otherCredited.attemptIds[0],
      credited.attemptIds[1],
      credited.attemptIds[0],
    ];
    expect(await ids({})).toEqual(newestFirst);
    const firstPage = await list({ pageSize: 3 });
    expect(firstPage).toMatchObject({ total: 4, pageSize: 3 });
    expect(await list({ pageSize: 3, cursor: firstPage.nextCursor })).toMatchObject({ total: null, nextCursor: null });
    expect(await ids({ pageSize: 3, cursor: firstPage.nextCursor })).toEqual(newestFirst.slice(3));
    // A cursor is bound to its filters and list: the bills' page refuses it.
    const foreign = await call(h, "billList", { token: m.token, body: { pageSize: 3, cursor: firstPage.nextCursor! } });
    expect(foreign).toMatchObject({ status: 400, errCode: "1005" });
    expect(await ids({ appCode: other.appCode })).toEqual([otherCredited.attemptIds[0]]);
    expect(await ids({ eventType: "deposit.reversed" })).toEqual([reversed.attemptIds[0]]);
    expect(await ids({ result: "failed" })).toEqual([reversed.attemptIds[0], credited.attemptIds[0]]);
    expect(await ids({ result: "success", appCode: shop.appCode })).toEqual([credited.attemptIds[1]]);
    expect(await ids({ startTime: at(0).toISOString(), endTime: at(30).toISOString() })).toEqual([
      otherCredited.attemptIds[0],
      credited.attemptIds[1],
      credited.attemptIds[0],
    ]);
    expect(await ids({ billNo: shopBill.billNo })).toEqual([
      reversed.attemptIds[0],
      credited.attemptIds[1],
      credited.attemptIds[0],
    ]);
    expect(await ids({ eventType: "callback.test" })).toEqual([]);
    // The CSV export of a filter holds exactly the attempts the list answers for it, the bodies whole.
    for (const filters of [{}, { billNo: shopBill.billNo }, { result: "failed" }]) {
      const file = await call(h, "callbackExport", { token: m.token, body: filters });
      expect(file.headers["content-disposition"]).toMatch(
        Object.keys(filters).length > 0
          ? /filename="transaction-callbacks-\d{4}-\d{2}-\d{2}-filtered\.csv"/
          : /filename="transaction-callbacks-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      expect(file.csv, JSON.stringify(filters)).toEqual(
        (await list({ ...filters, pageSize: 100 })).items.map((a) => labelledRowOf(callbackExportTable, a, "en-US")),
      );
    }
    const [first] = (await list({ pageSize: 1 })).items;
    expect(first).toMatchObject({
      deliveryId: reversed.deliveryId,
      eventId: reversed.eventId,
      eventType: "deposit.reversed",
      appCode: shop.appCode,
      appName: "Shop",
      target: "recharge",
      billNo: shopBill.billNo,
      attemptNo: 1,
      trigger: "auto",
      url: receiver.urlFor("/Shop/recharge"),
      requestBody: reversed.body,
      responseStatus: null,
      responseBody: "",
      error: "timeout",
      result: "failed",
      sentAt: at(60).toISOString(),
      nextRetryAt: new Date(at(60).getTime() + 10_000).toISOString(),
      deliveryStatus: "pending",
    });
  });
});

describe("an invoice's callbacks in the log", () => {
  /** An invoice of the application and one attempt of its `invoice.paid` event, as the invoice's life writes them. */
  async function invoiceAttempt(userId: string, appCode: string, publicId: string) {
    const app = await h.db
      .selectFrom("applications")
      .select(["id", "recharge_callback_url"])
      .where("app_code", "=", appCode)
      .executeTakeFirstOrThrow();
    const now = h.clock.now();
    const invoice = await h.db
      .insertInto("invoices")
      .values({
        public_id: publicId,
        merchant_id: userId,
        application_id: app.id,
        order_id: `order-${publicId}`,
        amount: "12.5",
        description: null,
        customer_email: null,
        redirect_url: null,
        metadata: "{}",
        request_hash: "hash",
        idempotency_key: null,
        expires_at: new Date(now.getTime() + 900_000),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, type: "invoice.paid" });
    const outbox = await h.db
      .insertInto("outbox_events")
      .values({
        event_id: eventId,
        type: "invoice.paid",
        merchant_id: userId,
        application_id: app.id,
        invoice_id: invoice.id,
        payload: body,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const delivery = await h.db
      .insertInto("callback_deliveries")
      .values({
        outbox_event_id: outbox.id,
        event_id: eventId,
        event_type: "invoice.paid",
        merchant_id: userId,
        application_id: app.id,
        bill_id: null,
        invoice_id: invoice.id,
        target: "recharge",
        body,
        status: "success",
        attempts: 1,
        auto_attempts: 1,
        next_attempt_at: null,
        created_at: now,
        finished_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const attempt = await h.db
      .insertInto("callback_attempts")
      .values({
        delivery_id: delivery.id,
        merchant_id: userId,
        application_id: app.id,
        attempt_no: 1,
        trigger: "auto",
        url: app.recharge_callback_url,
        response_status: 200,
        error: null,
        latency_ms: 12,
        succeeded: true,
        sent_at: now,
        next_retry_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return attempt.id;
  }

  it("names the invoice by its public id and filters by it; another merchant's invoice id finds nothing", async () => {
    const shop = await receiverApp(m.userId, "Shop");
    const bill = await seedBill(h.db, { userId: m.userId, appCode: shop.appCode });
    await seedCallbackDelivery(h.db, {
      userId: m.userId,
      appCode: shop.appCode,
      billNo: bill.billNo,
      attempts: [{ status: 200 }],
    });
    const ours = await invoiceAttempt(m.userId, shop.appCode, "OurInvoice000000000000");
    const stranger = await signedInMerchant(h, "stranger@example.com");
    const theirApp = await receiverApp(stranger.userId, "Theirs");
    await invoiceAttempt(stranger.userId, theirApp.appCode, "TheirInvoice0000000000");
    const list = async (body: object) => {
      const answer = await call(h, "callbackList", { token: m.token, body });
      expect(answer.success, JSON.stringify(answer)).toBe(true);
      return (answer.resData as CallbackListResult).items;
    };
    const all = await list({});
    expect(all.map((a) => [a.eventType, a.invoiceId, a.billNo])).toEqual(
      expect.arrayContaining([
        ["invoice.paid", "OurInvoice000000000000", null],
        ["deposit.credited", null, bill.billNo],
      ]),
    );
    expect(all).toHaveLength(2);
    expect((await list({ invoiceId: "OurInvoice000000000000" })).map((a) => a.attemptId)).toEqual([ours]);
    expect(await list({ invoiceId: "TheirInvoice0000000000" })).toEqual([]);
    const refused = await call(h, "callbackList", { token: m.token, body: { invoiceId: "not an invoice" } });
    expect(refused).toMatchObject({ status: 400, errCode: errCodes.validation });
    const file = await call(h, "callbackExport", { token: m.token, body: { invoiceId: "OurInvoice000000000000" } });
    expect(file.csv).toHaveLength(1);
    expect(file.csv?.[0]?.Event).toBe("Invoice paid · Invoice OurInvoice000000000000");
  });
});

describe("the per-merchant limit on sends", () => {
  it(`allows ${sendsAllowed} test events and redeliveries in a burst, then answers 429 (2005) and sends nothing`, async () => {
    const app = await receiverApp(m.userId);
    const test = () => call(h, "callbackTest", { token: m.token, body: { appCode: app.appCode, target: "recharge" } });
    const answers = [];
    for (let i = 0; i < sendsAllowed; i++) answers.push(await test());
    expect(answers.every((a) => a.success)).toBe(true);
    expect(await test()).toMatchObject({ status: 429, success: false, errCode: errCodes.rateLimited });
    const redeliver = await call(h, "callbackRedeliver", {
      token: m.token,
      body: { attemptId: answers[0]?.resData.attemptId },
    });
    expect(redeliver).toMatchObject({ status: 429, errCode: errCodes.rateLimited });
    expect(redeliver.errMsg).toMatch(/try again in \d+ seconds/);
    expect(receiver.received).toHaveLength(sendsAllowed);
    // Another merchant has a bucket of its own.
    const other = await signedInMerchant(h, "other@example.com");
    const theirs = await receiverApp(other.userId, "Theirs");
    const theirTest = await call(h, "callbackTest", {
      token: other.token,
      body: { appCode: theirs.appCode, target: "recharge" },
    });
    expect(theirTest.success).toBe(true);
  });
});
