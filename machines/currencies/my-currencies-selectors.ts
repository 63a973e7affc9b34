import type { SnapshotFrom } from "xstate";
import type { MyCurrency } from "../../contracts/schemas/currencies.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { Failure } from "../api-failure.ts";
import type { ListTableView } from "../lists/list-selectors.ts";
import { shortHex } from "../short-hex.ts";
import type { myCurrenciesMachine } from "./my-currencies.ts";

type MyCurrenciesSnapshot = SnapshotFrom<typeof myCurrenciesMachine>;

/** A currency as its row shows it: its contract in short, and its switch. */
export interface MyCurrencyRow extends MyCurrency {
  /** `chainId-contract`, lower-cased: the row's key. */
  key: string;
  /** 0x55d3…7955 (the whole in `contractAddress`). */
  contractShort: string;
  /** Its call is in flight. */
  switching: boolean;
  /** The switch may be pressed: no call in flight. */
  canSwitch: boolean;
}

const sameCurrency = (c: MyCurrency, pending: { chainId: number; contractAddress: string } | null) =>
  pending !== null &&
  c.chainId === pending.chainId &&
  c.contractAddress.toLowerCase() === pending.contractAddress.toLowerCase();

/** The table: loading (first time), could not be loaded, none offered here, or the currencies with their switches. */
export function selectMyCurrencyTable(s: MyCurrenciesSnapshot): ListTableView<MyCurrencyRow> {
  const { list, pending } = s.context;
  if (s.matches("failed")) return { kind: "failed", failure: s.context.failure };
  if (!list) return { kind: "loading" };
  const saving = s.matches({ ready: "saving" });
  if (list.items.length === 0) return { kind: "empty", filtered: false, refreshing: false };
  const rows = list.items.map((c) => ({
    ...c,
    key: `${c.chainId}-${c.contractAddress.toLowerCase()}`,
    contractShort: shortHex(c.contractAddress),
    switching: saving && sameCurrency(c, pending),
    canSwitch: !saving,
  }));
  return { kind: "rows", rows, refreshing: false };
}

/**
 * The line above the table: how many are accepted of how many the package allows, with no limit, or without an active
 * package (none can be turned on then); and whether the merchant has chosen yet (else the default is said). `offered`:
 * how many this server lists, which a limit above it cannot all be used on ("1 of 5" where one exists).
 */
export type MyCurrencySummary =
  | { kind: "limited"; accepted: number; limit: number; offered: number; defaulted: boolean }
  | { kind: "unlimited"; accepted: number; defaulted: boolean }
  | { kind: "noPackage"; accepted: number; defaulted: boolean };

export function selectMyCurrencySummary(s: MyCurrenciesSnapshot): MyCurrencySummary | null {
  const { list } = s.context;
  if (!list) return null;
  const { acceptedCount: accepted, defaulted, limit } = list;
  if (limit === null) return { kind: "unlimited", accepted, defaulted };
  if (limit === 0) return { kind: "noPackage", accepted, defaulted };
  return { kind: "limited", accepted, limit, offered: list.items.length, defaulted };
}

/** How many are turned on past the package's limit (held, not accepted): the page says so; 0 when none or not loaded. */
export const selectHeldCount = (s: MyCurrenciesSnapshot): number =>
  s.context.list?.items.filter((c) => c.held).length ?? 0;

/** Why the last switch was refused, for the page's callout (the toast names it); null after a switch went through. */
export const selectSwitchRefusal = (s: MyCurrenciesSnapshot): Failure | null => s.context.refusal;

/** The page offers the packages: a switch was refused at the package's limit, or there is no active package. */
export function selectOffersPackages(s: MyCurrenciesSnapshot): boolean {
  if (s.context.refusal?.errCode === errCodes.currencyLimitReached) return true;
  return selectMyCurrencySummary(s)?.kind === "noPackage";
}
