import { describe, expect, it, vi } from "vitest";
import { type AnyEventObject, createActor, fromCallback, fromPromise, SimulatedClock } from "xstate";
import type { BillListRequest } from "../../contracts/schemas/bills.ts";
import type { CallbackAttempt, CallbackListRequest } from "../../contracts/schemas/callbacks.ts";
import { billListArea } from "../bills/bill-list.ts";
import { selectBillDetail, selectBillTable } from "../bills/bill-list-selectors.ts";
import { creditedBill, sampleBill } from "../bills/bill-test-support.ts";
import { callbackListArea } from "../callbacks/callback-list.ts";
import { sampleAttempt, unansweredAttempt } from "../callbacks/callback-samples.ts";
import { apiFailure, settle } from "../test-support.ts";
import { fakeKeysetPaging, pageNumberOf } from "./keyset-test-support.ts";
import { type AnyListArea, emptySearchOf, type ListSearch, listSearchErrors } from "./list-area.ts";
import { type ListLoad, type ListLoadInput, type ListInput, listMachine, listPollMs } from "./list-machine.ts";
import { selectListFeed, selectListPaging, selectListSearch, tableSelector } from "./list-selectors.ts";

// The list machine's behaviour, tested once: on Application bills (a live list) and, for what only a
// list opened from a link or changed by a dialog shows, on Transaction callbacks.

const bills = [sampleBill(), creditedBill()];
const apps = [{ appCode: "2026020100000001", name: "Web shop" }];
type Answer = (input: ListLoadInput) => Promise<ListLoad>;
const pageOf = (
  request: { cursor?: string; pageSize?: number },
  items: unknown[] = bills,
  total = 23,
  page = pageNumberOf(request.cursor),
): ListLoad => ({ items, ...fakeKeysetPaging(page, request.pageSize ?? 10, total) });

function start(
  answers: Answer[] = [
    async ({ request, withChoices }) => ({
      ...pageOf(request as BillListRequest),
      ...(withChoices ? { choices: apps } : {}),
    }),
  ],
  input: ListInput = { area: billListArea },
) {
  const inputs: ListLoadInput[] = [];
  const stream: { send: ((event: AnyEventObject) => void) | null; stopped: boolean } = { send: null, stopped: false };
  const clock = new SimulatedClock();
  const machine = listMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) => {
        inputs.push(input);
        return (answers[inputs.length - 1] ?? (answers.at(-1) as Answer))(input);
      }),
      watchRows: fromCallback(({ sendBack }) => {
        stream.send = sendBack;
        return () => {
          stream.stopped = true;
        };
      }),
    },
  });
  const actor = createActor(machine, { clock, input }).start();
  const requests = () => inputs.map((i) => i.request as BillListRequest);
  return { actor, inputs, requests, stream, clock };
}

const emptyBillSearch = emptySearchOf(billListArea);
const billSearch = (fields: Partial<Record<string, string>>): ListSearch =>
  ({ ...emptyBillSearch, ...fields }) as ListSearch;
const search = (fields: Partial<Record<string, string>>) => ({
  type: "list.search" as const,
  search: billSearch(fields),
});

describe("list machine: search, pages, details", () => {
  it("asks for the first page with the applications once, and shows each confirming bill's n / required", async () => {
    const { actor, inputs } = start();
    expect(selectBillTable(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "list.ready");
    expect(inputs).toEqual([{ request: { pageSize: 10 }, withChoices: true }]);
    const table = selectBillTable(actor.getSnapshot());
    if (table.kind !== "rows") throw new Error(table.kind);
    expect(table.rows.map((r) => r.progress)).toEqual([{ confirmations: 1, required: 3 }, null]);
    expect(selectListSearch(actor.getSnapshot()).choices).toEqual(apps);

    actor.send({ type: "list.page", page: 2 });
    await settle(actor, "list.ready");
    expect(inputs[1]).toEqual({ request: { cursor: "p2", pageSize: 10 }, withChoices: false });
    expect(selectListPaging(actor.getSnapshot())).toMatchObject({ page: 2, pageCount: 3, canPrevious: true });
  });

  it("checks the search with the request schema before the call, and sends a valid one from page 1", async () => {
    const { actor, requests } = start();
    await settle(actor, "list.ready");
    actor.send(search({ txHash: "0x12", address: "0xnope" }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      txHash: "validation.txHash",
      address: "validation.address",
    });
    expect(requests()).toHaveLength(1);

    const txHash = sampleBill().txHash;
    actor.send(
      search({
        appCode: "2026020100000001",
        status: "confirming",
        noticeStatus: "notNotified",
        startTime: "2026-02-01T00:00",
        endTime: "2026-02-02T00:00",
        txHash: ` ${txHash} `,
      }),
    );
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

    actor.send({ type: "list.reset" });
    expect(actor.getSnapshot().context.formRevision).toBe(1);
    await settle(actor, "list.ready");
    expect(requests()[2]).toEqual({ pageSize: 10 });
  });

  it("refuses an end before the start", () => {
    expect(
      listSearchErrors(billListArea, billSearch({ startTime: "2026-02-02T00:00", endTime: "2026-02-01T00:00" })),
    ).toEqual({ endTime: "bills.search.endBeforeStart" });
  });

  it("says no bill yet, or none for this search, and keeps a failure with Retry", async () => {
    const { actor } = start([
      async ({ request }) => pageOf(request as BillListRequest, [], 0),
      async ({ request }) => pageOf(request as BillListRequest, [], 0),
      async () => {
        throw apiFailure("5000");
      },
      async ({ request }) => pageOf(request as BillListRequest),
    ]);
    await settle(actor, "list.ready");
    expect(selectBillTable(actor.getSnapshot())).toEqual({ kind: "empty", filtered: false, refreshing: false });
    actor.send(search({ status: "credited" }));
    await settle(actor, "list.ready");
    expect(selectBillTable(actor.getSnapshot())).toEqual({ kind: "empty", filtered: true, refreshing: false });
    actor.send({ type: "list.reset" });
    await settle(actor, "list.failed");
    expect(selectBillTable(actor.getSnapshot())).toEqual({
      kind: "failed",
      failure: { errCode: "5000", errMsg: "failure 5000" },
    });
    actor.send({ type: "list.retry" });
    await settle(actor, "list.ready");
    expect(selectBillTable(actor.getSnapshot()).kind).toBe("rows");
  });

  it("shows page 1 when the server answers the first page for a cursor past the bills left", async () => {
    const { actor, requests } = start([
      async ({ request }) => pageOf(request as BillListRequest),
      async ({ request }) => pageOf(request as BillListRequest, bills, 12, 1),
    ]);
    await settle(actor, "list.ready");
    actor.send({ type: "list.page", page: 3 });
    expect(actor.getSnapshot().matches({ list: "ready" })).toBe(true);
    actor.send({ type: "list.page", page: 2 });
    await settle(actor, "list.ready");
    expect(requests().map((r) => r.cursor)).toEqual([undefined, "p2"]);
    expect(selectListPaging(actor.getSnapshot())).toMatchObject({ page: 1, pageCount: 2, canPrevious: false });
  });

  it("opens a listed bill's details and closes them", async () => {
    const { actor } = start();
    await settle(actor, "list.ready");
    actor.send({ type: "row.details", key: "999" });
    expect(selectBillDetail(actor.getSnapshot())).toEqual({ open: false });
    actor.send({ type: "row.details", key: sampleBill().billNo });
    expect(selectBillDetail(actor.getSnapshot())).toEqual({
      open: true,
      bill: sampleBill(),
      progress: { confirmations: 1, required: 3 },
    });
    actor.send({ type: "details.close" });
    expect(selectBillDetail(actor.getSnapshot())).toEqual({ open: false });
  });
});

describe("list machine: live rows", () => {
  it("updates a listed bill in place, in its open dialog too, without asking for the list", async () => {
    const { actor, stream, requests } = start();
    await settle(actor, "list.ready");
    actor.send({ type: "row.details", key: sampleBill().billNo });
    stream.send?.({ type: "row.updated", row: sampleBill({ confirmations: 2 }) });
    expect(selectBillDetail(actor.getSnapshot())).toMatchObject({ progress: { confirmations: 2, required: 3 } });
    const credited = sampleBill({ status: "credited", confirmations: 3, creditedAt: "2026-02-01T10:03:03.000Z" });
    stream.send?.({ type: "row.updated", row: credited });
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
    stream.send?.({ type: "row.updated", row: newBill });
    await settle(actor, "list.ready");
    expect(requests()).toHaveLength(2);

    actor.send({ type: "list.page", page: 2 });
    await settle(actor, "list.ready");
    stream.send?.({ type: "row.updated", row: sampleBill({ billNo: "2026020100000103" }) });
    actor.send(search({ status: "confirming" }));
    await settle(actor, "list.ready");
    stream.send?.({ type: "row.updated", row: sampleBill({ billNo: "2026020100000104" }) });
    expect(actor.getSnapshot().matches({ list: "ready" })).toBe(true);
    expect(requests()).toHaveLength(4);
  });

  it("asks for the list every 5 s once the stream has failed", async () => {
    const { actor, stream, requests, clock } = start();
    await settle(actor, "list.ready");
    expect(selectListFeed(actor.getSnapshot())).toBe("live");
    stream.send?.({ type: "feed.failed" });
    expect(stream.stopped).toBe(true);
    expect(selectListFeed(actor.getSnapshot())).toBe("polling");
    clock.increment(listPollMs);
    await settle(actor, "list.ready");
    clock.increment(listPollMs);
    await settle(actor, "list.ready");
    expect(requests()).toHaveLength(3);
    // An open dialog is not taken away by a poll.
    actor.send({ type: "row.details", key: sampleBill().billNo });
    clock.increment(listPollMs);
    expect(actor.getSnapshot().matches({ list: "details" })).toBe(true);
    expect(requests()).toHaveLength(3);
  });
});

const attempts = [sampleAttempt(), unansweredAttempt()];
const callbackPage = (request: unknown, items: CallbackAttempt[] = attempts, total = 23) =>
  pageOf(request as CallbackListRequest, items, total);
const callbacksFrom = (search?: Record<string, string>): ListInput => ({
  area: callbackListArea,
  ...(search ? { search } : {}),
});

describe("list machine: opened from a link, changed by a dialog", () => {
  it("opens with the link's search as the filter; an invalid one is left out", async () => {
    const linked = start([async ({ request }) => callbackPage(request)], callbacksFrom({ billNo: "2026020100000101" }));
    await settle(linked.actor, "list.ready");
    expect(linked.requests()[0]).toEqual({ billNo: "2026020100000101", pageSize: 10 });
    expect(selectListSearch(linked.actor.getSnapshot()).search.billNo).toBe("2026020100000101");

    const typed = start([async ({ request }) => callbackPage(request)], callbacksFrom({ billNo: "not-a-bill" }));
    await settle(typed.actor, "list.ready");
    expect(typed.requests()[0]).toEqual({ pageSize: 10 });
  });

  it("reloads the page shown when rows were added, and asks again once an answer under way has come", async () => {
    let release: (() => void) | null = null;
    const { actor, requests } = start(
      [
        async ({ request }) => callbackPage(request),
        ({ request }) => new Promise((resolve) => (release = () => resolve(callbackPage(request)))),
        async ({ request }) => callbackPage(request, [sampleAttempt({ attemptId: "99" }), ...attempts], 24),
      ],
      callbacksFrom(),
    );
    await settle(actor, "list.ready");
    expect(selectListFeed(actor.getSnapshot())).toBe("off");
    actor.send({ type: "list.reload" });
    expect(actor.getSnapshot().matches({ list: "loading" })).toBe(true);
    expect(tableSelector()(actor.getSnapshot())).toMatchObject({ kind: "rows", refreshing: true });
    actor.send({ type: "list.reload" });
    // Not asked again at once: the answer under way is let through first.
    expect(requests()).toHaveLength(2);
    (release as (() => void) | null)?.();
    await settle(actor, "list.ready");
    expect(requests()).toHaveLength(3);
    expect(actor.getSnapshot().context.paging.total).toBe(24);
  });

  it("shows a first page even while reloads keep coming faster than its answers (issue 68: never stuck loading)", async () => {
    const held: Array<() => void> = [];
    const { actor, requests } = start(
      Array.from(
        { length: 4 },
        (): Answer =>
          ({ request }) =>
            new Promise((resolve) => held.push(() => resolve(callbackPage(request)))),
      ),
      callbacksFrom(),
    );
    // Three reloads (a stream's events, polls) while the first answer is under way: one page asked, then one more.
    for (let i = 0; i < 3; i++) actor.send({ type: "list.reload" });
    expect(requests()).toHaveLength(1);
    held.shift()?.();
    await vi.waitFor(() =>
      expect(tableSelector()(actor.getSnapshot())).toMatchObject({ kind: "rows", refreshing: true }),
    );
    expect(requests()).toHaveLength(2);
    held.shift()?.();
    await settle(actor, "list.ready");
    expect(requests()).toHaveLength(2);
  });

  it("keeps an open dialog while paging is asked for", async () => {
    const { actor } = start([async ({ request }) => callbackPage(request)], callbacksFrom());
    await settle(actor, "list.ready");
    actor.send({ type: "row.details", key: "42" });
    actor.send({ type: "list.page", page: 2 });
    expect(actor.getSnapshot().matches({ list: "details" })).toBe(true);
  });

  it("checks each area's fields with its own request schema", () => {
    const callbacks: AnyListArea = callbackListArea;
    const empty = emptySearchOf(callbacks);
    expect(listSearchErrors(callbacks, { ...empty, billNo: "2026020100000101" })).toEqual({});
    expect(listSearchErrors(callbacks, { ...empty, appCode: "shop" })).toEqual({ appCode: "validation.appCode" });
  });
});
