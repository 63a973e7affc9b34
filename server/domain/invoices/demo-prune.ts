import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { prunedRows } from "../platform/pruned-rows.ts";
import { demoMerchantEmail } from "./demo-merchant.ts";

/**
 * How long a demo invoice is kept after its time ran out: a visitor may come back to its page, and a transfer sent to
 * its address late is still heard (and credited, flagged paid late) while the address is watched.
 */
export const keepEndedDemoInvoicesMs = 7 * 86_400_000;
const batch = 500;

/**
 * Deletes the demo merchant's invoices (/demo01's, one per visitor) that ended with nothing received, a week after
 * their time ran out; their addresses, events and callback deliveries go with them. An invoice of the demo is kept
 * when anything ever arrived: a transfer it counted, any transfer the watcher recorded to one of its addresses (even
 * one a reorganisation took away), a bill or a sweep of its address, or a refund: the ledger's rows and the money's
 * history point at those, and money is never made to vanish from the books. Only the demo merchant's: a merchant's
 * own invoices are its records. Answers how many were deleted; run with the other prunes.
 */
export async function pruneDemoInvoices(db: Kysely<DB>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - keepEndedDemoInvoicesMs);
  const ended = db
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
  const deleted = await db.deleteFrom("invoices").where("id", "in", ended).executeTakeFirst();
  return prunedRows(deleted);
}
