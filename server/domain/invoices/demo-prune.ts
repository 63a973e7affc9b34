import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { prunedRows } from "../platform/pruned-rows.ts";
import { demoMerchantEmail } from "./demo-merchant.ts";

/**
 * How long a demo invoice is kept after its time ran out: a visitor may come back to its page, and a transfer sent to
 * its address late is credited to it, flagged paid late. After that its addresses are still watched (below).
 */
export const keepEndedDemoInvoicesMs = 7 * 86_400_000;
const batch = 500;

/**
 * Deletes the demo merchant's invoices (/demo01's, one per visitor) that ended with nothing received, a week after
 * their time ran out; their events and callback deliveries go with them. Their addresses stay, as the demo shop's
 * addresses of no invoice (their end user still `invoice <public id>`): a forwarder address receives for ever and a
 * visitor may pay an old page's address, so the watcher keeps following it and what arrives there is a bill of the
 * demo shop, credited to the demo merchant, swept and reconciled like any deposit, never money at an address no record
 * knows. An address row is a few hundred bytes; the invoice, its events and deliveries are what the prune frees.
 * An invoice of the demo is kept whole when anything ever arrived: a transfer it counted, any transfer the watcher
 * recorded to one of its addresses (even one a reorganisation took away), a bill or a sweep of its address, or a
 * refund: the ledger's rows and the money's history point at those. Only the demo merchant's: a merchant's own
 * invoices are its records. Answers how many were deleted; run with the other prunes.
 */
export async function pruneDemoInvoices(db: Kysely<DB>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - keepEndedDemoInvoicesMs);
  return db.transaction().execute(async (trx) => {
    // Locked, skipping one the watcher holds (a transfer arriving now): its conditions are read again once locked.
    const ids = (await endedDemoInvoices(trx, cutoff).forUpdate("i").skipLocked().execute()).map((r) => r.id);
    if (ids.length === 0) return 0;
    await trx
      .updateTable("deposit_addresses")
      .set({ invoice_id: null, invoice_watch_only: false })
      .where("invoice_id", "in", ids)
      .execute();
    return prunedRows(await trx.deleteFrom("invoices").where("id", "in", ids).executeTakeFirst());
  });
}

const endedDemoInvoices = (db: Kysely<DB>, cutoff: Date) =>
  db
    .selectFrom("invoices as i")
    .innerJoin("merchants as m", "m.id", "i.merchant_id")
    .select("i.id")
    .where("m.email", "=", demoMerchantEmail)
    .where("i.status", "in", ["expired", "cancelled"])
    .where("i.expires_at", "<", cutoff)
    .where((eb) => eb.or([eb("i.cancelled_at", "is", null), eb("i.cancelled_at", "<", cutoff)]))
    .where("i.amount_received", "=", "0")
    .where(sql<boolean>`i.transfers = '[]'::jsonb`)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb
              .selectFrom("deposit_addresses as d")
              .innerJoin("chain_transfers as t", (join) =>
                join
                  .onRef("t.chain_id", "=", "d.chain_id")
                  .on((on) => on(on.fn("lower", ["t.to_address"]), "=", on.fn("lower", ["d.address"]))),
              )
              .select("d.id")
              .whereRef("d.invoice_id", "=", "i.id"),
          ),
          eb.exists(
            eb
              .selectFrom("deposit_addresses as d")
              .innerJoin("application_bills as b", "b.deposit_address_id", "d.id")
              .select("d.id")
              .whereRef("d.invoice_id", "=", "i.id"),
          ),
          eb.exists(
            eb
              .selectFrom("deposit_addresses as d")
              .innerJoin("collections as c", "c.deposit_address_id", "d.id")
              .select("d.id")
              .whereRef("d.invoice_id", "=", "i.id"),
          ),
          eb.exists(eb.selectFrom("withdrawals as w").select("w.id").whereRef("w.invoice_id", "=", "i.id")),
        ]),
      ),
    )
    .orderBy("i.id")
    .limit(batch);
