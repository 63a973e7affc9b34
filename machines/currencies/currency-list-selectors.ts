import type { SnapshotFrom } from "xstate";
import type { Currency } from "../../contracts/schemas/chains.ts";
import type { ListTableView } from "../lists/list-selectors.ts";
import type { currencyListMachine } from "./currency-list.ts";

type CurrencyListSnapshot = SnapshotFrom<typeof currencyListMachine>;

/** The table: loading (first time), could not be loaded, none, or the currencies (kept while a reload runs). */
export function selectCurrencyTable(s: CurrencyListSnapshot): ListTableView<Currency> {
  const refreshing = s.matches("loading");
  if (s.matches("failed")) return { kind: "failed", failure: s.context.failure };
  if (!s.context.loaded) return { kind: "loading" };
  if (s.context.currencies.length === 0) return { kind: "empty", filtered: false, refreshing };
  return { kind: "rows", rows: s.context.currencies, refreshing };
}

/** The heading's figures: how many currencies deposits arrive in here, and on how many chains. */
export function selectCurrencySummary(s: CurrencyListSnapshot): { active: number; chains: number } | null {
  if (!s.context.loaded) return null;
  const active = s.context.currencies.filter((c) => c.status === "active");
  return { active: active.length, chains: new Set(active.map((c) => c.chainName)).size };
}

/** Whether Refresh may be pressed: not while the list loads. */
export const selectCanReload = (s: CurrencyListSnapshot): boolean => s.matches("ready");
