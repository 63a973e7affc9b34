import { type Kysely, sql } from "kysely";
import {
  type ConsoleInvoice,
  type InvoiceExportRequest,
  type InvoiceListRequest,
  type InvoiceListResult,
  maxInvoicePageSize,
} from "../../../contracts/schemas/invoices.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";
import type { CsvDownload } from "../platform/csv-download.ts";
import { type KeysetList, keysetPage } from "../platform/keyset-page.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { ok, type Outcome } from "../platform/outcome.ts";
import { searchTime } from "../platform/search-time.ts";
import { wireFile } from "../platform/wire-file.ts";
import { refundsOf } from "./invoice-refunds.ts";
import { invoiceTimeline, type TimelineSources, timelineSources, transferViews } from "./invoice-timeline.ts";
import { addressesOf, type InvoiceAddressRow, type InvoiceRow, invoiceToWire } from "./invoice-wire.ts";

/** The console's invoices, newest first, served by invoices_by_merchant (merchant, created_at desc, id desc). */
const consoleInvoiceKeyset: KeysetList = { name: "invoices", time: "i.created_at", id: "i.id" };

export interface ConsoleInvoiceDeps {
  currencies: CurrencyRegistry;
  secret: Buffer;
  /** The console's origin: the checkout page's links are under it. */
  origin: string;
  now: Date;
}

/** One merchant's invoices with their applications, filtered. An empty filter is no filter. */
const filteredInvoices = (db: Kysely<DB>, scope: MerchantScope, filters: InvoiceExportRequest) => {
  let query = db
    .selectFrom("invoices as i")
    .innerJoin("applications as a", "a.id", "i.application_id")
    .selectAll("i")
    .select(["a.app_code", "a.name as app_name"])
    .where("i.merchant_id", "=", scope.merchantId);
  if (filters.status) query = query.where("i.status", "=", filters.status);
  if (filters.flag) query = query.where(sql<boolean>`${filters.flag} = any(i.flags)`);
  if (filters.appCode) query = query.where("a.app_code", "=", filters.appCode);
  if (filters.orderId) query = query.where("i.order_id", "=", filters.orderId);
  if (filters.startTime) query = query.where("i.created_at", ">=", searchTime(filters.startTime));
  if (filters.endTime) query = query.where("i.created_at", "<=", searchTime(filters.endTime));
  return query;
};

type ListedInvoice = InvoiceRow & { app_code: string; app_name: string };

/**
 * The `consoleInvoice` schema's shape: the open API's invoice, its application, the transfers its life counted (with
 * their explorer links) and its timeline.
 */
function toConsoleInvoice(
  row: ListedInvoice,
  addresses: readonly InvoiceAddressRow[],
  refunds: ConsoleInvoice["refunds"],
  sources: TimelineSources,
  deps: Pick<ConsoleInvoiceDeps, "currencies" | "origin">,
): ConsoleInvoice {
  const { createdAt, ...invoice } = invoiceToWire(row, addresses, {
    chains: deps.currencies.chains,
    origin: deps.origin,
  });
  const transfers = transferViews(row.transfers, sources, deps.currencies);
  return {
    ...invoice,
    appCode: row.app_code,
    appName: row.app_name,
    transfers,
    paidAt: row.paid_at?.toISOString() ?? null,
    refunds,
    timeline: invoiceTimeline(row, transfers, sources),
    createdAt,
  };
}

async function withAddresses(
  db: Kysely<DB>,
  rows: readonly ListedInvoice[],
  deps: Pick<ConsoleInvoiceDeps, "currencies" | "origin">,
): Promise<ConsoleInvoice[]> {
  const ids = rows.map((r) => r.id);
  const [addresses, refunds, sources] = await Promise.all([
    addressesOf(db, ids),
    refundsOf(db, ids, deps.currencies),
    timelineSources(db, rows),
  ]);
  return rows.map((r) => toConsoleInvoice(r, addresses.get(r.id) ?? [], refunds.get(r.id) ?? [], sources, deps));
}

/** The merchant's invoices, filtered; a keyset page. */
export async function listConsoleInvoices(
  db: Kysely<DB>,
  scope: MerchantScope,
  search: InvoiceListRequest,
  deps: ConsoleInvoiceDeps,
): Promise<Outcome<InvoiceListResult>> {
  const { cursor, pageSize = 10, ...filters } = search;
  const request = { secret: deps.secret, merchantId: scope.merchantId, filters, cursor, pageSize };
  const page = await keysetPage(db, filteredInvoices(db, scope, filters), consoleInvoiceKeyset, request);
  if (!page.ok) return page;
  const { rows, ...paging } = page.data;
  return ok({ ...paging, items: await withAddresses(db, rows, deps) });
}

/**
 * For the live stream: the merchant's invoice of this public id as the list shows it (none when it is another
 * merchant's), or, after a lost connection (null), every invoice of the merchant's still open, newest first.
 */
export async function liveConsoleInvoices(
  db: Kysely<DB>,
  scope: MerchantScope,
  publicId: string | null,
  deps: Omit<ConsoleInvoiceDeps, "secret" | "now">,
): Promise<ConsoleInvoice[]> {
  const query = filteredInvoices(db, scope, {});
  const rows = await (publicId === null
    ? query.where("i.status", "in", ["new", "processing"]).orderBy("i.created_at", "desc").limit(maxInvoicePageSize)
    : query.where("i.public_id", "=", publicId)
  ).execute();
  return withAddresses(db, rows, deps);
}

/** The same invoices as a CSV file, named by the day it was made (UTC); each batch's addresses read with it. */
export function exportConsoleInvoices(
  db: Kysely<DB>,
  scope: MerchantScope,
  filters: InvoiceExportRequest,
  deps: ConsoleInvoiceDeps,
): Outcome<CsvDownload<ConsoleInvoice>> {
  const fileName = `invoices-${deps.now.toISOString().slice(0, 10)}.csv`;
  const file = wireFile(db, filteredInvoices(db, scope, filters), consoleInvoiceKeyset, fileName, (row) => row);
  if (!file.ok) return file;
  return ok({
    fileName,
    batches: (async function* () {
      for await (const batch of file.data.batches) yield await withAddresses(db, batch, deps);
    })(),
  });
}
