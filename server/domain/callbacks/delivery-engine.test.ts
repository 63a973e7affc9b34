import { sql } from "kysely";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { type CallbackReceiver, type ReceiverAnswer, startCallbackReceiver } from "../../testing/callback-receiver.ts";
import { seedCreditedDelivery } from "../../testing/callback-fixtures.ts";
import { resetDatabase, seedApplication, seedMerchant, testServerSecret } from "../../testing/seed.ts";
import { itOnce } from "../../testing/it-once.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { newWebhookSecret, sealWebhookSecret } from "../applications/webhook-secrets.ts";
import { type JobQueue, startJobQueue } from "../platform/job-queue.ts";
import type { DeliveryDeps } from "./attempt-delivery.ts";
import type { HostResolver } from "./callback-target.ts";
import { type DeliveryEngine, startDeliveryEngine } from "./delivery-engine.ts";
import { notifyCallbackDue } from "../platform/notify-channels.ts";
import { attemptJobId, deliveryQueue } from "./delivery-jobs.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";

// Runs on PGlite and on PostgreSQL: the engine's job queue polls PGlite's one connection on one engine and a pool on the other (scripts/database-tests.ts).
// What an attempt signs and where it may send (secrets, timeouts, private addresses, redirects) takes no such path: those
// tests run once, on PostgreSQL, in npm test (`itOnce`); delivery, retries, the sweep, restarts and redelivery run on both.

const tests = systemScope("test");

let database: OpenedDatabase;
let receiver: CallbackReceiver | undefined;
const running: { queue: JobQueue; engine: DeliveryEngine }[] = [];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await resetDatabase(database.db);
});
afterEach(async () => {
  for (const { queue, engine } of running.splice(0)) await stopEngine({ queue, engine });
  await receiver?.stop();
  receiver = undefined;
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stopEngine(started: { queue: JobQueue; engine: DeliveryEngine }) {
  await started.engine.stop();
  await started.queue.stop();
}

async function startEngine(deps: Partial<DeliveryDeps> = {}, sweepEveryMs = 1000, groupWaitMs?: number) {
  const queue = await startJobQueue({
    db: database.db,
    engine: database.engine!,
    pollingIntervalSeconds: 0.5,
    supervise: false,
  });
  const engine = await startDeliveryEngine({
    queue,
    listen: database.listen,
    sweepEveryMs,
    groupWaitMs,
    deps: {
      db: database.db,
      secret: testServerSecret,
      targets: { allowPrivate: true, resolve: async () => ["127.0.0.1"] },
      clock: () => new Date(),
      retrySchedule: [1, 1],
      ...deps,
    },
  });
  const started = { queue, engine };
  running.push(started);
  return started;
}

/** A merchant and an application whose recharge callback URL is the receiver's, with a known webhook secret. */
async function merchantApp(answer?: (n: number) => ReceiverAnswer, url?: (r: CallbackReceiver) => string) {
  receiver = await startCallbackReceiver(answer);
  const { userId } = await seedMerchant(database.db, { email: "shop@example.com", password: "Merchant7Pass" });
  const { applicationId, appCode, appKey } = await seedApplication(database.db, { userId });
  const webhookSecret = newWebhookSecret();
  await database.db
    .updateTable("applications")
    .set({
      recharge_callback_url: url ? url(receiver) : receiver.url,
      webhook_secret_sealed: sealWebhookSecret(testServerSecret, appKey, webhookSecret),
    })
    .where("id", "=", applicationId)
    .execute();
  return { userId, applicationId, appCode, appKey, webhookSecret, receiver };
}

const deliveryOf = (id: string) =>
  database.db.selectFrom("callback_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const attemptsOf = (id: string) =>
  database.db.selectFrom("callback_attempts").selectAll().where("delivery_id", "=", id).orderBy("attempt_no").execute();
const noticeOf = async (billNo: string) =>
  (
    await database.db
      .selectFrom("application_bills")
      .select("notice_status")
      .where("bill_no", "=", billNo)
      .executeTakeFirstOrThrow()
  ).notice_status;

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await pause(50);
  }
}
const finished = (id: string) => async () => (await deliveryOf(id)).status !== "pending";
/**
 * Every attempt job of the queue has ended: nothing more is sent until something makes a new one. Checked after a
 * delivery finished, it proves "no further attempt" without a pause long enough for one to happen.
 */
const queueIdle = async () => {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pgboss.job where name = ${deliveryQueue} and state in ('created', 'retry', 'active')
  `.execute(database.db);
  return Number(rows[0]!.n) === 0;
};

const headersOf = (r: CallbackReceiver, n = 0) => r.received[n]!.headers as Record<string, string>;

describe("the callback delivery engine", () => {
  it("delivers a credited deposit once, signed so that Standard Webhooks' verify accepts exactly that request", async () => {
    const { userId, appCode, webhookSecret, receiver } = await merchantApp();
    await startEngine();
    const { deliveryId, eventId, billNo } = await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
    await receiver.waitFor(1);
    await until(finished(deliveryId));
    await until(queueIdle);
    expect(receiver.received).toHaveLength(1);
    const { body } = receiver.received[0]!;
    const headers = headersOf(receiver);
    expect(headers["webhook-id"]).toBe(eventId);
    const payload = new Webhook(webhookSecret).verify(body, headers) as { id: string; type: string };
    expect(payload).toMatchObject({ id: eventId, type: "deposit.credited", data: { billNo } });
    expect((await deliveryOf(deliveryId)).status).toBe("success");
    expect(await noticeOf(billNo)).toBe("success");

    const changed = Buffer.from(body);
    changed[10] = (changed[10] ?? 0) ^ 1;
    expect(() => new Webhook(webhookSecret).verify(changed, headers)).toThrow(WebhookVerificationError);
    const later = vi.spyOn(Date, "now").mockReturnValue(Date.now() + 6 * 60_000);
    try {
      expect(() => new Webhook(webhookSecret).verify(body, headers)).toThrow(/too old/);
    } finally {
      later.mockRestore();
    }
  });

  itOnce(
    "signs with both webhook secrets inside a rotation's grace window, with the new one only after it",
    async () => {
      const { userId, appCode, appKey, applicationId, webhookSecret: old, receiver } = await merchantApp();
      const current = newWebhookSecret();
      const rotate = (validUntil: Date) =>
        database.db
          .updateTable("applications")
          .set({
            webhook_secret_sealed: sealWebhookSecret(testServerSecret, appKey, current),
            previous_webhook_secret_sealed: sealWebhookSecret(testServerSecret, appKey, old),
            previous_webhook_secret_valid_until: validUntil,
          })
          .where("id", "=", applicationId)
          .execute();
      await startEngine();
      await rotate(new Date(Date.now() + 3_600_000));
      await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
      await receiver.waitFor(1);
      const inside = receiver.received[0]!;
      expect(new Webhook(old).verify(inside.body, headersOf(receiver, 0))).toBeTruthy();
      expect(new Webhook(current).verify(inside.body, headersOf(receiver, 0))).toBeTruthy();

      await rotate(new Date(Date.now() - 1000));
      await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
      await receiver.waitFor(2);
      const after = receiver.received[1]!;
      expect(new Webhook(current).verify(after.body, headersOf(receiver, 1))).toBeTruthy();
      expect(() => new Webhook(old).verify(after.body, headersOf(receiver, 1))).toThrow(WebhookVerificationError);
    },
  );

  it("retries a receiver answering 500, 500, then 200 with the same event id and body: three attempts, success", async () => {
    const { userId, appCode, receiver } = await merchantApp((n) => (n < 2 ? 500 : 200));
    await startEngine();
    const { deliveryId, eventId, billNo } = await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
    await until(finished(deliveryId));
    await until(queueIdle);
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([eventId, eventId, eventId]);
    expect(new Set(receiver.received.map((r) => r.body.toString()))).toHaveLength(1);
    const attempts = await attemptsOf(deliveryId);
    expect(attempts.map((a) => [a.attempt_no, a.trigger, a.response_status, a.succeeded])).toEqual([
      [1, "auto", 500, false],
      [2, "auto", 500, false],
      [3, "auto", 200, true],
    ]);
    // The schedule's pauses (1 s, 1 s) lie between them.
    expect(attempts[1]!.sent_at.getTime() - attempts[0]!.sent_at.getTime()).toBeGreaterThanOrEqual(950);
    expect(attempts[0]!.next_retry_at).not.toBeNull();
    expect(await deliveryOf(deliveryId)).toMatchObject({ status: "success", attempts: 3, next_attempt_at: null });
    expect(await noticeOf(billNo)).toBe("success");
  }, 30_000);

  itOnce(
    "ends a delivery to a receiver that never answers failed once the schedule is spent",
    async () => {
      const { userId, appCode, receiver } = await merchantApp(() => "hang");
      await startEngine({ timeoutMs: 300 });
      const { deliveryId, billNo } = await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
      await until(finished(deliveryId));
      await until(queueIdle);
      const attempts = await attemptsOf(deliveryId);
      expect(attempts.map((a) => [a.trigger, a.error, a.response_status])).toEqual([
        ["auto", "timeout", null],
        ["auto", "timeout", null],
        ["auto", "timeout", null],
      ]);
      expect(receiver.received).toHaveLength(3);
      expect(await deliveryOf(deliveryId)).toMatchObject({ status: "failed", attempts: 3, next_attempt_at: null });
      expect(await noticeOf(billNo)).toBe("failed");
    },
    30_000,
  );

  it("delivers once a job lost from the queue: the sweep makes it again", async () => {
    const { userId, appCode, receiver } = await merchantApp();
    const { deliveryId, eventId } = await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
    // Its job made (as a sweep makes it) and lost before any worker took it.
    const bare = await startJobQueue({ db: database.db, engine: database.engine!, supervise: false });
    const id = attemptJobId({ eventId, attempts: 0 });
    expect(await bare.send(deliveryQueue, { deliveryId, eventId, attempts: 0 }, { id })).toBe(id);
    await bare.stop();
    const deleted = await sql`delete from pgboss.job where id = ${id}`.execute(database.db);
    expect(Number(deleted.numAffectedRows)).toBe(1);
    await startEngine({}, 500);
    await until(finished(deliveryId));
    await until(queueIdle);
    expect(receiver.byEventId(eventId)).toHaveLength(1);
    expect(await attemptsOf(deliveryId)).toHaveLength(1);
    expect((await deliveryOf(deliveryId)).status).toBe("success");
  }, 30_000);

  it("makes a job whose retries ran out due again once its delivery has waited five minutes", async () => {
    const { userId, appCode, receiver } = await merchantApp();
    const { deliveryId, eventId } = await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
    const bare = await startJobQueue({ db: database.db, engine: database.engine!, supervise: false });
    const id = attemptJobId({ eventId, attempts: 0 });
    await bare.send(deliveryQueue, { deliveryId, eventId, attempts: 0 }, { id });
    await bare.stop();
    // As if every retry had failed while the database was away.
    await sql`update pgboss.job set state = 'failed', completed_on = now() where id = ${id}`.execute(database.db);
    await startEngine({ clock: () => new Date(Date.now() + 4 * 60_000) }, 500);
    await pause(1500);
    expect(receiver.received).toHaveLength(0);
    await stopEngine(running.pop()!);
    await startEngine({ clock: () => new Date(Date.now() + 6 * 60_000) }, 500);
    await until(finished(deliveryId));
    await until(queueIdle);
    expect(receiver.byEventId(eventId)).toHaveLength(1);
    expect((await deliveryOf(deliveryId)).status).toBe("success");
  }, 30_000);

  it("delivers once what was credited while the engine was stopped, after a restart", async () => {
    const { userId, appCode, receiver } = await merchantApp();
    const first = await startEngine({}, 60_000);
    const before = await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
    await until(finished(before.deliveryId));
    await stopEngine(first);
    running.splice(0);
    const during = [
      await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode }),
      await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode }),
    ];
    await pause(500);
    expect(receiver.received).toHaveLength(1);
    await startEngine({}, 60_000);
    for (const { deliveryId } of during) await until(finished(deliveryId));
    await until(queueIdle);
    for (const { eventId } of [before, ...during]) expect(receiver.byEventId(eventId)).toHaveLength(1);
    expect(receiver.received).toHaveLength(3);
  }, 30_000);

  itOnce("refuses at send time a host name that resolves to a private address: recorded, nothing sent", async () => {
    // Not a reserved name (a .test one is never tried in production: reserved-hosts.ts).
    const { userId, appCode, receiver } = await merchantApp(
      undefined,
      (r) => `http://callbacks.shop.internal:${r.port}/x`,
    );
    const resolve: HostResolver = async () => ["127.0.0.1"];
    await startEngine({ targets: { allowPrivate: false, resolve }, retrySchedule: [] });
    const { deliveryId, billNo } = await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
    await until(finished(deliveryId));
    const [attempt] = await attemptsOf(deliveryId);
    expect(attempt).toMatchObject({ succeeded: false, response_status: null });
    expect(attempt?.error).toMatch(/^refused \(forbidden\): callbacks\.shop\.internal resolves to 127\.0\.0\.1/);
    expect(receiver.received).toHaveLength(0);
    expect((await deliveryOf(deliveryId)).status).toBe("failed");
    expect(await noticeOf(billNo)).toBe("failed");
  });

  itOnce("does not follow a redirect: a 302 to a private address is a failed attempt with status 302", async () => {
    const { userId, appCode, receiver } = await merchantApp(() => ({
      status: 302,
      headers: { location: "http://169.254.169.254/latest/meta-data/" },
    }));
    await startEngine({ retrySchedule: [] });
    const { deliveryId } = await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
    await until(finished(deliveryId));
    await until(queueIdle);
    expect(await attemptsOf(deliveryId)).toMatchObject([{ response_status: 302, succeeded: false, error: null }]);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveryOf(deliveryId)).status).toBe("failed");
  });

  it("makes the one manual attempt 'redeliver every failed one' asks for: success, or failed again", async () => {
    let answer = 500;
    const { userId, appCode, receiver } = await merchantApp(() => answer);
    await startEngine({ retrySchedule: [] });
    const { deliveryId, eventId, billNo } = await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
    await until(finished(deliveryId));
    expect(await noticeOf(billNo)).toBe("failed");
    // As the redeliver-failed endpoint does it: pending again, due now, its next attempt a manual one.
    const redeliver = () =>
      database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("callback_deliveries")
          .set({ status: "pending", redelivery_requested: true, next_attempt_at: new Date(), finished_at: null })
          .where("id", "=", deliveryId)
          .execute();
        await notifyCallbackDue(trx);
      });
    await redeliver();
    await until(finished(deliveryId));
    expect(await deliveryOf(deliveryId)).toMatchObject({ status: "failed", attempts: 2, redelivery_requested: false });
    answer = 200;
    await redeliver();
    await until(finished(deliveryId));
    await until(queueIdle);
    expect((await attemptsOf(deliveryId)).map((a) => [a.trigger, a.response_status])).toEqual([
      ["auto", 500],
      ["manual", 500],
      ["manual", 200],
    ]);
    expect(receiver.byEventId(eventId)).toHaveLength(3);
    expect(await deliveryOf(deliveryId)).toMatchObject({ status: "success", attempts: 3 });
    expect(await noticeOf(billNo)).toBe("success");
  });

  it("records a lone answer at once, and answers that come while another is being sent together, each once", async () => {
    // Answers are recorded as a group once every attempt being sent has answered, or after groupWaitMs: a minute here,
    // so a lone answer recorded within seconds shows that a group does not wait when nothing else is being sent.
    const { userId, appCode, receiver } = await merchantApp((n) => (n === 1 ? "hang" : 200));
    // The held request must still be in flight when the five answers are checked: with the 10-s send timeout, a busy
    // machine's seeding and sending of the five outlasted it, the held attempt ended as a timeout and the group was
    // recorded early. Nothing is left to the clock but the group's minute.
    await startEngine({ timeoutMs: 120_000 }, 1000, 60_000);
    const lone = await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
    await until(finished(lone.deliveryId), 10_000);

    // The second request is held: the five answered meanwhile wait for it (the group's limit is a minute); once it is
    // answered, all six are recorded, each delivery with exactly one attempt.
    const held = await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode });
    await receiver.waitFor(2);
    const fast = [];
    for (let i = 0; i < 5; i += 1)
      fast.push(await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode }));
    await receiver.waitFor(7);
    await pause(500);
    for (const { deliveryId } of fast) expect((await deliveryOf(deliveryId)).status).toBe("pending");
    receiver.release(200);
    for (const { deliveryId } of [lone, held, ...fast]) {
      await until(finished(deliveryId), 10_000);
      expect((await deliveryOf(deliveryId)).status).toBe("success");
      expect(await attemptsOf(deliveryId)).toHaveLength(1);
    }
  }, 60_000);

  it("names each attempt's job by a UUID derived from the event id and the attempts so far", () => {
    const eventId = "0b5c1f4e-7d0a-4f57-9a57-4c1b8f0e2d31";
    const first = attemptJobId({ eventId, attempts: 0 });
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(attemptJobId({ eventId, attempts: 0 })).toBe(first);
    expect(attemptJobId({ eventId, attempts: 1 })).not.toBe(first);
    expect(attemptJobId({ eventId: "1b5c1f4e-7d0a-4f57-9a57-4c1b8f0e2d31", attempts: 0 })).not.toBe(first);
  });

  it.runIf(onPostgres)(
    "two engines on one database deliver each of 240 events exactly once",
    async () => {
      const { userId, appCode, receiver } = await merchantApp();
      await startEngine({}, 300);
      await startEngine({}, 300);
      const seeded = [];
      for (let i = 0; i < 240; i += 1)
        seeded.push(await seedCreditedDelivery(database.db, actFor(tests, userId), { appCode }));
      await receiver.waitFor(seeded.length, 60_000);
      await until(async () => {
        const { n } = await database.db
          .selectFrom("callback_deliveries")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("status", "=", "pending")
          .executeTakeFirstOrThrow();
        return Number(n) === 0;
      }, 60_000);
      await until(queueIdle, 60_000);
      expect(receiver.received).toHaveLength(seeded.length);
      for (const { eventId } of seeded) expect(receiver.byEventId(eventId)).toHaveLength(1);
    },
    120_000,
  );
});
