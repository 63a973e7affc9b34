import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type {
  Order,
  OrderCodeRequest,
  OrderDetail,
  OrderListRequest,
  OrderListResult,
} from "../../contracts/schemas/orders.ts";
import { fakeKeysetPaging, pageNumberOf } from "../lists/keyset-test-support.ts";
import { toInstant } from "../lists/search-time.ts";
import { emptySearchOf, listRequestOf, listSearchErrors } from "../lists/list-area.ts";
import { listMachine } from "../lists/list-machine.ts";
import { orderListArea } from "./order-list.ts";
import { selectDetailDialog, selectOrderTable, selectPayTarget } from "./order-list-selectors.ts";
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

// My orders' own behaviour on the list machine: rows with what each may do, loaded details, the pay dialog. What every
// list does (search, pages, retry) is tested once, in machines/lists/list-machine.test.ts.
function start(
  lists: ListAnswer[] = [async (request) => pageOf(request)],
  details: Array<(r: OrderCodeRequest) => Promise<OrderDetail>> = [async () => detail],
) {
  const requests: OrderListRequest[] = [];
  const detailRequests: OrderCodeRequest[] = [];
  const machine = listMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) => {
        const request = input.request as OrderListRequest;
        requests.push(request);
        return (lists[requests.length - 1] ?? (lists.at(-1) as ListAnswer))(request);
      }),
      loadDetail: fromPromise(({ input }) => {
        const request = { orderCode: input.key };
        detailRequests.push(request);
        return (
          details[detailRequests.length - 1] ?? (details.at(-1) as (r: OrderCodeRequest) => Promise<OrderDetail>)
        )(request);
      }),
    },
  });
  return { actor: createActor(machine, { input: { area: orderListArea } }).start(), requests, detailRequests };
}

const emptySearch = emptySearchOf(orderListArea);
const searchErrors = (fields: Record<string, string>) => listSearchErrors(orderListArea, { ...emptySearch, ...fields });

describe("order list", () => {
  it("asks for the first page of every order on start and shows the rows with what each row may do", async () => {
    const { actor, requests } = start();
    expect(selectOrderTable(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "list.ready");
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

  it("refuses an end before the start, and a code too long", () => {
    expect(searchErrors({ startTime: "2026-02-02T00:00", endTime: "2026-02-01T00:00" })).toEqual({
      endTime: "orders.search.endBeforeStart",
    });
    expect(searchErrors({ orderCode: "1".repeat(25) })).toEqual({ orderCode: "validation.tooLong" });
    expect(searchErrors({ startTime: "yesterday" })).toEqual({ startTime: "validation.dateTime" });
    expect(searchErrors({ startTime: "2026-02-01T10:00", endTime: "2026-02-01T10:00" })).toEqual({});
  });

  it("turns local date-times into instants, the end taking in its whole minute", () => {
    expect(toInstant("2026-02-01T10:00", "start")).toBe(new Date("2026-02-01T10:00").toISOString());
    expect(toInstant("2026-02-01T10:00", "end")).toBe(
      new Date(new Date("2026-02-01T10:00").getTime() + 59_999).toISOString(),
    );
    expect(toInstant("2026-02-01T10:00:30", "end")).toBe(new Date("2026-02-01T10:00:30").toISOString());
    expect(toInstant("2026-13-45T99:00", "start")).toBe("2026-13-45T99:00");
    expect(listRequestOf(orderListArea, emptySearch, { cursor: "p3", pageSize: 20 })).toEqual({
      cursor: "p3",
      pageSize: 20,
    });
  });

  it("loads the details of a listed order, with a retry when it fails, and closes", async () => {
    const { actor, detailRequests } = start(undefined, [() => Promise.reject(apiFailure("2202")), async () => detail]);
    await settle(actor, "list.ready");
    actor.send({ type: "row.details", key: "999" });
    expect(actor.getSnapshot().matches({ list: "ready" })).toBe(true);
    actor.send({ type: "row.details", key: "2026020100000003" });
    expect(selectDetailDialog(actor.getSnapshot())).toEqual({
      open: true,
      orderCode: "2026020100000003",
      kind: "loading",
    });
    await settle(actor, "list.details.failed");
    expect(selectDetailDialog(actor.getSnapshot())).toMatchObject({ kind: "failed", failure: { errCode: "2202" } });
    actor.send({ type: "details.retry" });
    await settle(actor, "list.details.shown");
    expect(detailRequests).toEqual([{ orderCode: "2026020100000003" }, { orderCode: "2026020100000003" }]);
    const view = selectDetailDialog(actor.getSnapshot());
    expect(view.open && view.kind === "ready" && view.facts.chains).toEqual([{ product: "Devnet", chainId: 31337 }]);
    expect(selectOrderTable(actor.getSnapshot()).kind).toBe("rows");
    actor.send({ type: "details.close" });
    expect(actor.getSnapshot().matches({ list: "ready" })).toBe(true);
    expect(selectDetailDialog(actor.getSnapshot())).toEqual({ open: false });
  });

  it("opens the pay dialog to pay (pending, waiting) or cancel (pending), and reloads the list when it closes", async () => {
    const { actor, requests } = start();
    await settle(actor, "list.ready");
    actor.send({ type: "row.act", action: "pay", key: "2026020100000003" });
    actor.send({ type: "row.act", action: "cancel", key: "2026020100000002" });
    actor.send({ type: "row.act", action: "refund", key: "2026020100000001" });
    expect(actor.getSnapshot().matches({ list: "ready" })).toBe(true);
    actor.send({ type: "row.act", action: "pay", key: "2026020100000002" });
    expect(selectPayTarget(actor.getSnapshot())).toEqual({ order: orders[1], intent: "pay" });
    actor.send({ type: "action.done" });
    await settle(actor, "list.ready");
    expect(selectPayTarget(actor.getSnapshot())).toBeNull();
    actor.send({ type: "row.act", action: "cancel", key: "2026020100000001" });
    expect(selectPayTarget(actor.getSnapshot())).toEqual({ order: orders[0], intent: "cancel" });
    actor.send({ type: "action.done" });
    await settle(actor, "list.ready");
    expect(requests).toHaveLength(3);
  });
});
