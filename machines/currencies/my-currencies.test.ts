import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { MyCurrency, MyCurrencyListResult, MyCurrencySetRequest } from "../../contracts/schemas/currencies.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { apiFailure, settle } from "../test-support.ts";
import {
  selectMyCurrencySummary,
  selectMyCurrencyTable,
  selectOffersPackages,
  selectSwitchRefusal,
} from "./my-currencies-selectors.ts";
import { myCurrenciesMachine } from "./my-currencies.ts";

const usdt: MyCurrency = {
  name: "Test Tether USD",
  symbol: "USDT",
  contractAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  decimals: 6,
  protocol: "ERC-20",
  chainName: "Devnet",
  chainId: 31337,
  accepted: true,
  held: false,
  credited: true,
};
const usdc: MyCurrency = {
  ...usdt,
  name: "USDC",
  symbol: "USDC",
  contractAddress: `0x${"bb".repeat(20)}`,
  accepted: false,
  credited: false,
};
const trial: MyCurrencyListResult = { items: [usdt, usdc], limit: 1, acceptedCount: 1, defaulted: true };
const turnedOff: MyCurrencyListResult = {
  items: [{ ...usdt, accepted: false }, usdc],
  limit: 1,
  acceptedCount: 0,
  defaulted: false,
};

function start(
  load: Array<() => Promise<MyCurrencyListResult>>,
  set: (input: MyCurrencySetRequest) => Promise<MyCurrencyListResult> = async () => turnedOff,
) {
  let loads = 0;
  const sets: MyCurrencySetRequest[] = [];
  const machine = myCurrenciesMachine.provide({
    actors: {
      loadMyCurrencies: fromPromise(() => (load[loads++] ?? load.at(-1)!)()),
      setMyCurrency: fromPromise(({ input }: { input: MyCurrencySetRequest }) => {
        sets.push(input);
        return set(input);
      }),
    },
  });
  return { actor: createActor(machine).start(), loads: () => loads, sets };
}

const toggle = (c: MyCurrency, accepted: boolean) =>
  ({ type: "myCurrencies.toggle", chainId: c.chainId, contractAddress: c.contractAddress, accepted }) as const;

describe("My currencies", () => {
  it("loads once on start and shows each currency with its switch, and how many are accepted of the limit", async () => {
    const { actor, loads } = start([async () => trial]);
    expect(selectMyCurrencyTable(actor.getSnapshot())).toEqual({ kind: "loading" });
    expect(selectMyCurrencySummary(actor.getSnapshot())).toBeNull();
    await settle(actor, "ready");
    expect(loads()).toBe(1);
    const table = selectMyCurrencyTable(actor.getSnapshot());
    expect(table.kind === "rows" && table.rows.map((r) => [r.key, r.contractShort, r.accepted, r.canSwitch])).toEqual([
      ["31337-0x5fbdb2315678afecb367f032d93f642f64180aa3", "0x5FbD…0aa3", true, true],
      [`31337-0x${"bb".repeat(20)}`, "0xbbbb…bbbb", false, true],
    ]);
    expect(selectMyCurrencySummary(actor.getSnapshot())).toEqual({
      kind: "limited",
      accepted: 1,
      limit: 1,
      offered: 2,
      defaulted: true,
    });
    expect(selectOffersPackages(actor.getSnapshot())).toBe(false);
  });

  it("switches one with its call in flight (every switch waiting), then shows the list the server answered", async () => {
    let answer: (r: MyCurrencyListResult) => void = () => {};
    const { actor, sets } = start([async () => trial], () => new Promise((resolve) => (answer = resolve)));
    await settle(actor, "ready");
    // A switch to what it is already sends nothing.
    actor.send(toggle(usdt, true));
    expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true);
    actor.send(toggle(usdt, false));
    expect(sets).toEqual([{ chainId: 31337, contractAddress: usdt.contractAddress, accepted: false }]);
    const busy = selectMyCurrencyTable(actor.getSnapshot());
    expect(busy.kind === "rows" && busy.rows.map((r) => [r.switching, r.canSwitch])).toEqual([
      [true, false],
      [false, false],
    ]);
    expect(actor.getSnapshot().can(toggle(usdc, true))).toBe(false);
    answer(turnedOff);
    await settle(actor, "ready.idle");
    const table = selectMyCurrencyTable(actor.getSnapshot());
    expect(table.kind === "rows" && table.rows.map((r) => [r.accepted, r.switching, r.canSwitch])).toEqual([
      [false, false, true],
      [false, false, true],
    ]);
    expect(selectMyCurrencySummary(actor.getSnapshot())).toMatchObject({ accepted: 0, defaulted: false });
  });

  it("keeps the list when a switch is refused at the package's limit, and offers the packages until the next one", async () => {
    const refusal = apiFailure(errCodes.currencyLimitReached, "Your package (Trial) allows 1 currency");
    let refuse = true;
    const { actor } = start([async () => trial], async () => {
      if (refuse) throw refusal;
      return turnedOff;
    });
    await settle(actor, "ready");
    actor.send(toggle(usdc, true));
    await settle(actor, "ready.idle");
    expect(selectSwitchRefusal(actor.getSnapshot())).toMatchObject({ errCode: errCodes.currencyLimitReached });
    expect(selectOffersPackages(actor.getSnapshot())).toBe(true);
    const table = selectMyCurrencyTable(actor.getSnapshot());
    expect(table.kind === "rows" && table.rows.map((r) => r.accepted)).toEqual([true, false]);
    refuse = false;
    actor.send(toggle(usdt, false));
    expect(selectSwitchRefusal(actor.getSnapshot())).toBeNull();
    await settle(actor, "ready.idle");
    expect(selectOffersPackages(actor.getSnapshot())).toBe(false);
  });

  it("says there is no limit, or no package (offering the packages then)", async () => {
    const unlimited = start([async () => ({ ...trial, limit: null, acceptedCount: 2 })]).actor;
    await settle(unlimited, "ready");
    expect(selectMyCurrencySummary(unlimited.getSnapshot())).toEqual({
      kind: "unlimited",
      accepted: 2,
      defaulted: true,
    });
    const none = start([async () => ({ ...trial, limit: 0, acceptedCount: 0 })]).actor;
    await settle(none, "ready");
    expect(selectMyCurrencySummary(none.getSnapshot())).toMatchObject({ kind: "noPackage", accepted: 0 });
    expect(selectOffersPackages(none.getSnapshot())).toBe(true);
  });

  it("says when the list could not be loaded, and loads again on Retry", async () => {
    const { actor, loads } = start([
      async () => {
        throw apiFailure("5000", "Internal error");
      },
      async () => ({ items: [], limit: 1, acceptedCount: 0, defaulted: true }),
    ]);
    await settle(actor, "failed");
    expect(selectMyCurrencyTable(actor.getSnapshot())).toMatchObject({ kind: "failed", failure: { errCode: "5000" } });
    actor.send({ type: "myCurrencies.retry" });
    await settle(actor, "ready");
    expect(loads()).toBe(2);
    expect(selectMyCurrencyTable(actor.getSnapshot())).toEqual({ kind: "empty", filtered: false, refreshing: false });
  });
});
