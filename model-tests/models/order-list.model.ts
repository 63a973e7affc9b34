import type { Order, OrderDetail, OrderListResult } from "../../contracts/schemas/order.ts";
import { pageCountOf } from "../../machines/lists/keyset-paging.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import { type OrderListContext, type OrderSearch, orderListMachine } from "../../machines/orders/order-list.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";
import { sampleOrder as basicOrder } from "../../contracts/testing/sample-orders.ts";

const { done, failed } = eventBuilders(orderListMachine);

const sampleOrder = (orderCode: string, status: Order["status"], extra: Partial<Order> = {}): Order =>
  basicOrder({ orderCode, status, ...extra });

/** The fake server's orders: one pending, one waiting, a paid trial and a failed one (23 in all, over 3 pages of 10). */
export const sampleOrders: Order[] = [
  sampleOrder("2026020100000004", "pending"),
  sampleOrder("2026020100000003", "waiting", { confirming: "29" }),
  sampleOrder("2026020100000002", "paid", {
    packageId: "1",
    packageCode: "trial",
    packageName: "Trial",
    termUnit: "day",
    termCount: 7,
    termMonths: 0,
    amount: "0",
    paidAt: "2026-02-01T09:00:00.000Z",
    payType: "free",
    remaining: "0",
  }),
  sampleOrder("2026020100000001", "failed", { createdAt: "2026-01-31T08:00:00.000Z" }),
];
export const sampleTotal = 23;

/** What the server answers for the list as the machine asks for it: a search finds the pending order only. */
export function listAnswer(context: Pick<OrderListContext, "search" | "paging">): OrderListResult {
  const filtered = Object.values(context.search).some((value) => value !== "");
  const { page, pageSize } = context.paging;
  return filtered
    ? { items: [sampleOrders[0] as Order], ...fakeKeysetPaging(page, pageSize, 1) }
    : { items: sampleOrders, ...fakeKeysetPaging(page, pageSize, sampleTotal) };
}

export const emptyAnswer = (context: Pick<OrderListContext, "paging">): OrderListResult => ({
  items: [],
  ...fakeKeysetPaging(context.paging.page, context.paging.pageSize, 0),
});

/** Orders went away meanwhile: the server answers the first page for a cursor past the orders left. */
export const firstPageAgainAnswer = (context: Pick<OrderListContext, "paging">): OrderListResult => ({
  items: sampleOrders,
  ...fakeKeysetPaging(1, context.paging.pageSize, 12),
});

/** The waiting order's details: a transfer on the devnet still confirming. */
export const sampleDetail = (orderCode: string): OrderDetail => ({
  ...(sampleOrders.find((o) => o.orderCode === orderCode) ?? sampleOrder(orderCode, "pending")),
  transfers: [
    {
      product: "Devnet",
      chainId: 31337,
      txHash: "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
      logIndex: 0,
      blockNumber: "118",
      from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      amount: "29",
      confirmations: 1,
      required: 3,
      status: "seen",
      seenAt: "2026-02-01T10:03:00.000Z",
    },
  ],
  fromBalance: "0",
  packageExpiresAt: null,
  toBalance: "0",
  reversed: "0",
});

const validSearch: OrderSearch = {
  status: "pending",
  orderCode: "2026",
  startTime: "2026-02-01T00:00",
  endTime: "2026-02-02T00:00",
};
const invalidSearch: OrderSearch = {
  status: "",
  orderCode: "12ab",
  startTime: "2026-02-02T00:00",
  endTime: "2026-02-01T00:00",
};

type E = ModelEvent<typeof orderListMachine>;

export const orderListModel: MachineModel<typeof orderListMachine> = {
  id: "orderList",
  machine: orderListMachine,
  starts: [{ name: "signed in, opens My orders", input: undefined }],
  // What the screen and the offered events depend on: the state, whether past page 1, errors shown, rows or none.
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.paging.page > 1,
      Object.keys(s.context.fieldErrors).length > 0,
      s.context.items.length === 0,
    ]),
  events: (s) => {
    const { context } = s;
    const search: E[] = [
      { type: "orders.search", ...validSearch },
      { type: "orders.search", ...invalidSearch },
      { type: "orders.reset" },
    ];
    if (s.matches("loading")) {
      const answers: E[] = [
        done("loadOrders", listAnswer(context)),
        done("loadOrders", emptyAnswer(context)),
        failed("loadOrders", failure("5000", "Internal error")),
      ];
      if (context.paging.page > 1) answers.push(done("loadOrders", firstPageAgainAnswer(context)));
      return answers;
    }
    if (s.matches("failed")) return [{ type: "orders.retry" }, ...search];
    if (s.matches("ready")) {
      const events: E[] = [...search];
      const { paging } = context;
      if (paging.nextCursor) events.push({ type: "orders.page", page: paging.page + 1 });
      if (paging.previousCursor) events.push({ type: "orders.page", page: paging.page - 1 });
      if (context.items.length > 0)
        events.push({ type: "orders.pageSize", pageSize: paging.pageSize === 10 ? 20 : 10 });
      const [pending, waiting] = context.items;
      if (waiting) events.push({ type: "order.details", orderCode: waiting.orderCode });
      if (pending?.status === "pending")
        events.push(
          { type: "order.pay", orderCode: pending.orderCode },
          { type: "order.cancel", orderCode: pending.orderCode },
        );
      return events;
    }
    if (s.matches({ details: "loading" }))
      return [
        done("loadOrderDetail", sampleDetail(context.detailCode ?? "")),
        failed("loadOrderDetail", failure("2202", "Order not found")),
      ];
    if (s.matches({ details: "failed" })) return [{ type: "details.retry" }, { type: "details.close" }];
    if (s.matches({ details: "ready" })) return [{ type: "details.close" }];
    if (s.matches("paying")) return [{ type: "payDialog.close" }];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "orders.search":
        return `Choose status ${e.status ? english(`orders.status.${e.status}`) : english("orders.search.anyStatus")}, order code "${e.orderCode}", created from ${e.startTime || "(empty)"} until ${e.endTime || "(empty)"}; press ${english("orders.search.submit")}`;
      case "orders.reset":
        return `Press ${english("orders.search.reset")}`;
      case "orders.retry":
        return `Press ${english("orders.retry")} beside ${english("orders.loadFailed")}`;
      case "orders.page":
        return `Press ${e.page > 1 ? english("orders.pagination.next") : english("orders.pagination.previous")} (to page ${e.page})`;
      case "orders.pageSize":
        return `Choose ${e.pageSize} in ${english("orders.pagination.pageSize")}`;
      case "order.details":
        return `Press ${english("orders.actions.details")} on order ${e.orderCode}`;
      case "order.pay":
        return `Press ${english("orders.actions.pay")} on order ${e.orderCode}`;
      case "order.cancel":
        return `Press ${english("orders.actions.cancel")} on order ${e.orderCode}`;
      case "details.retry":
        return `Press ${english("orders.details.retry")} in the details dialog`;
      case "details.close":
        return `Press ${english("orders.details.close")} in the details dialog`;
      case "payDialog.close":
        return "Close the pay dialog";
      case "xstate.done.actor.loadOrders":
        return e.output.items.length === 0
          ? "The server answers that there is no order"
          : e.output.previousCursor === null
            ? `The server answers the first page: ${e.output.items.length} orders of ${e.output.total}`
            : `The server answers ${e.output.items.length} orders of a later page, with the cursors beside it`;
      case "xstate.done.actor.loadOrderDetail":
        return `The server answers the details of order ${e.output.orderCode} with one transfer confirming`;
      case "xstate.error.actor.loadOrders":
      case "xstate.error.actor.loadOrderDetail":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const { context } = s;
    const problems = Object.values(context.fieldErrors).map((key) => english(key));
    const form = problems.length > 0 ? `; the search form shows ${problems.join(" and ")}` : "";
    if (s.matches("loading"))
      return `${context.loaded ? "The list shows its rows while it reloads" : english("orders.loading")} (page ${context.paging.page}, ${context.paging.pageSize} per page)${form}`;
    if (s.matches("failed")) return `${english("orders.loadFailed")} with ${english("orders.retry")}${form}`;
    if (s.matches("ready")) {
      const rows =
        context.items.length > 0
          ? `${context.items.length} orders, page ${context.paging.page} of ${pageCountOf(context.paging.total, context.paging.pageSize)}`
          : english("orders.empty");
      return `${rows}${form}`;
    }
    if (s.matches({ details: "loading" }))
      return `The details dialog of order ${context.detailCode} shows ${english("orders.details.loading")}`;
    if (s.matches({ details: "failed" }))
      return `The details dialog shows ${english("orders.details.failed")} with ${english("orders.details.retry")}`;
    if (s.matches({ details: "ready" }))
      return `The details dialog shows order ${context.detailCode}: product, type, market, usage, amount, payment method, status, pay time, upgrade item, and its transfer`;
    return `The pay dialog is open to ${context.payTarget?.intent ?? "pay"} order ${context.payTarget?.order.orderCode}`;
  },
  excluded: [],
};
