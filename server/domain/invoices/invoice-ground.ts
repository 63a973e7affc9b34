import { type Kysely, sql } from "kysely";
import { prepared } from "../../db/prepared-statements.ts";
import type { DB } from "../../db/schema.ts";
import type { CurrencyChoiceRow } from "../applications/accepted-currencies.ts";
import type { ActingApplication } from "../applications/open-api-caller.ts";
import type { activePackageOf } from "../applications/package-limit.ts";
import type { InvoiceAddressRow, InvoiceRow } from "./invoice-wire.ts";

type ActivePackage = Awaited<ReturnType<typeof activePackageOf>>;

/** An invoice made before under the request's order or key, with the addresses it shows (addressesOf's). */
export interface EarlierInvoice {
  row: InvoiceRow;
  shown: InvoiceAddressRow[];
}

/** What a new invoice is decided on: the requests made before under its order or key, the package, My currencies. */
export interface InvoiceGround {
  earlier: EarlierInvoice[];
  pkg: ActivePackage;
  choices: CurrencyChoiceRow[];
}

interface GroundRow extends Omit<InvoiceRow, "id"> {
  id: string | null;
  ground_package_expires_at: Date | null;
  ground_package_limit_applications: number | null;
  ground_package_limit_wallets: number | null;
  ground_package_limit_currencies: number | null;
  ground_package_name: string | null;
  ground_choices: CurrencyChoiceRow[];
  ground_shown: { chain_id: number; address: string }[] | null;
}

/**
 * The earlier request (by Idempotency-Key or order, as `madeBefore` looks), the merchant's package (as
 * `activePackageOf` reads it) and its rows of My currencies in one statement, one snapshot: a round trip is most of a
 * new invoice's cost. One row per earlier invoice (at most two: one by key, one by order), else one whose invoice
 * columns are null; the package and the choices ride on each. The earlier invoices' shown addresses come along, so a
 * repeat is answered without another read.
 */
export async function invoiceGroundOf(
  db: Kysely<DB>,
  caller: ActingApplication,
  orderId: string,
  key: string | undefined,
): Promise<InvoiceGround> {
  const merchantId = caller.scope.merchantId;
  const same = key ? sql`(i.order_id = ${orderId} or i.idempotency_key = ${key})` : sql`i.order_id = ${orderId}`;
  const { rows } = await sql<GroundRow>`${prepared}
    select
      p.expires_at as ground_package_expires_at,
      p.limit_applications as ground_package_limit_applications,
      p.limit_wallets as ground_package_limit_wallets,
      p.limit_currencies as ground_package_limit_currencies,
      p.name as ground_package_name,
      (select coalesce(json_agg(json_build_object('chain_id', c.chain_id, 'token', c.token, 'accepted', c.accepted)), '[]'::json)
        from merchant_currencies c where c.merchant_id = ${merchantId}) as ground_choices,
      (select json_agg(json_build_object('chain_id', d.chain_id, 'address', d.address) order by d.chain_id)
        from deposit_addresses d where d.invoice_id = i.id and not d.invoice_watch_only) as ground_shown,
      i.*
    from (select 1) as one
    left join (
      select s.expires_at, k.limit_applications, k.limit_wallets, k.limit_currencies, k.name
      from subscriptions s join packages k on k.id = s.package_id
      where s.merchant_id = ${merchantId}
    ) as p on true
    left join invoices i on i.application_id = ${caller.applicationId} and ${same}`.execute(db);
  const [first] = rows;
  if (!first) throw new Error("the invoice's ground read answered no row");
  const { ground_package_expires_at: expiresAt, ground_package_name: name } = first;
  const pkg: ActivePackage =
    expiresAt === null || name === null
      ? undefined
      : {
          expires_at: expiresAt,
          limit_applications: first.ground_package_limit_applications,
          limit_wallets: first.ground_package_limit_wallets,
          limit_currencies: first.ground_package_limit_currencies,
          name,
        };
  const earlier = rows.flatMap(({ id, ground_shown, ...r }): EarlierInvoice[] => {
    if (id === null) return [];
    const row = { id, ...Object.fromEntries(Object.entries(r).filter(([name]) => !name.startsWith("ground_"))) };
    const shown = (ground_shown ?? []).map((a) => ({ invoice_id: id, chain_id: a.chain_id, address: a.address }));
    return [{ row: row as InvoiceRow, shown }];
  });
  return { earlier, pkg, choices: first.ground_choices };
}
