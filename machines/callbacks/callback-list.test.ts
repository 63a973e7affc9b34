import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { CallbackAttempt, CallbackListRequest } from "../../contracts/schemas/callbacks.ts";
import { apiFailure, settle } from "../test-support.ts";
import {
  type CallbackListLoad,
  type CallbackListLoadInput,
  callbackListMachine,
  callbackSearchErrors,
  emptyCallbackSearch,
  toCallbackListRequest,
} from "./callback-list.ts";
import {
  selectCallbackDetail,
  selectCallbackPaging,
  selectCallbackSearch,
  selectCallbackTable,
} from "./callback-list-selectors.ts";
import { fakeKeysetPaging, pageNumberOf } from "../lists/keyset-test-support.ts";
import { sampleAttempt, unansweredAttempt } from "./callback-samples.ts";

const attempts = [sampleAttempt(), unansweredAttempt()];
const apps = [{ appCode: "2026020100000001", name: "Web shop" }];
type Answer = (input: CallbackListLoadInput) => Promise<CallbackListLoad>;
const pageOf = (
  request: CallbackListRequest,
  items: CallbackAttempt[] = attempts,
  total = 23,
  page = pageNumberOf(request.cursor),
): CallbackListLoad => ({ items, ...fakeKeysetPaging(page, request.pageSize ?? 10, total) });

function start(
  answers: Answer[] = [async ({ request, withApps }) => ({ ...pageOf(request), ...(withApps ? { apps } : {}) })],
  billNo?: string,
) {
  const inputs: CallbackListLoadInput[] = [];
  const machine = callbackListMachine.provide({
    actors: {
      loadCallbacks: fromPromise(({ input }) => {
        inputs.push(input);
        return (answers[inputs.length - 1] ?? (answers.at(-1) as Answer))(input);
      }),
    },
  });
  const actor = createActor(machine, { input: billNo === undefined ? {} : { billNo } }).start();
  return { actor, inputs, requests: () => inputs.map((i) => i.request) };
}

describe("callback list", () => {
  it("asks for the first page with the applications once, then shows the rows and the paging", async () => {
    const { actor, inputs } = start();
    expect(selectCallbackTable(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "ready");
    expect(inputs).toEqual([{ request: { pageSize: 10 }, withApps: true }]);
    expect(selectCallbackTable(actor.getSnapshot())).toEqual({ kind: "rows", rows: attempts, refreshing: false });
    expect(selectCallbackSearch(actor.getSnapshot()).apps).toEqual(apps);
    expect(selectCallbackPaging(actor.getSnapshot())).toMatchObject({
      pageCount: 3,
      canNext: true,
      canPrevious: false,
    });

    actor.send({ type: "callbacks.page", page: 2 });
    await settle(actor, "ready");
    expect(inputs[1]).toEqual({ request: { cursor: "p2", pageSize: 10 }, withApps: false });
    actor.send({ type: "callbacks.page", page: 9 });
    expect(actor.getSnapshot().value).toBe("ready");
    actor.send({ type: "callbacks.pageSize", pageSize: 20 });
    await settle(actor, "ready");
    expect(inputs[2]?.request).toEqual({ pageSize: 20 });
  });

  it("opens with the bill of the link as the filter; an invalid one is left out", async () => {
    const linked = start(undefined, "2026020100000101");
    await settle(linked.actor, "ready");
    expect(linked.requests()[0]).toEqual({ billNo: "2026020100000101", pageSize: 10 });
    expect(selectCallbackSearch(linked.actor.getSnapshot()).search.billNo).toBe("2026020100000101");

    const typed = start(undefined, "not-a-bill");
    await settle(typed.actor, "ready");
    expect(typed.requests()[0]).toEqual({ pageSize: 10 });
  });

  it("searches by application, event type, result and time; refuses an end before the start without asking", async () => {
    const { actor, requests } = start();
    await settle(actor, "ready");
    const bad = { ...emptyCallbackSearch, startTime: "2026-02-02T00:00", endTime: "2026-02-01T00:00", billNo: "12" };
    actor.send({ type: "callbacks.search", ...bad });
    expect(selectCallbackSearch(actor.getSnapshot()).fieldErrors).toEqual({
      endTime: "callbacks.search.endBeforeStart",
      billNo: "validation.billNo",
    });
    expect(requests()).toHaveLength(1);

    const search = {
      ...emptyCallbackSearch,
      appCode: "2026020100000001",
      eventType: "deposit.credited" as const,
      result: "failed" as const,
      startTime: "2026-02-01T00:00",
    };
    actor.send({ type: "callbacks.search", ...search });
    await settle(actor, "ready");
    expect(requests()[1]).toEqual(toCallbackListRequest(search, { pageSize: 10 }));
    expect(requests()[1]).toMatchObject({
      appCode: "2026020100000001",
      eventType: "deposit.credited",
      result: "failed",
    });
    expect(selectCallbackSearch(actor.getSnapshot()).fieldErrors).toEqual({});

    actor.send({ type: "callbacks.reset" });
    expect(selectCallbackSearch(actor.getSnapshot()).revision).toBe(1);
    await settle(actor, "ready");
    expect(requests()[2]).toEqual({ pageSize: 10 });
  });

  it("shows a failure with Retry, and an empty list as filtered or not", async () => {
    const { actor } = start([
      async () => Promise.reject(apiFailure("5000")),
      async ({ request }) => pageOf(request, [], 0),
    ]);
    await settle(actor, "failed");
    expect(selectCallbackTable(actor.getSnapshot())).toEqual({
      kind: "failed",
      failure: { errCode: "5000", errMsg: "failure 5000" },
    });
    actor.send({ type: "callbacks.retry" });
    await settle(actor, "ready");
    expect(selectCallbackTable(actor.getSnapshot())).toEqual({ kind: "empty", filtered: false, refreshing: false });
    actor.send({ type: "callbacks.search", ...emptyCallbackSearch, result: "failed" });
    await settle(actor, "ready");
    expect(selectCallbackTable(actor.getSnapshot())).toMatchObject({ kind: "empty", filtered: true });
  });

  it("shows page 1 when the server answers the first page for a cursor past the attempts left", async () => {
    const { actor, requests } = start([
      async ({ request }) => pageOf(request),
      async ({ request }) => pageOf(request, attempts, 12, 1),
    ]);
    await settle(actor, "ready");
    actor.send({ type: "callbacks.page", page: 2 });
    await settle(actor, "ready");
    expect(requests().map((r) => r.cursor)).toEqual([undefined, "p2"]);
    expect(actor.getSnapshot().context.paging).toMatchObject({ page: 1, total: 12 });
  });

  it("reloads the page shown when an attempt was added, and asks again when one was under way", async () => {
    let release: (() => void) | null = null;
    const { actor, requests } = start([
      async ({ request }) => pageOf(request),
      ({ request }) => new Promise((resolve) => (release = () => resolve(pageOf(request)))),
      async ({ request }) => pageOf(request, [sampleAttempt({ attemptId: "99" }), ...attempts], 24),
    ]);
    await settle(actor, "ready");
    actor.send({ type: "callbacks.reload" });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(selectCallbackTable(actor.getSnapshot())).toMatchObject({ kind: "rows", refreshing: true });
    actor.send({ type: "callbacks.reload" });
    await settle(actor, "ready");
    expect(requests()).toHaveLength(3);
    expect(actor.getSnapshot().context.paging.total).toBe(24);
    expect(release).not.toBeNull();
  });

  it("opens the details of a listed attempt only, and closes them", async () => {
    const { actor } = start();
    await settle(actor, "ready");
    actor.send({ type: "attempt.details", attemptId: "nope" });
    expect(selectCallbackDetail(actor.getSnapshot())).toEqual({ open: false });
    actor.send({ type: "attempt.details", attemptId: "42" });
    expect(selectCallbackDetail(actor.getSnapshot())).toEqual({ open: true, attempt: attempts[1] });
    actor.send({ type: "callbacks.page", page: 2 });
    expect(actor.getSnapshot().value).toBe("details");
    actor.send({ type: "details.close" });
    expect(selectCallbackDetail(actor.getSnapshot())).toEqual({ open: false });
  });

  it("checks a bill number and the times like the server", () => {
    expect(callbackSearchErrors({ ...emptyCallbackSearch, billNo: "2026020100000101" })).toEqual({});
    expect(callbackSearchErrors({ ...emptyCallbackSearch, appCode: "shop" })).toEqual({
      appCode: "validation.appCode",
    });
  });
});
