import type { SnapshotFrom } from "xstate";
import type { AppBill } from "../../contracts/schemas/bills.ts";
import type { FieldErrors, Failure } from "../api-failure.ts";
import { type PagingView, pagingViewOf } from "../lists/keyset-paging.ts";
import type { BillExportRequest } from "../../contracts/schemas/bills.ts";
import {
  type AppOption,
  type BillSearch,
  type billListMachine,
  billPageSizes,
  isFilteredSearch,
  toBillExportRequest,
} from "./bill-list.ts";

type BillListSnapshot = SnapshotFrom<typeof billListMachine>;

/** A bill's confirmations while it is confirming ("2 / 3"); null once it is credited or taken away. */
export type ConfirmationView = { confirmations: number; required: number } | null;

export interface BillRow {
  bill: AppBill;
  progress: ConfirmationView;
}

/** The list's body: a first load, a failure with Retry, no bill (yet, or for this search), or the rows. */
export type BillTableView =
  | { kind: "loading" }
  | { kind: "failed"; failure: Failure | null }
  | { kind: "empty"; filtered: boolean; refreshing: boolean }
  | { kind: "rows"; rows: BillRow[]; refreshing: boolean };

export const progressOf = (bill: AppBill): ConfirmationView =>
  bill.status === "confirming"
    ? { confirmations: Math.min(bill.confirmations, bill.required), required: bill.required }
    : null;

const inList = (s: BillListSnapshot, state: "loading" | "failed" | "ready" | "details") => s.matches({ list: state });

export function selectBillTable(s: BillListSnapshot): BillTableView {
  const { context } = s;
  const refreshing = inList(s, "loading");
  if (inList(s, "failed")) return { kind: "failed", failure: context.failure };
  // Until the first answer there is nothing to keep on screen.
  if (!context.loaded) return { kind: "loading" };
  if (context.items.length === 0) return { kind: "empty", filtered: isFilteredSearch(context.search), refreshing };
  return { kind: "rows", rows: context.items.map((bill) => ({ bill, progress: progressOf(bill) })), refreshing };
}

export const selectBillPaging = (s: BillListSnapshot): PagingView =>
  pagingViewOf(s.context.paging, billPageSizes, {
    page: (page) => s.can({ type: "bills.page", page }),
    pageSize: (pageSize) => s.can({ type: "bills.pageSize", pageSize }),
  });

export interface BillSearchView {
  search: BillSearch;
  revision: number;
  fieldErrors: FieldErrors;
  /** The applications to choose from; null while they have not arrived (the filter takes a code then). */
  apps: AppOption[] | null;
  busy: boolean;
  canSearch: boolean;
}

export const selectBillSearch = (s: BillListSnapshot): BillSearchView => ({
  search: s.context.search,
  revision: s.context.formRevision,
  fieldErrors: s.context.fieldErrors,
  apps: s.context.apps,
  busy: inList(s, "loading"),
  canSearch: s.can({ type: "bills.reset" }),
});

/** The details dialog: closed, or the bill as it is now. */
export type BillDetailView = { open: false } | { open: true; bill: AppBill; progress: ConfirmationView };

export function selectBillDetail(s: BillListSnapshot): BillDetailView {
  const { detail } = s.context;
  if (!inList(s, "details") || !detail) return { open: false };
  return { open: true, bill: detail, progress: progressOf(detail) };
}

/** What an export of the list shown asks for: exactly the search the list applies. */
export const selectBillExportRequest = (s: BillListSnapshot): BillExportRequest =>
  toBillExportRequest(s.context.search);

/** Whether changes arrive as they happen (the stream) or every few seconds (polling after it failed). */
export const selectBillFeed = (s: BillListSnapshot): "live" | "polling" =>
  s.matches({ feed: "polling" }) ? "polling" : "live";
