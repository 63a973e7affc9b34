import type { ColumnType, Generated } from "kysely";
import type { InvoiceTransfer } from "../../../contracts/machines/invoice-transfers.ts";
import type { InvoiceFlag, InvoiceStatus } from "../../../contracts/schemas/invoice-states.ts";
import type { Id, IdRef, Numeric } from "./columns.ts";

/** A merchant's invoice for one order of one application (migration 0044); its addresses are deposit_addresses rows. */
export interface InvoicesTable {
  id: Id;
  /** The unguessable id on the wire and in the checkout page's URL: 128 random bits, base64url. */
  public_id: string;
  merchant_id: IdRef;
  application_id: IdRef;
  /** The merchant's own id of the order: unique per application. */
  order_id: string;
  amount: Numeric;
  description: string | null;
  customer_email: string | null;
  redirect_url: string | null;
  /** A flat map of strings, as sent. */
  metadata: ColumnType<Record<string, string>, string, string>;
  /** sha-256 of the request as made: the same order or Idempotency-Key with another request is refused. */
  request_hash: string;
  idempotency_key: string | null;
  status: ColumnType<InvoiceStatus, InvoiceStatus | undefined, InvoiceStatus>;
  amount_received: ColumnType<string, string | undefined, string>;
  flags: ColumnType<InvoiceFlag[], InvoiceFlag[] | undefined, InvoiceFlag[]>;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
  paid_at: Generated<Date | null>;
  cancelled_at: Generated<Date | null>;
  /** The transfers its life counted (migration 0045), as contracts/machines/invoice-transfers.ts has them. */
  transfers: ColumnType<InvoiceTransfer[], string | undefined, string>;
  /** When its life was told its time ran out (migration 0045); null before. */
  expiry_reached_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The invoices area's tables, its part of `DB` (server/db/schema.ts). */
export interface InvoicesTables {
  invoices: InvoicesTable;
}
