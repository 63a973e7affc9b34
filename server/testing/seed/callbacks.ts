import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { currencyRegistry } from "../../chain/currency-registry.ts";
import type { DB, DeliveryStatusColumn } from "../../db/schema.ts";
import { toWireBill, wireBillQuery } from "../../domain/bills/bill-wire.ts";
import { seedApplication } from "./applications.ts";
import { seedBill } from "./bills.ts";

export interface SeedCallbackInput {
  userId: string;
  appCode: string;
  /** The bill the event tells of (a seedBill number of this application). */
  billNo: string;
  type?: "deposit.credited" | "deposit.reversed";
  status?: DeliveryStatusColumn;
  /** When the event happened: the delivery's creation; its attempts follow ten seconds apart. */
  createdAt?: Date;
  /** The automatic attempts made so far, oldest first: a receiver's HTTP status, or an error (no answer). */
  attempts?: Array<{ status: number; body?: string } | { error: string }>;
}

/**
 * A bill's event as recordBillEvent writes it (the outbox row and its delivery to the recharge URL, the exact body)
 * with the automatic attempts made so far; the bill's notice status follows a finished delivery. Answers the ids.
 */
export async function seedCallbackDelivery(
  db: Kysely<DB>,
  input: SeedCallbackInput,
): Promise<{ deliveryId: string; eventId: string; body: string; attemptIds: string[] }> {
  const createdAt = input.createdAt ?? new Date();
  const status = input.status ?? "failed";
  const type = input.type ?? "deposit.credited";
  const bill = await wireBillQuery(db, input.userId).where("b.bill_no", "=", input.billNo).executeTakeFirstOrThrow();
  const app = await db
    .selectFrom("applications")
    .select(["id", "recharge_callback_url"])
    .where("app_code", "=", input.appCode)
    .where("merchant_id", "=", input.userId)
    .executeTakeFirstOrThrow();
  const eventId = randomUUID();
  const wire = toWireBill(bill, currencyRegistry([]));
  const outbox = await db
    .insertInto("outbox_events")
    .values({
      event_id: eventId,
      type,
      merchant_id: input.userId,
      application_id: app.id,
      bill_id: bill.id,
      payload: sql`${JSON.stringify(wire)}::jsonb`,
      created_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const body = JSON.stringify({ id: eventId, type, timestamp: createdAt.toISOString(), data: wire });
  const attempts = input.attempts ?? [];
  const sentAt = (i: number) => new Date(createdAt.getTime() + i * 10_000);
  const delivery = await db
    .insertInto("callback_deliveries")
    .values({
      outbox_event_id: outbox.id,
      event_id: eventId,
      event_type: type,
      merchant_id: input.userId,
      application_id: app.id,
      bill_id: bill.id,
      target: "recharge",
      body,
      status,
      attempts: attempts.length,
      // Every seeded attempt is an automatic one.
      auto_attempts: attempts.length,
      next_attempt_at: status === "pending" ? sentAt(attempts.length) : null,
      created_at: createdAt,
      finished_at: status === "pending" ? null : sentAt(Math.max(0, attempts.length - 1)),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const attemptIds: string[] = [];
  for (const [i, attempt] of attempts.entries()) {
    const answered = "status" in attempt;
    const row = await db
      .insertInto("callback_attempts")
      .values({
        delivery_id: delivery.id,
        merchant_id: input.userId,
        application_id: app.id,
        attempt_no: i + 1,
        trigger: "auto",
        url: app.recharge_callback_url,
        response_status: answered ? attempt.status : null,
        response_body: answered ? (attempt.body ?? "") : "",
        error: answered ? null : attempt.error,
        latency_ms: 20 + i,
        succeeded: answered && attempt.status >= 200 && attempt.status <= 299,
        sent_at: sentAt(i),
        next_retry_at: status === "pending" && i === attempts.length - 1 ? sentAt(i + 1) : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    attemptIds.push(row.id);
  }
  if (status !== "pending")
    await db.updateTable("application_bills").set({ notice_status: status }).where("id", "=", bill.id).execute();
  return { deliveryId: delivery.id, eventId, body, attemptIds };
}

/** A loopback address no receiver listens on: a callback there fails at once (connection refused). */
export const refusingCallbackBase = "http://127.0.0.1:1";

/**
 * An application whose callback URLs refuse connections, a credited bill of it and the bill's event delivered in vain:
 * failed after one attempt that found no receiver (Pact's failedCallback state). Answers what a pact names.
 */
export async function seedFailedCallback(
  db: Kysely<DB>,
  input: { userId: string; name: string },
): Promise<{ appCode: string; billNo: string; attemptId: string }> {
  const { appCode } = await seedApplication(db, {
    userId: input.userId,
    name: input.name,
    rechargeCallbackUrl: `${refusingCallbackBase}/recharge`,
    withdrawCallbackUrl: `${refusingCallbackBase}/withdraw`,
  });
  const { billNo } = await seedBill(db, { userId: input.userId, appCode });
  const { attemptIds } = await seedCallbackDelivery(db, {
    userId: input.userId,
    appCode,
    billNo,
    status: "failed",
    createdAt: new Date(Date.now() - 60_000),
    attempts: [{ error: "ECONNREFUSED" }],
  });
  return { appCode, billNo, attemptId: attemptIds[0] ?? "" };
}
