import type { TFunction } from "i18next";
import type { PagingView } from "../../machines/lists/keyset-paging.ts";
import { formatCount } from "../i18n/format.ts";

/** The lists whose paging bar says how many rows and which page (their `<area>.pagination` texts). */
export type PagedArea =
  | "orders"
  | "bills"
  | "callbacks"
  | "apps"
  | "withdrawals"
  | "recharges"
  | "transactions"
  | "invoices";

/**
 * The paging bar's summary: "23 bills · page 2 of 3", or, when the count stopped at its cap, "10,000+ bills · page 2"
 * (how many pages there are is not known then).
 */
export function pagingSummary(t: TFunction, language: string, area: PagedArea, view: PagingView): string {
  return view.totalCapped
    ? t(`${area}.pagination.summaryCapped`, { total: formatCount(view.total, language), page: view.page })
    : t(`${area}.pagination.summary`, { count: view.total, page: view.page, pageCount: view.pageCount });
}
