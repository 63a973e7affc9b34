import type { SnapshotFrom } from "xstate";
import type { Currency } from "../../contracts/schemas/currencies.ts";
import type { ListTableView } from "../lists/list-selectors.ts";
import type { currencyListMachine } from "./currency-list.ts";

type CurrencyListSnapshot = SnapshotFrom<typeof currencyListMachine>;

/**
 * What a deposit in the currency comes to here: credited (the USDT of a chain this server follows), never
 * credited because it is a chain's own coin (it pays the network's fees), never credited being another token, or on
 * a chain not configured here.
 */
export type CurrencyStanding = "credited" | "feesOnly" | "notCredited" | "notConfigured";

export const currencyStanding = (c: Currency): CurrencyStanding =>
  c.status === "notConfigured"
    ? "notConfigured"
    : c.credited
      ? "credited"
      : c.type === "main"
        ? "feesOnly"
        : "notCredited";

/** A currency as its row shows it: its standing, and its time to be credited only where a deposit is credited. */
export interface CurrencyRow extends Currency {
  standing: CurrencyStanding;
  /** Confirmations and the seconds they take (null: unmeasured); null where nothing is credited. */
  arrival: { confirmations: number; seconds: number | null } | null;
}

const rowOf = (c: Currency): CurrencyRow => ({
  ...c,
  standing: currencyStanding(c),
  arrival:
    c.credited && c.confirmations !== null ? { confirmations: c.confirmations, seconds: c.arrivalSeconds } : null,
});

/** The table: loading (first time), could not be loaded, none, or the currencies (kept while a reload runs). */
export function selectCurrencyTable(s: CurrencyListSnapshot): ListTableView<CurrencyRow> {
  const refreshing = s.matches("loading");
  if (s.matches("failed")) return { kind: "failed", failure: s.context.failure };
  if (!s.context.loaded) return { kind: "loading" };
  if (s.context.currencies.length === 0) return { kind: "empty", filtered: false, refreshing };
  return { kind: "rows", rows: s.context.currencies.map(rowOf), refreshing };
}

/** The heading's figures: how many currencies deposits are credited in here, and on how many chains. */
export function selectCurrencySummary(s: CurrencyListSnapshot): { credited: number; chains: number } | null {
  if (!s.context.loaded) return null;
  const credited = s.context.currencies.filter((c) => c.credited);
  return { credited: credited.length, chains: new Set(credited.map((c) => c.chainName)).size };
}

/** Whether Refresh may be pressed: not while the list loads. */
export const selectCanReload = (s: CurrencyListSnapshot): boolean => s.matches("ready");
