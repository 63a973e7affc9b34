import { afterEach, describe, expect, it, vi } from "vitest";
import { type AnyActorRef, createActor, fromPromise, SimulatedClock } from "xstate";
import type { WalletData } from "./wallet-page.ts";
import { destinationRecheckMs, walletPageMachine } from "./wallet-page.ts";
import { selectWalletPage, withdrawalChoice } from "./wallet-page-selectors.ts";
import { allOf, withdrawalPreview } from "./wallet-amounts.ts";

const destination = (usable: boolean, id: string, usableAt = "2026-11-27T10:00:00.000Z") => ({
  id,
  chain: "Devnet",
  address: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
  label: "Cold",
  createdAt: "2026-11-26T10:00:00.000Z",
  usableAt,
  usable,
});
const data = (usable: boolean[]): WalletData => ({
  overview: {
    available: "25",
    held: "0",
    dailyLimit: "10000",
    dailyLeft: "10000",
    withdrawalsOffered: true,
    chains: [{ chain: "Devnet", symbol: "USDT", token: `0x${"11".repeat(20)}`, decimals: 6, fee: "1" }],
    cooldownSeconds: 86_400,
    secondFactorOn: false,
  },
  book: { items: usable.map((u, i) => destination(u, String(i + 1))), cooldownSeconds: 86_400 },
  payment: null,
});

/**
 * The actors a test started, stopped after it: one left in its waiting state asks the wallet again when a destination's
 * real timer fires, seconds later, in whatever test file the worker runs then.
 */
const running: AnyActorRef[] = [];
const started = <A extends AnyActorRef>(actor: A): A => {
  actor.start();
  running.push(actor);
  return actor;
};
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

describe("My wallet", () => {
  it("loads, keeps the wallet shown while it reloads, and offers withdrawing only to a destination past its cool-down", async () => {
    const answers = [data([false]), data([false, true])];
    const actor = started(
      createActor(walletPageMachine.provide({ actors: { loadWallet: fromPromise(async () => answers.shift()!) } })),
    );
    expect(selectWalletPage(actor.getSnapshot())).toEqual({ kind: "loading" });
    await new Promise((r) => setTimeout(r, 0));
    const first = selectWalletPage(actor.getSnapshot());
    expect(first).toMatchObject({
      kind: "ready",
      reloading: false,
      canWithdraw: false,
      usable: [],
      // The book holds a destination still in its cool-down: the hint says to wait, not to add one.
      withdrawHint: "wallet.destinationWaiting",
    });
    actor.send({ type: "wallet.reload" });
    expect(selectWalletPage(actor.getSnapshot())).toMatchObject({ kind: "ready", reloading: true });
    await new Promise((r) => setTimeout(r, 0));
    const second = selectWalletPage(actor.getSnapshot());
    expect(second).toMatchObject({ kind: "ready", canWithdraw: true, withdrawHint: null });
    expect(second.kind === "ready" && second.usable.map((u) => u.id)).toEqual(["2"]);
  });

  it("asks for a destination first when the address book is empty", async () => {
    const actor = started(
      createActor(walletPageMachine.provide({ actors: { loadWallet: fromPromise(async () => data([])) } })),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(selectWalletPage(actor.getSnapshot())).toMatchObject({
      kind: "ready",
      canWithdraw: false,
      withdrawHint: "wallet.needDestination",
    });
  });

  it("a change heard while the wallet loads is loaded once that answer has come: the figures never stay older than the change", async () => {
    const answers = [data([false]), { ...data([false]), overview: { ...data([false]).overview, available: "45" } }];
    let answer: (wallet: WalletData) => void = () => undefined;
    const actor = started(
      createActor(
        walletPageMachine.provide({
          actors: { loadWallet: fromPromise(() => new Promise<WalletData>((resolve) => (answer = resolve))) },
        }),
      ),
    );
    // A recharge is credited while the first answer is under way (read before it): the wallet is asked for again.
    actor.send({ type: "wallet.changed" });
    answer(answers.shift()!);
    await new Promise((r) => setTimeout(r, 0));
    expect(selectWalletPage(actor.getSnapshot())).toMatchObject({ kind: "ready", reloading: true });
    answer(answers.shift()!);
    await new Promise((r) => setTimeout(r, 0));
    const shown = selectWalletPage(actor.getSnapshot());
    expect(shown).toMatchObject({ kind: "ready", reloading: false });
    expect(shown.kind === "ready" && shown.data.overview.available).toBe("45");
    // Heard while the wallet is shown: asked for again at once.
    actor.send({ type: "wallet.changed" });
    expect(selectWalletPage(actor.getSnapshot())).toMatchObject({ kind: "ready", reloading: true });
  });

  it("says it could not load, and loads again on retry", async () => {
    let fail = true;
    const actor = started(
      createActor(
        walletPageMachine.provide({
          actors: {
            loadWallet: fromPromise(async () => {
              if (fail) throw new Error("down");
              return data([true]);
            }),
          },
        }),
      ),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(selectWalletPage(actor.getSnapshot())).toEqual({ kind: "failed" });
    fail = false;
    actor.send({ type: "wallet.retry" });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectWalletPage(actor.getSnapshot())).toMatchObject({ kind: "ready", canWithdraw: true });
  });
});

describe("My wallet, as a destination's cool-down ends", () => {
  afterEach(() => vi.useRealTimers());
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const withBook = (items: ReturnType<typeof destination>[]): WalletData => ({
    ...data([]),
    book: { items, cooldownSeconds: 86_400 },
  });
  /** My wallet on a merchant's clock set to `now`, its delays on a clock the test moves, answering `answers` in turn. */
  function openAt(now: string, answers: WalletData[]) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(now));
    const clock = new SimulatedClock();
    let loads = 0;
    const actor = started(
      createActor(
        walletPageMachine.provide({
          actors: {
            loadWallet: fromPromise(async () => {
              loads++;
              return answers.shift()!;
            }),
          },
        }),
        { clock },
      ),
    );
    return { actor, clock, loads: () => loads };
  }

  it("asks the wallet again when the earliest waiting destination's cool-down ends: Withdraw turns enabled by itself", async () => {
    const later = destination(false, "1", "2026-11-27T12:00:00.000Z");
    const sooner = destination(false, "2", "2026-11-27T10:00:00.000Z");
    const page = openAt("2026-11-27T09:00:00.000Z", [
      withBook([later, sooner]),
      withBook([later, { ...sooner, usable: true }]),
    ]);
    await settle();
    expect(selectWalletPage(page.actor.getSnapshot())).toMatchObject({ kind: "ready", canWithdraw: false });
    page.clock.increment(3_600_000 - 1);
    await settle();
    expect(page.loads()).toBe(1);
    page.clock.increment(1);
    await settle();
    expect(page.loads()).toBe(2);
    expect(selectWalletPage(page.actor.getSnapshot())).toMatchObject({ kind: "ready", canWithdraw: true });
  });

  it("waits for nothing when no destination waits, and at most setTimeout's longest delay for one far away", async () => {
    const none = openAt("2026-11-27T09:00:00.000Z", [withBook([destination(true, "1")])]);
    await settle();
    expect(none.actor.getSnapshot().matches({ ready: "settled" })).toBe(true);
    none.clock.increment(2 ** 31);
    await settle();
    expect(none.loads()).toBe(1);
    none.actor.stop();

    const far = destination(false, "1", "2027-11-27T09:00:00.000Z");
    const year = openAt("2026-11-27T09:00:00.000Z", [withBook([far]), withBook([far])]);
    await settle();
    year.clock.increment(2 ** 31 - 2);
    await settle();
    expect(year.loads()).toBe(1);
    year.clock.increment(1);
    await settle();
    expect(year.loads()).toBe(2);
    // Still waiting: the next step of the wait is scheduled again.
    expect(year.actor.getSnapshot().matches({ ready: "waiting" })).toBe(true);
  });

  it("asks again a little later, not at once, when the server still says waiting though the time passed by our clock", async () => {
    const late = destination(false, "1", "2026-11-27T08:59:00.000Z");
    const page = openAt("2026-11-27T09:00:00.000Z", [withBook([late]), withBook([late])]);
    await settle();
    page.clock.increment(destinationRecheckMs - 1);
    await settle();
    expect(page.loads()).toBe(1);
    page.clock.increment(1);
    await settle();
    expect(page.loads()).toBe(2);
  });
});

describe("the withdrawal dialog's choice", () => {
  it("is the destination chosen, else the first usable one, with the fee of its chain", () => {
    const { overview } = data([]);
    const two = [destination(true, "1"), { ...destination(true, "2"), chain: "Eth" }];
    expect(withdrawalChoice(overview, two, "")).toEqual({ destination: two[0], fee: "1" });
    // A chain withdrawals do not go out on has no fee to show.
    expect(withdrawalChoice(overview, two, "2")).toEqual({ destination: two[1], fee: "0" });
    expect(withdrawalChoice(overview, [], "")).toEqual({ destination: undefined, fee: "0" });
  });
});

describe("a withdrawal's preview", () => {
  it("adds the fee exactly, says what arrives, and whether the balance covers it", () => {
    expect(withdrawalPreview("12.5", "1", "25", "100")).toEqual({
      debit: "13.5",
      arrives: "12.5",
      overBalance: false,
      overDailyLimit: false,
    });
    expect(withdrawalPreview("0.000000000000000001", "0.1", "1", "1")).toEqual({
      debit: "0.100000000000000001",
      arrives: "0.000000000000000001",
      overBalance: false,
      overDailyLimit: false,
    });
    expect(withdrawalPreview("24.5", "1", "25", "100")).toMatchObject({ overBalance: true, overDailyLimit: false });
    expect(withdrawalPreview("12", "1", "25", "11.5")).toMatchObject({ overBalance: false, overDailyLimit: true });
    for (const amount of ["", "0", "abc", "1e3", "-2", "1.0000000000000000001"])
      expect(withdrawalPreview(amount, "1", "25", "100")).toBeNull();
  });

  it("offers everything but the fee as 'all'", () => {
    expect(allOf("25", "1")).toBe("24");
    expect(allOf("1.25", "0.5")).toBe("0.75");
    expect(allOf("0.5", "1")).toBe("0");
  });
});
