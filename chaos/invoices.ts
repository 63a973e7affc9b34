import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Address } from "viem";
import { depositAddress, depositSalt, depositSaltKey } from "../server/chain/deposit-forwarder.ts";
import type { DB } from "../server/db/schema.ts";
import { invoiceEndUser } from "../server/domain/invoices/open-api-invoices.ts";
import { testServerSecret } from "../server/testing/seed.ts";

/** What an invoice of the harness needs of its merchant: the application it belongs to. */
export interface InvoiceOwner {
  merchantId: string;
  applicationId: string;
  appCode: string;
}

/**
 * An invoice of `amount` USDT for the merchant's application with its address on the chaos chain, written to the
 * database as POST /open/v1/invoices would (the open API needs a package and a signed request: beside the point
 * here). `late`: its time ran out a second ago, so what is paid is money after its end (`paidLate`). The servers'
 * watcher, invoice listener and expiry sweep move it from there. Answers its address.
 */
export async function newInvoice(
  db: Kysely<DB>,
  owner: InvoiceOwner,
  chain: { chainId: number; factory: Address },
  { amount, late }: { amount: string; late: boolean },
): Promise<Address> {
  const now = new Date();
  const publicId = randomBytes(16).toString("base64url");
  const invoice = await db
    .insertInto("invoices")
    .values({
      public_id: publicId,
      merchant_id: owner.merchantId,
      application_id: owner.applicationId,
      order_id: `chaos-${publicId}`,
      amount,
      description: null,
      customer_email: null,
      redirect_url: null,
      metadata: "{}",
      idempotency_key: null,
      request_hash: "chaos",
      expires_at: new Date(now.getTime() + (late ? -1_000 : 3_600_000)),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const endUser = invoiceEndUser(publicId);
  const salt = depositSalt(depositSaltKey(testServerSecret), owner.appCode, endUser);
  const address = depositAddress(chain.factory, salt);
  await db
    .insertInto("deposit_addresses")
    .values({
      merchant_id: owner.merchantId,
      application_id: owner.applicationId,
      end_user_id: endUser,
      chain_id: chain.chainId,
      factory: chain.factory,
      salt,
      address,
      created_at: now,
      invoice_id: invoice.id,
    })
    .execute();
  return address;
}

/**
 * Invoices agree with the chain, the bills and their callbacks, at every moment (the watcher moves an invoice in the
 * transaction that credits or takes back its money): its `amount_received` is exactly its confirmed live transfers
 * (not quarantined); a paid invoice was covered by money credited to it (bills credited, or credited and then reversed
 * by a reorganisation deeper than the confirmations: paid is never taken back); it counts each transfer once; and it
 * is paid if and only if exactly one `invoice.paid` event told of it.
 */
export async function invoiceViolations(db: Kysely<DB>, { decimals }: { decimals: number }): Promise<string[]> {
  const scale = sql.raw(`1e-${decimals}::numeric`);
  const { rows } = await sql<{ detail: string }>`
    with per_invoice as (
      select i.public_id, i.status, i.amount, i.amount_received,
             coalesce((select sum(t.amount) from chain_transfers t
                         join deposit_addresses d on d.invoice_id = i.id and d.chain_id = t.chain_id
                          and lower(d.address) = lower(t.to_address)
                        where t.status = 'confirmed' and t.quarantine is null), 0) * ${scale} as confirmed,
             coalesce((select sum(b.amount) from application_bills b
                         join deposit_addresses d on d.id = b.deposit_address_id
                        where d.invoice_id = i.id and b.status in ('credited', 'reversed')), 0) as credited,
             (select count(*) from outbox_events o where o.invoice_id = i.id and o.type = 'invoice.paid') as paid_events,
             (select count(*) - count(distinct e ->> 'id') from jsonb_array_elements(i.transfers) e) as repeated
        from invoices i)
    select format('invoice %s (%s): received %s, confirmed transfers %s, credited %s of %s, %s invoice.paid, %s transfers counted twice',
             public_id, status, amount_received, confirmed, credited, amount, paid_events, repeated) as detail
      from per_invoice
     where amount_received <> confirmed
        or (status = 'paid' and credited < amount)
        or (status = 'paid') <> (paid_events = 1)
        or paid_events > 1
        or repeated > 0`.execute(db);
  return rows.map((r) => r.detail);
}
