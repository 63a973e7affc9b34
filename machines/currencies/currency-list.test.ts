import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { Currency, CurrencyListResult } from "../../contracts/schemas/currencies.ts";
import { apiFailure, settle } from "../test-support.ts";
import { selectCanReload, selectCurrencySummary, selectCurrencyTable } from "./currency-list-selectors.ts";
import { currencyListMachine } from "./currency-list.ts";
import { devnetEther } from "./currency-test-support.ts";

const tron: Currency = {
  ...devnetEther,
  name: "TRON",
  symbol: "TRX",
  decimals: 6,
  chainName: "TRON",
  chainUnit: "TRX",
  chainId: null,
  status: "notConfigured",
  confirmations: null,
  arrivalSeconds: null,
};
const usdt: Currency = { ...devnetEther, symbol: "USDT", type: "token", credited: true };
const listed: CurrencyListResult = { items: [devnetEther, usdt, tron] };
/** The rows as the table shows them: only USDT credited, with its arrival; the coin pays fees; TRON not followed. */
const rows = [
  { ...devnetEther, standing: "feesOnly", arrival: null },
  { ...usdt, standing: "credited", arrival: { confirmations: 2, seconds: 2 } },
  { ...tron, standing: "notConfigured", arrival: null },
];

function start(...answers: Array<() => Promise<CurrencyListResult>>) {
  let calls = 0;
  const machine = currencyListMachine.provide({
    actors: { loadCurrencies: fromPromise(() => (answers[calls++] ?? answers.at(-1)!)()) },
  });
  return { actor: createActor(machine).start(), calls: () => calls };
}

describe("the Currency list", () => {
  it("asks once on start and shows the currencies as the server orders them, with what deposits are credited in", async () => {
    const { actor, calls } = start(async () => listed);
    expect(selectCurrencyTable(actor.getSnapshot())).toEqual({ kind: "loading" });
    expect(selectCurrencySummary(actor.getSnapshot())).toBeNull();
    await settle(actor, "ready");
    expect(calls()).toBe(1);
    expect(selectCurrencyTable(actor.getSnapshot())).toEqual({ kind: "rows", rows, refreshing: false });
    expect(selectCurrencySummary(actor.getSnapshot())).toEqual({ credited: 1, chains: 1 });
    expect(selectCanReload(actor.getSnapshot())).toBe(true);
  });

  it("keeps the list on screen while Refresh measures again, and takes the new answer", async () => {
    let release: (r: CurrencyListResult) => void = () => {};
    const { actor, calls } = start(
      async () => listed,
      () => new Promise((resolve) => (release = resolve)),
    );
    await settle(actor, "ready");
    actor.send({ type: "currencies.reload" });
    expect(selectCurrencyTable(actor.getSnapshot())).toEqual({ kind: "rows", rows, refreshing: true });
    expect(selectCanReload(actor.getSnapshot())).toBe(false);
    release({ items: [tron] });
    await settle(actor, "ready");
    expect(calls()).toBe(2);
    expect(selectCurrencyTable(actor.getSnapshot())).toEqual({ kind: "rows", rows: [rows[2]], refreshing: false });
    expect(selectCurrencySummary(actor.getSnapshot())).toEqual({ credited: 0, chains: 0 });
  });

  it("says when it could not be loaded, and loads again on Retry", async () => {
    const { actor, calls } = start(
      async () => {
        throw apiFailure("5000", "Internal error");
      },
      async () => ({ items: [] }),
    );
    await settle(actor, "failed");
    expect(selectCurrencyTable(actor.getSnapshot())).toMatchObject({ kind: "failed", failure: { errCode: "5000" } });
    expect(actor.getSnapshot().can({ type: "currencies.reload" })).toBe(false);
    actor.send({ type: "currencies.retry" });
    await settle(actor, "ready");
    expect(calls()).toBe(2);
    expect(selectCurrencyTable(actor.getSnapshot())).toEqual({ kind: "empty", filtered: false, refreshing: false });
  });
});
