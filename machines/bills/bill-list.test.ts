import { describe, expect, it } from "vitest";
import { type AnyEventObject, createActor, fromCallback, fromPromise, SimulatedClock } from "xstate";
import type { AppBill, BillListRequest } from "../../contracts/schemas/bills.ts";
import { apiFailure, settle } from "../test-support.ts";
import {
  type BillListLoad,
  type BillListLoadInput,
  billListMachine,
  billPollMs,
  billSearchErrors,
  emptyBillSearch,
} from "./bill-list.ts";
import {
  selectBillDetail,
  selectBillFeed,
  selectBillPaging,
  selectBillSearch,
  selectBillTable,
} from "./bill-list-selectors.ts";
import { fakeKeysetPaging, pageNumberOf } from "../lists/keyset-test-support.ts";
import { creditedBill, sampleBill } from "./bill-test-support.ts";

const bills = [sampleBill(), creditedBill()];
const apps = [{ appCode: "2026020100000001", name: "Web shop" }];
type Answer = (input: BillListLoadInput) => Promise<BillListLoad>;
const pageOf = (
  request: BillListRequest,
  items: AppBill[] = bills,
  total = 23,
  page = pageNumberOf(request.cursor),
): BillListLoad => ({ items, ...fakeKeysetPaging(page, request.pageSize ?? 10, total) });

function start(
  answers: Answer[] = [async ({ request, withApps }) => ({ ...pageOf(request), ...(withApps ? { apps } : {}) })],
) {
  const inputs: BillListLoadInput[] = [];
  const stream: { send: ((event: AnyEventObject) => void) | null; stopped: boolean } = { send: null, stopped: false };
  const clock = new SimulatedClock();
  const machine = billListMachine.provide({
    actors: {
      loadBills: fromPromise(({ input }) => {
        inputs.push(input);
        return (answers[inputs.length - 1] ?? (answers.at(-1) as Answer))(input);
      }),
      watchBills: fromCallback(({ sendBack }) => {
        stream.send = sendBack;
        return () => {
          stream.stopped = true;
        };
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  const requests = () => inputs.map((i) => i.request);
  return { actor, inputs, requests, stream, clock };
}

describe("bill list: the list", () => {
  it("asks for the first page with the applications once, and shows each confirming bill's n / required", async () => {
    const { actor, inputs } = start();
    expect(selectBillTable(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "list.ready");
    expect(inputs).toEqual([{ request: { pageSize: 10 }, withApps: true }]);
    const table = selectBillTable(actor.getSnapshot());
    if (table.kind !== "rows") throw new Error(table.kind);
    expect(table.rows.map((r) => r.progress)).toEqual([{ confirmations: 1, required: 3 }, null]);
    expect(selectBillSearch(actor.getSnapshot()).apps).toEqual(apps);

    actor.send({ type: "bills.page", page: 2 });
    await settle(actor, "list.ready");
    expect(inputs[1]).toEqual({ request: { cursor: "p2", pageSize: 10 }, withApps: false });
    expect(selectBillPaging(actor.getSnapshot())).toMatchObject({ page: 2, pageCount: 3, canPrevious: true });
  });

  it("checks the search with the request schema before the call, and sends a valid one from page 1", async () => {
    const { actor, requests } = start();
    await settle(actor, "list.ready");
    actor.send({ type: "bills.search", ...emptyBillSearch, txHash: "0x12", address: "0xnope" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      txHash: "validation.txHash",
      address: "validation.address",
    });
    expect(requests()).toHaveLength(1);

    const txHash = sampleBill().txHash;
    actor.send({
      type: "bills.search",
      appCode: "2026020100000001",
      status: "confirming",
      noticeStatus: "notNotified",
      startTime: "2026-02-01T00:00",
      endTime: "2026-02-02T00:00",
      txHash: ` ${txHash} `,
      address: "",
    });
    await settle(actor, "list.ready");
    expect(requests()[1]).toEqual({
      appCode: "2026020100000001",
      status: "confirming",
      noticeStatus: "notNotified",
      startTime: new Date("2026-02-01T00:00").toISOString(),
      endTime: new Date(Date.parse("2026-02-02T00:00") + 59_999).toISOString(),
      txHash,
      pageSize: 10,
    });

    actor.send({ type: "bills.reset" });
    expect(actor.getSnapshot().context.formRevision).toBe(1);
    await settle(actor, "list.ready");
    expect(requests()[2]).toEqual({ pageSize: 10 });
  });

  it("refuses an end before the start", () => {
    expect(
      billSearchErrors({ ...emptyBillSearch, startTime: "2026-02-02T00:00", endTime: "2026-02-01T00:00" }),
    ).toEqual({ endTime: "bills.search.endBeforeStart" });
  });

  it("says no bill yet, or none for this search, and keeps a failure with Retry", async () => {
    const { actor } = start([
      async ({ request }) => pageOf(request, [], 0),
      async ({ request }) => pageOf(request, [], 0),
      async () => {
        throw apiFailure("5000");
      },
      async ({ request }) => pageOf(request),
    ]);
    await settle(actor, "list.ready");
    expect(selectBillTable(actor.getSnapshot())).toEqual({ kind: "empty", filtered: false, refreshing: false });
    actor.send({ type: "bills.search", ...emptyBillSearch, status: "credited" });
    await settle(actor, "list.ready");
    expect(selectBillTable(actor.getSnapshot())).toEqual({ kind: "empty", filtered: true, refreshing: false });
    actor.send({ type: "bills.reset" });
    await settle(actor, "list.failed");
    expect(selectBillTable(actor.getSnapshot())).toEqual({
      kind: "failed",
      failure: { errCode: "5000", errMsg: "failure 5000" },
    });
    actor.send({ type: "bills.retry" });
    await settle(actor, "list.ready");
    expect(selectBillTable(actor.getSnapshot()).kind).toBe("rows");
  });

  it("shows page 1 when the server answers the first page for a cursor past the bills left", async () => {
    const { actor, requests } = start([
      async ({ request }) => pageOf(request),
      async ({ request }) => pageOf(request, bills, 12, 1),
    ]);
    await settle(actor, "list.ready");
    actor.send({ type: "bills.page", page: 3 });
    expect(actor.getSnapshot().matches({ list: "ready" })).toBe(true);
    actor.send({ type: "bills.page", page: 2 });
    await settle(actor, "list.ready");
    expect(requests().map((r) => r.cursor)).toEqual([undefined, "p2"]);
    expect(selectBillPaging(actor.getSnapshot())).toMatchObject({ page: 1, pageCount: 2, canPrevious: false });
  });

  it("opens a listed bill's details and closes them", async () => {
    const { actor } = start();
    await settle(actor, "list.ready");
    actor.send({ type: "bill.details", billNo: "999" });
    expect(selectBillDetail(actor.getSnapshot())).toEqual({ open: false });
    actor.send({ type: "bill.details", billNo: sampleBill().billNo });
    expect(selectBillDetail(actor.getSnapshot())).toEqual({
      open: true,
      bill: sampleBill(),
      progress: { confirmations: 1, required: 3 },
    });
    actor.send({ type: "details.close" });
    expect(selectBillDetail(actor.getSnapshot())).toEqual({ open: false });
  });
});

describe("bill list: live", () => {
  it("updates a listed bill in place, in its open dialog too, without asking for the list", async () => {
    const { actor, stream, requests } = start();
    await settle(actor, "list.ready");
    actor.send({ type: "bill.details", billNo: sampleBill().billNo });
    stream.send?.({ type: "bill.updated", bill: sampleBill({ confirmations: 2 }) });
    expect(selectBillDetail(actor.getSnapshot())).toMatchObject({ progress: { confirmations: 2, required: 3 } });
    const credited = sampleBill({ status: "credited", confirmations: 3, creditedAt: "2026-02-01T10:03:03.000Z" });
    stream.send?.({ type: "bill.updated", bill: credited });
    expect(selectBillDetail(actor.getSnapshot())).toMatchObject({ bill: credited, progress: null });
    actor.send({ type: "details.close" });
    const table = selectBillTable(actor.getSnapshot());
    if (table.kind !== "rows") throw new Error(table.kind);
    expect(table.rows[0]?.bill).toEqual(credited);
    expect(requests()).toHaveLength(1);
  });

  it("asks for page 1 again when a new bill arrives while it shows the newest of all, and only then", async () => {
    const { actor, stream, requests } = start();
    await settle(actor, "list.ready");
    const newBill = sampleBill({ billNo: "2026020100000102" });
    stream.send?.({ type: "bill.updated", bill: newBill });
    await settle(actor, "list.ready");
    expect(requests()).toHaveLength(2);

    actor.send({ type: "bills.page", page: 2 });
    await settle(actor, "list.ready");
    stream.send?.({ type: "bill.updated", bill: sampleBill({ billNo: "2026020100000103" }) });
    actor.send({ type: "bills.search", ...emptyBillSearch, status: "confirming" });
    await settle(actor, "list.ready");
    stream.send?.({ type: "bill.updated", bill: sampleBill({ billNo: "2026020100000104" }) });
    expect(actor.getSnapshot().matches({ list: "ready" })).toBe(true);
    expect(requests()).toHaveLength(4);
  });

  it("asks for the list every 5 s once the stream has failed", async () => {
    const { actor, stream, requests, clock } = start();
    await settle(actor, "list.ready");
    expect(selectBillFeed(actor.getSnapshot())).toBe("live");
    stream.send?.({ type: "bills.streamFailed" });
    expect(stream.stopped).toBe(true);
    expect(selectBillFeed(actor.getSnapshot())).toBe("polling");
    clock.increment(billPollMs);
    await settle(actor, "list.ready");
    clock.increment(billPollMs);
    await settle(actor, "list.ready");
    expect(requests()).toHaveLength(3);
    // An open dialog is not taken away by a poll.
    actor.send({ type: "bill.details", billNo: sampleBill().billNo });
    clock.increment(billPollMs);
    expect(actor.getSnapshot().matches({ list: "details" })).toBe(true);
    expect(requests()).toHaveLength(3);
  });
});
