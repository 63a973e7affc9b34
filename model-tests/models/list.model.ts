import type { Application } from "../../contracts/schemas/apps.ts";
import type { AppBill } from "../../contracts/schemas/bills.ts";
import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import type { ConsoleInvoice } from "../../contracts/schemas/invoices.ts";
import type { Order } from "../../contracts/schemas/orders.ts";
import { billListArea } from "../../machines/bills/bill-list.ts";
import { callbackListArea } from "../../machines/callbacks/callback-list.ts";
import { pageCountOf } from "../../machines/lists/keyset-paging.ts";
import { invoiceListArea } from "../../machines/invoices/invoice-list.ts";
import { linkMadeReason } from "../../machines/invoices/payment-link.ts";
import { isFiltered } from "../../machines/lists/list-area.ts";
import { listAreaTable } from "../../machines/lists/list-area-table.ts";
import { listMachine } from "../../machines/lists/list-machine.ts";
import type { MachineModel } from "../framework/model.ts";
import { sampleApp } from "./app-edit.model.ts";
import { arrivingBill } from "./bill-fixtures.ts";
import { linkedBillNo } from "./callback-fixtures.ts";
import { english, saidOnce } from "./english.ts";
import { linkedFlag } from "./invoice-fixtures.ts";
import { refusal } from "./fixtures.ts";
import {
  appAdded,
  appEvents,
  billEvents,
  callbackEvents,
  inList,
  live,
  orderEvents,
  detailFromRowEvents,
  walkOf,
  walletRefreshed,
  withdrawalStepped,
  withdrawalEvents,
} from "./list-walks.ts";

/**
 * "signed in, opens <its page>" for every list area (machines/lists/list-area-table.ts), named by its page's title, and
 * by the area too when the list is part of a page of another area (My wallet's withdrawals). Application bills first:
 * the list's behaviour is walked there in full, and the paths of the areas after it take only what is their own.
 */
const opened = [...listAreaTable]
  .sort((a, b) => Number(b.area === billListArea) - Number(a.area === billListArea))
  .map(({ folder, area }) => ({
    name: `signed in, opens ${english(`${folder}.title`)}${folder === area.name ? "" : ` (its ${area.name})`}`,
    input: { area },
  }));

/**
 * The list framework's one machine, walked once in full on Application bills — search with its checks,
 * keyset pages, page sizes, failure and Retry, the first page again, details, live rows and polling — and on
 * Transaction callbacks only for what is its own: opened from a bill's link with its bill number as the search, its
 * rows and details dialog, and the list asked for again when a test event added an attempt; and on My orders for
 * its own: details loaded by a call (with Retry), Pay and Cancel opening the pay dialog, the list asked for again when
 * it closes; and on My applications for its own: a row stopped or started by a call (answered, or refused and said),
 * the package beside the list, an application added or renamed by its dialogs; and on Recharge bills and Transaction
 * records and Invoices for their rows and their details dialog, drawn from the row (and on Invoices, the list asked for
 * again when a payment link was made, opened from a `?flag=` link, searched, Reset). On every area the address bar
 * holds the search shown and its page size: Application bills searched and Reset, Callbacks opened from a `?billNo=`
 * link and Reset.
 */
export const listModel: MachineModel<typeof listMachine> = {
  id: "list",
  machine: listMachine,
  starts: [
    ...opened,
    {
      name: "signed in, follows Callbacks of this bill from a bill's details",
      input: { area: callbackListArea, search: { billNo: linkedBillNo } },
    },
    {
      name: "signed in, follows a link to Invoices flagged underpaid",
      input: { area: invoiceListArea, search: { flag: linkedFlag } },
    },
  ],
  // One console walks an area's list through many answers: the harness asks each check of the page as it is now.
  walks: true,
  // What the screen and the offered events depend on: the area, the states, past page 1, errors shown, rows or none,
  // filtered, the applications known, a list shown once, the first row's confirmations, and a reload waiting for the
  // answer under way.
  serialize: (s) =>
    JSON.stringify([
      s.context.area.name,
      s.value,
      s.context.paging.page > 1,
      Object.keys(s.context.fieldErrors).length > 0,
      s.context.items.length === 0,
      isFiltered(s.context.search),
      s.context.choices === null,
      s.context.loaded,
      (s.context.items[0] as AppBill | undefined)?.confirmations ?? null,
      (s.context.items[0] as Application | undefined)?.status ?? null,
      s.context.actionFailure !== null,
      s.context.reloadQueued,
    ]),
  events: (s) => {
    const { name } = s.context.area;
    if (name === "bills") return billEvents(s);
    if (name === "orders") return orderEvents(s);
    if (name === "withdrawals") return withdrawalEvents(s);
    if (name === "apps") return appEvents(s);
    if (name === "callbacks") return callbackEvents(s);
    // Any other list (Recharge bills, Transaction records, Invoices): its rows, and their details drawn from the row.
    return detailFromRowEvents(s);
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "list.search":
        if ("flag" in e.search)
          return `Choose status ${e.search.status || "(any)"} and flag ${e.search.flag || "(any)"}; press ${english("invoices.search.submit")} (the address bar says so)`;
        return "billNo" in e.search
          ? `Choose application ${e.search.appCode || "(all)"}, event type ${e.search.eventType || "(any)"}, result ${e.search.result || "(any)"}; sent from ${e.search.startTime || "(empty)"} until ${e.search.endTime || "(empty)"}; type bill number "${e.search.billNo}"; press ${english("callbacks.search.submit")}`
          : `Choose application ${e.search.appCode || "(all)"}, status ${e.search.status || "(all)"}, notice status ${e.search.noticeStatus || "(all)"}; paid from ${e.search.startTime || "(empty)"} until ${e.search.endTime || "(empty)"}; type transaction hash "${e.search.txHash}" and address "${e.search.address}"; press ${english("bills.search.submit")} (the address bar says so)`;
      case "list.reset":
        return `Press ${english("bills.search.reset")}`;
      case "list.retry":
        return `Press ${english("bills.retry")} beside ${english("bills.loadFailed")}`;
      case "list.reload":
        if (e.why === linkMadeReason)
          return `Make a payment link with ${english("invoices.link.create")} (the server makes it; close the link shown; the list is asked for again)`;
        return e.why === appAdded
          ? "Add an application with the add dialog (the server accepts it; the list is asked for again)"
          : e.why === walletRefreshed
            ? `Press ${english("wallet.reload")} on the balance (the withdrawals are asked for again with the wallet)`
            : e.why === withdrawalStepped
              ? "The live stream sends a withdrawal's record, sent and counting its confirmations (the withdrawals and the wallet's figures are asked for again)"
              : `Send a test event to ${sampleApp.name} from ${english("callbacks.test.open")}; it is answered; press ${english("callbacks.test.close")} (the list is asked for again)`;
      case "list.page":
        return `Press ${e.page > 1 ? english("bills.pagination.next") : english("bills.pagination.previous")} (to page ${e.page})`;
      case "list.pageSize":
        return `Choose ${e.pageSize} in ${english("bills.pagination.pageSize")} (the address bar says so)`;
      case "row.details":
        return `Press ${english("bills.actions.details")} on row ${e.key}`;
      case "row.act":
        return e.action === "stop" || e.action === "start"
          ? `In the first row, press ${english(`apps.actions.${e.action}`)}`
          : `Press ${english(`orders.actions.${e.action}`)} on order ${e.key}`;
      case "xstate.done.actor.runAction":
        return `The server answers the application ${(e.output as Application).status}`;
      case "xstate.error.actor.runAction":
        return refusal(e.error);
      case "action.done":
        return "Close the pay dialog (at the cancel confirmation: keep the order)";
      case "details.retry":
        return `Press ${english("orders.details.retry")} in the details dialog`;
      case "xstate.done.actor.loadDetail":
        return `The server answers the details of order ${(e.output as Order).orderCode} with one transfer confirming`;
      case "xstate.error.actor.loadDetail":
        return refusal(e.error);
      case "details.close":
        return `Press ${english("bills.details.close")} in the details dialog`;
      case "row.updated": {
        if ("invoiceId" in (e.row as object)) {
          const invoice = e.row as ConsoleInvoice;
          return `The live stream says invoice ${invoice.orderId} is now ${invoice.status}, flagged ${invoice.flags.join(" and ")}, ${invoice.amountReceived} USDT received`;
        }
        if ("appCode" in (e.row as object) && !("billNo" in (e.row as object)))
          return `In the first row press Edit, verify with the e-mail code, rename it "${(e.row as Application).name}"; press Save (the server saves it)`;
        const bill = e.row as AppBill;
        return bill.billNo === arrivingBill.billNo
          ? `A customer pays into a deposit address: the live stream announces the new bill ${bill.billNo}`
          : `The live stream says bill ${bill.billNo} is now ${bill.status} (${bill.confirmations} of ${bill.required} confirmations, notice ${bill.noticeStatus})`;
      }
      case "feed.failed":
        return "The live stream breaks (the network drops it)";
      case "xstate.done.actor.loadPage":
        return e.output.items.length === 0
          ? "The server answers that there is no row"
          : e.output.previousCursor === null
            ? `The server answers the first page: ${e.output.items.length} rows of ${e.output.total}`
            : `The server answers ${e.output.items.length} rows of a later page, with the cursors beside it`;
      case "xstate.error.actor.loadPage":
        return refusal(e.error);
      default:
        return e.type.startsWith("xstate.after.") ? "5 seconds pass" : e.type;
    }
  },
  describeState: (s) => {
    const { context } = s;
    const n = context.area.name;
    const { rows } = walkOf(context);
    const problems = Object.values(context.fieldErrors).map((key) => english(key));
    const form = problems.length > 0 ? `; the search form shows ${problems.join(" and ")}` : "";
    const bill = context.search.billNo ? `; the bill number field holds ${context.search.billNo}` : "";
    const feed = s.matches({ feed: "off" })
      ? ""
      : `The heading says ${live(s) ? english("bills.feed.live") : english("bills.feed.polling")}; `;
    if (inList(s, "loading"))
      return `${feed}${context.loaded ? "the list shows its rows while it reloads" : english(`${n}.loading`)} (page ${context.paging.page}, ${context.paging.pageSize} per page)${form}${bill}`;
    if (inList(s, "failed")) return `${feed}${english(`${n}.loadFailed`)} with ${english(`${n}.retry`)}${form}${bill}`;
    if (inList(s, "ready")) {
      if (context.items.length === 0)
        return `${feed}${isFiltered(context.search) ? english(`${n}.emptyFiltered`) : `${english(`${n}.empty`)}, how ${rows} arrive and a link to My applications`}${form}${bill}`;
      const first = context.items[0] as AppBill;
      const progress =
        n === "bills" && first.status === "confirming"
          ? `, the first ${first.confirmations} / ${first.required} confirmations`
          : "";
      const refused = context.actionFailure ? `; ${saidOnce(context.actionFailure)}` : "";
      return `${feed}${context.items.length} ${rows}, page ${context.paging.page} of ${pageCountOf(context.paging.total, context.paging.pageSize)}${progress}${refused}${form}${bill}`;
    }
    if (inList(s, "calling")) return "The first row's Stop / Enable shows a spinner";
    if (inList(s, "acting"))
      return `The pay dialog is open to ${context.acting?.action ?? "pay"} order ${context.acting?.key}`;
    if (n === "orders") {
      if (s.matches({ list: { details: "loading" } }))
        return `The details dialog of order ${context.detailKey} shows ${english("orders.details.loading")}`;
      if (s.matches({ list: { details: "failed" } }))
        return `The details dialog shows ${english("orders.details.failed")} with ${english("orders.details.retry")}`;
      return `The details dialog shows order ${context.detailKey}: product, type, market, usage, amount, payment method, status, pay time, upgrade item, and its transfer`;
    }
    if (n === "callbacks") {
      const attempt = context.detail as CallbackAttempt;
      return `The details dialog of attempt ${attempt.attemptNo} shows every field, the request and response bodies whole`;
    }
    if (n === "recharges")
      return `The details dialog of recharge bill ${context.detailKey} shows every field, the payment address and transaction whole, not collected`;
    if (n === "transactions")
      return `The details dialog of record ${context.detailKey} shows every field and the journal's lines, account by account`;
    if (n === "invoices")
      return `The details dialog of invoice ${context.detailKey} shows every field, its payment link with Copy and Open, its addresses, the transfers it counted with their explorer links, and its timeline with each change's callback`;
    if (n !== "bills") return `The details dialog of ${rows} row ${context.detailKey} shows every field`;
    const open = context.detail as AppBill;
    return `${feed}the details dialog of bill ${open.billNo} shows every field, status ${open.status}${open.status === "confirming" ? ` ${open.confirmations} / ${open.required}` : ""}`;
  },
  excluded: [],
};
