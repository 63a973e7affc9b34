import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import type { OverviewRange, OverviewResult } from "../../contracts/schemas/console.ts";
import { apiFailure } from "../test-support.ts";
import { type OverviewEvent, consoleOverviewMachine } from "./console-overview.ts";
import { selectCanRetry, selectFigures, selectLive, selectTrend } from "./console-overview-selectors.ts";

const day = (date: string, amount: string, count: number) => ({ date, amount, count });
const figuresOf = (range: OverviewRange, today = day("2026-11-27", "10.5", 2)): OverviewResult => ({
  counts: { applications: 1, currencies: 2, wallets: 3 },
  balance: "40.25",
  mainChain: "12.5",
  today,
  invoicesPaidToday: day("2026-11-27", "25", 1),
  trend: {
    range,
    days: [day("2026-11-26", "0.000001", 1), today],
    invoicesPaid: [day("2026-11-26", "5.5", 2), day("2026-11-27", "25", 1)],
  },
  serverTime: "2026-11-27T10:00:00.000Z",
});

/** The machine with its load answered by `answer` (each call's range recorded) and the bills stream in the test's hand. */
function start(answer: (range: OverviewRange) => Promise<OverviewResult>) {
  const ranges: OverviewRange[] = [];
  let feed: ((event: OverviewEvent) => void) | null = null;
  let watches = 0;
  const machine = consoleOverviewMachine.provide({
    actors: {
      loadOverview: fromPromise(({ input }) => {
        ranges.push(input.range);
        return answer(input.range);
      }),
      watchBills: fromCallback<OverviewEvent>(({ sendBack }) => {
        watches += 1;
        feed = sendBack;
        return () => {
          feed = null;
        };
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, ranges, send: (e: OverviewEvent) => feed?.(e), watches: () => watches };
}
const settled = async (actor: { getSnapshot(): { matches(v: object): boolean } }) =>
  expect.poll(() => actor.getSnapshot().matches({ figures: "loading" })).toBe(false);

describe("the console home's figures", () => {
  it("loads the week's on open, then each range chosen, the trend's total added exactly", async () => {
    const { actor, ranges } = start(async (range) => figuresOf(range));
    expect(selectFigures(actor.getSnapshot())).toEqual({ kind: "loading" });
    expect(selectTrend(actor.getSnapshot())).toMatchObject({ range: "week", shown: null, days: null, total: null });
    await settled(actor);
    expect(selectFigures(actor.getSnapshot())).toEqual({
      kind: "ready",
      refreshing: false,
      balance: "40.25",
      mainChain: "12.5",
      today: day("2026-11-27", "10.5", 2),
      invoicesPaidToday: day("2026-11-27", "25", 1),
    });
    expect(selectTrend(actor.getSnapshot()).total).toEqual({ amount: "10.500001", count: 3 });
    expect(selectTrend(actor.getSnapshot()).invoicesTotal).toEqual({ amount: "30.5", count: 3 });
    expect(selectTrend(actor.getSnapshot()).invoicesPaid?.map((d) => d.count)).toEqual([2, 1]);
    actor.send({ type: "overview.range", range: "quarter" });
    expect(selectTrend(actor.getSnapshot())).toMatchObject({ range: "quarter", shown: "week", refreshing: true });
    expect(selectFigures(actor.getSnapshot())).toMatchObject({ kind: "ready", refreshing: true });
    await settled(actor);
    expect(ranges).toEqual(["week", "quarter"]);
  });

  it("a range chosen while one loads starts over with it", async () => {
    const { actor, ranges } = start(async (range) => figuresOf(range));
    actor.send({ type: "overview.range", range: "month" });
    await settled(actor);
    expect(ranges).toEqual(["week", "month"]);
    expect(actor.getSnapshot().context.figures?.trend.range).toBe("month");
  });

  it("offers Retry when the figures fail, and a range then loads too", async () => {
    let fail = true;
    const { actor, ranges } = start(async (range) => {
      if (fail) throw apiFailure("5000", "Internal error");
      return figuresOf(range);
    });
    await settled(actor);
    expect(selectFigures(actor.getSnapshot())).toMatchObject({ kind: "failed", failure: { errCode: "5000" } });
    expect(selectTrend(actor.getSnapshot()).days).toBeNull();
    expect(selectCanRetry(actor.getSnapshot())).toBe(true);
    actor.send({ type: "overview.range", range: "month" });
    await settled(actor);
    fail = false;
    actor.send({ type: "overview.retry" });
    await settled(actor);
    expect(ranges).toEqual(["week", "month", "month"]);
    expect(selectCanRetry(actor.getSnapshot())).toBe(false);
    expect(selectFigures(actor.getSnapshot())).toMatchObject({ kind: "ready" });
  });

  it("loads again when a deposit is credited or taken back, not for a confirmation on the way", async () => {
    const { actor, ranges, send } = start(async (range) => figuresOf(range));
    await settled(actor);
    send({ type: "overview.bill", status: "confirming" });
    send({ type: "overview.bill", status: "dropped" });
    expect(actor.getSnapshot().matches({ figures: "ready" })).toBe(true);
    send({ type: "overview.bill", status: "credited" });
    expect(actor.getSnapshot().matches({ figures: "loading" })).toBe(true);
    // Credited again while it loads: the load starts over, so it counts the newer deposit too.
    send({ type: "overview.bill", status: "credited" });
    await settled(actor);
    send({ type: "overview.bill", status: "reversed" });
    await settled(actor);
    expect(ranges).toEqual(["week", "week", "week", "week"]);
  });

  it("when the stream is lost keeps the figures, and Refresh loads them and follows again", async () => {
    const { actor, ranges, send, watches } = start(async (range) => figuresOf(range));
    await settled(actor);
    expect(selectLive(actor.getSnapshot())).toBe(true);
    send({ type: "overview.feedLost" });
    expect(selectLive(actor.getSnapshot())).toBe(false);
    expect(selectFigures(actor.getSnapshot())).toMatchObject({ kind: "ready", refreshing: false });
    actor.send({ type: "overview.refresh" });
    expect(selectLive(actor.getSnapshot())).toBe(true);
    await settled(actor);
    expect(watches()).toBe(2);
    expect(ranges).toEqual(["week", "week"]);
  });
});
