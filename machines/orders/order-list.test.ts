import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type {
  Order,
  OrderCodeRequest,
  OrderDetail,
  OrderListRequest,
  OrderListResult,
} from "../../contracts/schemas/order.ts";
import { fakeKeysetPaging, pageNumberOf } from "../lists/keyset-test-support.ts";
import { toInstant } from "../lists/search-time.ts";
import { emptySearch, orderListMachine, searchErrors, toOrderListRequest } from "./order-list.ts";
import {
  selectDetailDialog,
  selectOrderTable,
  selectPagination,
  selectPayTarget,
  selectSearchForm,
} from "./order-list-selectors.ts";
import { apiFailure, settle } from "../test-support.ts";
import { sampleOrder } from "../../contracts/testing/sample-orders.ts";

const order = (orderCode: string, status: Order["status"]): Order =>
  sampleOrder({
    orderCode,
    status,
    ...(status === "paid"
      ? { paidAt: "2026-02-01T10:05:00.000Z", payType: "chain", received: "29", remaining: "0" }
      : {}),
  });

const orders = [
  order("2026020100000001", "pending"),
  order("2026020100000002", "waiting"),
  order("2026020100000003", "paid"),
];
const pageOf = (
  request: OrderListRequest,
  items: Order[] = orders,
  total = 23,
  page = pageNumberOf(request.cursor),
): OrderListResult => ({ items, ...fakeKeysetPaging(page, request.pageSize ?? 10, total) });

const detail: OrderDetail = {
  ...order("2026020100000003", "paid"),
  toBalance: "0.000000",
  reversed: "0.000000",
  transfers: [
    {
      product: "Devnet",
      chainId: 31337,
      txHash: "0xabc",
      logIndex: 0,
      blockNumber: "12",
      from: "0x1",
      amount: "29",
      confirmations: 3,
      required: 3,
      status: "confirmed",
      seenAt: "2026-02-01T10:04:00.000Z",
    },
    {
      product: "Devnet",
      chainId: 31337,
      txHash: "0xdef",
      logIndex: 1,
      blockNumber: "13",
      from: "0x1",
      amount: "1",
      confirmations: 0,
      required: 3,
      status: "removed",
      seenAt: "2026-02-01T10:04:30.000Z",
    },
  ],
  fromBalance: "0",
  packageExpiresAt: "2026-03-01T10:05:00.000Z",
};

type ListAnswer = (request: OrderListRequest) => Promise<OrderListResult>;

function start(
  lists: ListAnswer[] = [async (r) => pageOf(r)],
  details: Array<(r: OrderCodeRequest) => Promise<OrderDetail>> = [async () => detail],
) {
  const requests: OrderListRequest[] = [];
  const detailRequests: OrderCodeRequest[] = [];
  const machine = orderListMachine.provide({
    actors: {
      loadOrders: fromPromise(({ input }) => {
        requests.push(input);
        return (lists[requests.length - 1] ?? (lists.at(-1) as ListAnswer))(input);
      }),
      loadOrderDetail: fromPromise(({ input }) => {
        detailRequests.push(input);
        return (
          details[detailRequests.length - 1] ?? (details.at(-1) as (r: OrderCodeRequest) => Promise<OrderDetail>)
        )(input);
      }),
    },
  });
  return { actor: createActor(machine).start(), requests, detailRequests };
}

describe("order list: search", () => {
  it("asks for the first page of every order on start and shows the rows with what each row may do", async () => {
    const { actor, requests } = start();
    expect(selectOrderTable(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "ready");
    expect(requests).toEqual([{ pageSize: 10 }]);
    const table = selectOrderTable(actor.getSnapshot());
    expect(table.kind).toBe("rows");
    if (table.kind !== "rows") return;
    expect(table.rows.map((r) => [r.status, r.canPay, r.canCancel])).toEqual([
      ["pending", true, true],
      ["waiting", true, false],
      ["paid", false, false],
    ]);
    expect(table.rows[0]?.term).toEqual({ kind: "months", months: 1 });
  });

  it("validates the search with the request schema before the call, and sends a valid one from page 1", async () => {
    const { actor, requests } = start();
    await settle(actor, "ready");
    actor.send({ type: "orders.page", page: 2 });
    await settle(actor, "ready");
    actor.send({ type: "orders.search", status: "", orderCode: "12ab", startTime: "", endTime: "" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ orderCode: "validation.orderCode" });
    expect(requests).toHaveLength(2);

    actor.send({
      type: "orders.search",
      status: "paid",
      orderCode: " 2026 ",
      startTime: "2026-02-01T00:00",
      endTime: "2026-02-02T00:00",
    });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    await settle(actor, "ready");
    expect(requests[2]).toEqual({
      status: "paid",
      orderCode: "2026",
      startTime: new Date("2026-02-01T00:00").toISOString(),
      endTime: new Date(new Date("2026-02-02T00:00").getTime() + 59_999).toISOString(),
      pageSize: 10,
    });
  });

  it("refuses an end before the start, and a code too long", () => {
    expect(searchErrors({ ...emptySearch, startTime: "2026-02-02T00:00", endTime: "2026-02-01T00:00" })).toEqual({
      endTime: "orders.search.endBeforeStart",
    });
    expect(searchErrors({ ...emptySearch, orderCode: "1".repeat(25) })).toEqual({ orderCode: "validation.tooLong" });
    expect(searchErrors({ ...emptySearch, startTime: "yesterday" })).toEqual({ startTime: "validation.dateTime" });
    expect(searchErrors({ ...emptySearch, startTime: "2026-02-01T10:00", endTime: "2026-02-01T10:00" })).toEqual({});
  });

  it("turns local date-times into instants, the end taking in its whole minute", () => {
    expect(toInstant("2026-02-01T10:00", "start")).toBe(new Date("2026-02-01T10:00").toISOString());
    expect(toInstant("2026-02-01T10:00", "end")).toBe(
      new Date(new Date("2026-02-01T10:00").getTime() + 59_999).toISOString(),
    );
    expect(toInstant("2026-02-01T10:00:30", "end")).toBe(new Date("2026-02-01T10:00:30").toISOString());
    expect(toInstant("2026-13-45T99:00", "start")).toBe("2026-13-45T99:00");
    expect(toOrderListRequest(emptySearch, { cursor: "p3", pageSize: 20 })).toEqual({ cursor: "p3", pageSize: 20 });
  });

  it("resets the search, the errors and the page, and restarts the form", async () => {
    const { actor, requests } = start();
    await settle(actor, "ready");
    actor.send({ type: "orders.search", status: "pending", orderCode: "", startTime: "", endTime: "" });
    await settle(actor, "ready");
    actor.send({ type: "orders.search", status: "", orderCode: "x", startTime: "", endTime: "" });
    actor.send({ type: "orders.reset" });
    const form = selectSearchForm(actor.getSnapshot());
    expect(form).toMatchObject({ search: emptySearch, revision: 1, fieldErrors: {}, busy: true });
    await settle(actor, "ready");
    expect(requests.at(-1)).toEqual({ pageSize: 10 });
  });

  it("says when no order matches, and whether a search narrowed it", async () => {
    const { actor } = start([async (r) => pageOf(r, [], 0)]);
    await settle(actor, "ready");
    expect(selectOrderTable(actor.getSnapshot())).toEqual({ kind: "empty", filtered: false, refreshing: false });
    actor.send({ type: "orders.search", status: "failed", orderCode: "", startTime: "", endTime: "" });
    expect(selectOrderTable(actor.getSnapshot())).toEqual({ kind: "empty", filtered: true, refreshing: true });
  });
});

describe("order list: pages", () => {
  it("moves to the page beside by its cursor and between the sizes offered, never past the last page", async () => {
    const { actor, requests } = start();
    await settle(actor, "ready");
    let pages = selectPagination(actor.getSnapshot());
    expect(pages).toMatchObject({
      page: 1,
      pageCount: 3,
      total: 23,
      canPrevious: false,
      canNext: true,
      canPageSize: true,
    });
    actor.send({ type: "orders.page", page: 3 });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    actor.send({ type: "orders.page", page: 2 });
    await settle(actor, "ready");
    expect(requests.at(-1)).toEqual({ cursor: "p2", pageSize: 10 });
    actor.send({ type: "orders.pageSize", pageSize: 7 });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    actor.send({ type: "orders.pageSize", pageSize: 20 });
    await settle(actor, "ready");
    expect(requests.at(-1)).toEqual({ pageSize: 20 });
    pages = selectPagination(actor.getSnapshot());
    expect(pages).toMatchObject({ page: 1, pageCount: 2, pageSize: 20 });
  });

  it("keeps the rows on screen while the next page loads", async () => {
    const { actor } = start();
    await settle(actor, "ready");
    actor.send({ type: "orders.page", page: 2 });
    expect(selectOrderTable(actor.getSnapshot())).toMatchObject({ kind: "rows", refreshing: true });
    expect(selectPagination(actor.getSnapshot()).canNext).toBe(false);
  });

  it("shows page 1 when the server answers the first page for a cursor past the orders left", async () => {
    const { actor, requests } = start([async (r) => pageOf(r), async (r) => pageOf(r, orders.slice(0, 2), 12, 1)]);
    await settle(actor, "ready");
    actor.send({ type: "orders.page", page: 2 });
    await settle(actor, "ready");
    expect(requests.map((r) => r.cursor)).toEqual([undefined, "p2"]);
    expect(actor.getSnapshot().context.paging).toMatchObject({ page: 1, total: 12 });
  });
});

describe("order list: failures", () => {
  it("keeps the failure, retries, and lets a search leave it", async () => {
    const { actor, requests } = start([() => Promise.reject(apiFailure("5000")), async (r) => pageOf(r)]);
    await settle(actor, "failed");
    expect(selectOrderTable(actor.getSnapshot())).toEqual({
      kind: "failed",
      failure: { errCode: "5000", errMsg: "failure 5000" },
    });
    actor.send({ type: "orders.retry" });
    await settle(actor, "ready");
    expect(requests).toHaveLength(2);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

describe("order list: dialogs", () => {
  it("loads the details of a listed order, with a retry when it fails, and closes", async () => {
    const { actor, detailRequests } = start(undefined, [() => Promise.reject(apiFailure("2202")), async () => detail]);
    await settle(actor, "ready");
    actor.send({ type: "order.details", orderCode: "999" });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    actor.send({ type: "order.details", orderCode: "2026020100000003" });
    expect(selectDetailDialog(actor.getSnapshot())).toEqual({
      open: true,
      orderCode: "2026020100000003",
      kind: "loading",
    });
    await settle(actor, "details.failed");
    expect(selectDetailDialog(actor.getSnapshot())).toMatchObject({ kind: "failed", failure: { errCode: "2202" } });
    actor.send({ type: "details.retry" });
    await settle(actor, "details.ready");
    expect(detailRequests).toEqual([{ orderCode: "2026020100000003" }, { orderCode: "2026020100000003" }]);
    const view = selectDetailDialog(actor.getSnapshot());
    expect(view.open && view.kind === "ready" && view.facts.chains).toEqual([{ product: "Devnet", chainId: 31337 }]);
    expect(selectOrderTable(actor.getSnapshot()).kind).toBe("rows");
    actor.send({ type: "details.close" });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    expect(selectDetailDialog(actor.getSnapshot())).toEqual({ open: false });
  });

  it("opens the pay dialog to pay (pending, waiting) or cancel (pending), and reloads the list when it closes", async () => {
    const { actor, requests } = start();
    await settle(actor, "ready");
    actor.send({ type: "order.pay", orderCode: "2026020100000003" });
    actor.send({ type: "order.cancel", orderCode: "2026020100000002" });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    actor.send({ type: "order.pay", orderCode: "2026020100000002" });
    expect(selectPayTarget(actor.getSnapshot())).toEqual({ order: orders[1], intent: "pay" });
    actor.send({ type: "payDialog.close" });
    await settle(actor, "ready");
    expect(selectPayTarget(actor.getSnapshot())).toBeNull();
    actor.send({ type: "order.cancel", orderCode: "2026020100000001" });
    expect(selectPayTarget(actor.getSnapshot())).toEqual({ order: orders[0], intent: "cancel" });
    actor.send({ type: "payDialog.close" });
    await settle(actor, "ready");
    expect(requests).toHaveLength(3);
  });
});
