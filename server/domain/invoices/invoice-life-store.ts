import type { Kysely } from "kysely";
import { createActor } from "xstate";
import {
  type InvoiceLifeContext,
  type InvoiceLifeEvent,
  invoiceLifeMachine,
  resumeInvoiceLife,
} from "../../../contracts/machines/invoice-life.ts";
import {
  callbackEventBetween,
  type InvoiceLifeSnapshot,
  type InvoiceView,
  selectInvoiceStatus,
  selectInvoiceView,
} from "../../../contracts/machines/invoice-life-selectors.ts";
import { usdtText } from "../../../contracts/money.ts";
import type { InvoiceCallbackData } from "../../../contracts/schemas/callbacks.ts";
import type { InvoiceEventType } from "../../../contracts/schemas/invoice-states.ts";
import type { DB } from "../../db/schema.ts";
import { publishEvent } from "../platform/event-outbox.ts";
import { notifyCheckout, notifyLive } from "../platform/live-changes.ts";

/**
 * An invoice's life kept in its row: each change locks the row, resumes the machine (contracts/machines/invoice-life.ts)
 * from what is stored, applies the events, and writes the status, money, flags and counted transfers back with one
 * callback per change of state, and tells its checkout page's and the console's Invoices live streams — all in the caller's transaction (the watcher's, the expiry sweep's, the cancel's), so
 * a change and its callback commit together or not at all, and whoever comes next resumes from what committed.
 */

/** What the life needs of an invoice's row. */
const lifeColumns = [
  "id",
  "public_id",
  "merchant_id",
  "application_id",
  "order_id",
  "amount",
  "status",
  "amount_received",
  "flags",
  "transfers",
  "expires_at",
  "expiry_reached_at",
  "paid_at",
  "cancelled_at",
] as const;

/** The invoice's row, locked until the transaction ends; undefined when there is none. */
export function lockInvoice(trx: Kysely<DB>, invoiceId: string) {
  return trx.selectFrom("invoices").select(lifeColumns).where("id", "=", invoiceId).forUpdate().executeTakeFirst();
}

export type LockedInvoice = NonNullable<Awaited<ReturnType<typeof lockInvoice>>>;

/**
 * The chains the invoice offers, named as its transfers name them (the chain's id): those it has a shown address on;
 * money at its watched-only addresses is flagged `otherChain`.
 */
async function offeredChains(trx: Kysely<DB>, invoiceId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom("deposit_addresses")
    .select("chain_id")
    .where("invoice_id", "=", invoiceId)
    .where("invoice_watch_only", "=", false)
    .orderBy("chain_id")
    .execute();
  return rows.map((row) => String(row.chain_id));
}

/** What the machine's context is made of. */
type LifeRow = Pick<
  LockedInvoice,
  "amount" | "expires_at" | "transfers" | "amount_received" | "flags" | "expiry_reached_at" | "status"
>;

/** The invoice as every reader shows it (the life's one selector), from its stored row and offered chains' ids. */
export const storedInvoiceView = (row: LifeRow, chainIds: readonly number[]): InvoiceView =>
  selectInvoiceView(resumeInvoiceLife(row.status, contextOf(row, chainIds.map(String))));

/**
 * The machine's context from the row. A transfer carries the confirmations its chain required when it was first
 * seen, so the invoice needs no table of them here.
 */
function contextOf(row: LifeRow, chains: string[]): InvoiceLifeContext {
  return {
    amount: usdtText(row.amount),
    chains,
    expiresAt: row.expires_at.toISOString(),
    requiredConfirmations: {},
    transfers: row.transfers,
    amountReceived: usdtText(row.amount_received),
    flags: row.flags,
    expiryPassed: row.expiry_reached_at !== null,
  };
}

/** An `invoice.*` event's data: the invoice as the step left it. */
function callbackDataOf(row: LockedInvoice, snapshot: InvoiceLifeSnapshot): InvoiceCallbackData {
  const view = selectInvoiceView(snapshot);
  return {
    invoiceId: row.public_id,
    orderId: row.order_id,
    status: view.status,
    flags: view.flags,
    amount: view.amount,
    amountReceived: view.amountReceived,
    excess: view.excess,
  };
}

/**
 * Applies the events to the locked invoice in turn, publishes one callback per change of state (to the application's
 * recharge callback URL) and writes what changed. A repeated event (a restart, a replay, a second instance) changes
 * nothing and raises nothing: the machine counts each transfer once by its id. Answers the events raised.
 */
export async function applyInvoiceEvents(
  trx: Kysely<DB>,
  row: LockedInvoice,
  events: readonly InvoiceLifeEvent[],
  at: Date,
): Promise<InvoiceEventType[]> {
  const context = contextOf(row, await offeredChains(trx, row.id));
  const actor = createActor(invoiceLifeMachine, {
    snapshot: resumeInvoiceLife(row.status, context),
    input: context,
  }).start();
  let before = actor.getSnapshot();
  const raised: InvoiceEventType[] = [];
  for (const event of events) {
    actor.send(event);
    const after = actor.getSnapshot();
    const type = callbackEventBetween(before, after);
    if (type) {
      raised.push(type);
      await publishEvent(trx, {
        type,
        merchantId: row.merchant_id,
        applicationId: row.application_id,
        target: "recharge",
        subject: { invoiceId: row.id },
        data: callbackDataOf(row, after),
        at,
      });
    }
    before = after;
  }
  actor.stop();
  await writeLife(trx, row, before, at);
  return raised;
}

/** JSON with each object's keys in order: jsonb gives them back in its own. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
  );

/** Writes the life's state to the row when it moved; the times of paid, cancelled and expiry are set once. */
async function writeLife(trx: Kysely<DB>, row: LockedInvoice, snapshot: InvoiceLifeSnapshot, at: Date) {
  const { context } = snapshot;
  const status = selectInvoiceStatus(snapshot);
  const moved =
    status !== row.status ||
    context.amountReceived !== usdtText(row.amount_received) ||
    canonical(context.flags) !== canonical(row.flags) ||
    canonical(context.transfers) !== canonical(row.transfers) ||
    context.expiryPassed !== (row.expiry_reached_at !== null);
  if (!moved) return;
  await trx
    .updateTable("invoices")
    .set({
      status,
      amount_received: context.amountReceived,
      flags: context.flags,
      transfers: JSON.stringify(context.transfers),
      expiry_reached_at: row.expiry_reached_at ?? (context.expiryPassed ? at : null),
      paid_at: row.paid_at ?? (status === "paid" ? at : null),
      cancelled_at: row.cancelled_at ?? (status === "cancelled" ? at : null),
      updated_at: at,
    })
    .where("id", "=", row.id)
    .execute();
  await notifyCheckout(trx, row.public_id);
  await notifyLive(trx, "invoice", row.merchant_id, row.public_id);
}
