import type { ConsoleInvoice } from "../../contracts/schemas/invoices.ts";
import type { Application } from "../../contracts/schemas/apps.ts";
import type { AppBill } from "../../contracts/schemas/bills.ts";
import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { Order } from "../../contracts/schemas/orders.ts";
import type { TransactionRecord } from "../../contracts/schemas/transactions.ts";
import { linkMadeReason } from "../../machines/invoices/payment-link.ts";
import { isFiltered, type ListSearch } from "../../machines/lists/list-area.ts";
import { type ListContext, type ListLoad, listMachine } from "../../machines/lists/list-machine.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { appListAnswer } from "./app-list-fixtures.ts";
import {
  arrivingBill,
  billListAnswer,
  confirmedFurther,
  firstPageAgainAnswer,
  invalidBillSearch,
  noBillsAnswer,
  validBillSearch,
} from "./bill-fixtures.ts";
import { callbackListAnswer } from "./callback-fixtures.ts";
import { failure } from "./fixtures.ts";
import { invoiceListAnswer, invoicePaidLate, invoicePaidOver, invoiceSearch } from "./invoice-fixtures.ts";
import { orderListAnswer, sampleDetail } from "./order-list-fixtures.ts";
import { rechargeListAnswer } from "./recharge-fixtures.ts";
import { transactionListAnswer, withdrawalCounting, withdrawalHeld } from "./transaction-fixtures.ts";
import { withdrawalListAnswer } from "./wallet-fixtures.ts";

// The list model's walks (list.model.ts): the events each area's path tries in a state, the list's whole behaviour
// on Application bills and only what is their own on the others.

const { done, failed, after } = eventBuilders(listMachine);

type Asked = Pick<ListContext, "search" | "paging" | "choices">;
/** What a path needs of an area: the fake server's answers, and the words for its rows. */
interface AreaWalk {
  answer(context: Asked): ListLoad;
  rows: string;
}
const walks: Record<string, AreaWalk> = {
  bills: { answer: billListAnswer, rows: "bills" },
  callbacks: { answer: callbackListAnswer, rows: "attempts" },
  orders: { answer: orderListAnswer, rows: "orders" },
  apps: { answer: appListAnswer, rows: "applications" },
  withdrawals: { answer: withdrawalListAnswer, rows: "withdrawals" },
  recharges: { answer: rechargeListAnswer, rows: "recharge bills" },
  transactions: { answer: transactionListAnswer, rows: "transaction records" },
  invoices: { answer: invoiceListAnswer, rows: "invoices" },
};
/** An area the list model opens has its walk here (model-tests/framework/list-area-inventory.test.ts checks it). */
export const hasWalk = (areaName: string) => areaName in walks;
export function walkOf(context: Pick<ListContext, "area">): AreaWalk {
  const walk = walks[context.area.name];
  if (!walk)
    throw new Error(
      `the list area "${context.area.name}" has no walk: add its answers and its rows' word to \`walks\` in model-tests/models/list-walks.ts`,
    );
  return walk;
}

export const listPollEvent = after("listPoll", "list.feed.polling");
/** Why My applications is asked for again: the add dialog added one. */
export const appAdded = "application added";
/** Why My wallet's withdrawals are asked for again: Refresh on the balance. */
export const walletRefreshed = "wallet refreshed";
/** Why My wallet's withdrawals are asked for again: the wallet's live stream heard a withdrawal's step. */
export const withdrawalStepped = "withdrawal changed";

export type E = ModelEvent<typeof listMachine>;
export type S = Parameters<MachineModel<typeof listMachine>["describeState"]>[0];
export const inList = (s: S, state: "loading" | "failed" | "ready" | "details" | "acting" | "calling") =>
  s.matches({ list: state });
export const live = (s: S) => s.matches({ feed: "live" });
const searchEvent = (search: ListSearch): E => ({ type: "list.search", search });

/** Application bills: the whole list walked, live rows and polling too. */
export function billEvents(s: S): E[] {
  const { context } = s;
  const search: E[] = [searchEvent(validBillSearch), searchEvent(invalidBillSearch), { type: "list.reset" }];
  if (inList(s, "loading")) {
    const answers: E[] = [
      done("loadPage", billListAnswer(context)),
      done("loadPage", noBillsAnswer(context)),
      failed("loadPage", failure("5000", "Internal error")),
    ];
    if (context.paging.page > 1) answers.push(done("loadPage", firstPageAgainAnswer(context)));
    return answers;
  }
  // Polling asks again whatever the list shows: after a failure too.
  if (inList(s, "failed")) return [{ type: "list.retry" }, ...search, ...(live(s) ? [] : [listPollEvent])];
  if (inList(s, "ready")) {
    const events: E[] = [...search];
    const { paging } = context;
    // The pages bar is drawn under rows only: an empty page offers neither its buttons nor its size.
    if (context.items.length > 0) {
      if (paging.nextCursor) events.push({ type: "list.page", page: paging.page + 1 });
      if (paging.previousCursor) events.push({ type: "list.page", page: paging.page - 1 });
      events.push({ type: "list.pageSize", pageSize: paging.pageSize === 10 ? 20 : 10 });
    }
    const first = context.items[0] as AppBill | undefined;
    if (first) events.push({ type: "row.details", key: first.billNo });
    // Bills arrive through the stream while it lasts; once it has failed, the polls bring them.
    if (!live(s)) return [...events, listPollEvent];
    if (first) events.push({ type: "row.updated", row: confirmedFurther(first) });
    if (context.paging.page === 1 && !isFiltered(context.search))
      events.push({ type: "row.updated", row: arrivingBill });
    return [...events, { type: "feed.failed" }];
  }
  if (inList(s, "details")) {
    const open = context.detail as AppBill;
    return live(s)
      ? [{ type: "details.close" }, { type: "row.updated", row: confirmedFurther(open) }]
      : [{ type: "details.close" }];
  }
  return [];
}

/**
 * Transaction callbacks, for what is their own: the first page (filtered by the link's bill), its rows and details,
 * a test event that makes the list ask again (while an answer is under way, or after a failure, too), and Reset
 * dropping the link's bill.
 */
export function callbackEvents(s: S): E[] {
  const { context } = s;
  if (inList(s, "loading")) {
    const answers: E[] = [done("loadPage", walkOf(context).answer(context))];
    return context.loaded
      ? answers
      : [...answers, { type: "list.reload" }, failed("loadPage", failure("5000", "Internal error"))];
  }
  // A test event sent while the list failed: it is asked for again.
  if (inList(s, "failed")) return [{ type: "list.reload" }];
  if (inList(s, "ready")) {
    const events: E[] = [{ type: "list.reload" }];
    if (isFiltered(context.search)) events.push({ type: "list.reset" });
    const first = context.items[0] as CallbackAttempt | undefined;
    if (first) events.push({ type: "row.details", key: first.attemptId });
    return events;
  }
  if (inList(s, "details")) return [{ type: "details.close" }];
  return [];
}

/**
 * My orders, for what is theirs: a waiting order's details loaded by a call (answered, or refused with Retry), and a
 * pending order's Pay and Cancel opening the pay dialog, the list asked for again when it closes.
 */
export function orderEvents(s: S): E[] {
  const { context } = s;
  if (inList(s, "loading")) return [done("loadPage", orderListAnswer(context))];
  if (inList(s, "ready")) {
    const [pending, waiting] = context.items as Order[];
    const events: E[] = [];
    if (waiting) events.push({ type: "row.details", key: waiting.orderCode });
    if (pending?.status === "pending")
      events.push(
        { type: "row.act", action: "pay", key: pending.orderCode },
        { type: "row.act", action: "cancel", key: pending.orderCode },
      );
    return events;
  }
  if (s.matches({ list: { details: "loading" } }))
    return [
      done("loadDetail", sampleDetail(context.detailKey ?? "")),
      failed("loadDetail", failure("2202", "Order not found")),
    ];
  if (s.matches({ list: { details: "failed" } })) return [{ type: "details.retry" }, { type: "details.close" }];
  if (s.matches({ list: { details: "shown" } })) return [{ type: "details.close" }];
  if (inList(s, "acting")) return [{ type: "action.done" }];
  return [];
}

/**
 * My applications, for what is theirs: the first row stopped or started by a call (answered, or refused and said),
 * renamed through the edit dialog (the list hears the saved application), and an application added (asked again).
 */
export function appEvents(s: S): E[] {
  const { context } = s;
  if (inList(s, "loading")) return [done("loadPage", appListAnswer(context))];
  const first = context.items[0] as Application | undefined;
  if (inList(s, "ready")) {
    const events: E[] = [{ type: "list.reload", why: appAdded }];
    // The harness saves through the edit dialog, whose fake answers a normal application.
    if (first?.status === "normal") events.push({ type: "row.updated", row: { ...first, name: "Renamed shop" } });
    if (first)
      events.push({ type: "row.act", action: first.status === "normal" ? "stop" : "start", key: first.appCode });
    return events;
  }
  if (inList(s, "calling") && first)
    return [
      done("runAction", { ...first, status: first.status === "normal" ? "stopped" : "normal" }),
      failed("runAction", failure(errCodes.appNotFound, "This application does not exist")),
    ];
  return [];
}

/**
 * My wallet's withdrawals, for what is theirs: the rows (a held one, one counting its confirmations, a paid one with its
 * transaction), and the list asked for again with the wallet (Refresh on the balance, or a dialog that changed the
 * wallet); live: asked for again when the stream hears a withdrawal's step, polled once the stream broke; a
 * failure and Retry.
 */
export function withdrawalEvents(s: S): E[] {
  const { context } = s;
  if (inList(s, "loading"))
    return context.loaded
      ? [done("loadPage", walkOf(context).answer(context))]
      : [done("loadPage", walkOf(context).answer(context)), failed("loadPage", failure("5000", "Internal error"))];
  if (inList(s, "failed")) return [{ type: "list.retry" }];
  if (inList(s, "ready")) {
    // The stream's reload first (the path walks one reload of each feed): Refresh is walked once the stream broke.
    const refreshed: E = { type: "list.reload", why: walletRefreshed };
    return live(s)
      ? [{ type: "list.reload", why: withdrawalStepped }, refreshed, { type: "feed.failed" }]
      : [refreshed, listPollEvent];
  }
  return [];
}

/**
 * Recharge bills, Transaction records and Invoices, for what is theirs: their rows (a reversed recharge, a held
 * withdrawal, an overpaid and an underpaid invoice among them) and the details dialog drawn from the row; on Invoices,
 * a payment link made (the list asked for again).
 */
export function detailFromRowEvents(s: S): E[] {
  const { context } = s;
  if (inList(s, "loading"))
    return context.loaded
      ? [done("loadPage", walkOf(context).answer(context))]
      : [done("loadPage", walkOf(context).answer(context)), failed("loadPage", failure("5000", "Internal error"))];
  if (inList(s, "failed")) return [{ type: "list.retry" }];
  if (inList(s, "ready")) {
    const events: E[] = context.items.map((row) => ({ type: "row.details", key: context.area.rowKey(row) }));
    // Transaction records are live: the held withdrawal's record comes again, sent and counting its confirmations.
    const first = context.items[0] as TransactionRecord | undefined;
    if (live(s) && first?.id === withdrawalHeld.id && first.confirmations === null)
      events.push({ type: "row.updated", row: withdrawalCounting });
    if (context.area.name === "invoices") {
      events.push({ type: "list.reload", why: linkMadeReason });
      // The search is written to the address bar, and Reset takes it out again.
      events.push(isFiltered(context.search) ? { type: "list.reset" } : searchEvent(invoiceSearch));
    }
    // Invoices are live: the overpaid invoice comes again, paid late as well (money after it ended, still credited).
    const invoice = context.items[0] as ConsoleInvoice | undefined;
    if (live(s) && invoice?.invoiceId === invoicePaidOver.invoiceId && !invoice.flags.includes("paidLate"))
      events.push({ type: "row.updated", row: invoicePaidLate });
    return events;
  }
  if (inList(s, "details")) return [{ type: "details.close" }];
  return [];
}
