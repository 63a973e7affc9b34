import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The console home's kept receipts (migration 0041) of `merchantIds`, set again from their bills: for a load written
 * with the triggers off (list-seed.ts), which the trigger that keeps them never saw. One grouped statement a table.
 */
export async function refreshReceipts(db: Kysely<DB>, merchantIds: readonly string[]): Promise<void> {
  if (merchantIds.length === 0) return;
  const ids = sql.join(merchantIds.map((id) => sql`${id}::bigint`));
  await db.transaction().execute(async (trx) => {
    await sql`delete from merchant_daily_receipts where merchant_id in (${ids})`.execute(trx);
    await sql`delete from merchant_receipts_on_chain where merchant_id in (${ids})`.execute(trx);
    await sql`insert into merchant_daily_receipts (merchant_id, day, amount, bills)
      select merchant_id, (seen_at at time zone 'UTC')::date, sum(amount), count(*) from application_bills
      where merchant_id in (${ids}) and status = 'credited' and application_id is not null
      group by 1, 2`.execute(trx);
    await sql`insert into merchant_receipts_on_chain (merchant_id, amount)
      select merchant_id, sum(amount) from application_bills
      where merchant_id in (${ids}) and status = 'credited' and application_id is not null
        and collection_amount is null
      group by 1`.execute(trx);
  });
}
