import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { MerchantScope } from "./merchant-scope.ts";
import { newDevnetAddress } from "./wallet-address.ts";

/** The merchant's payment address for a product (chain client) and currency, created on first ask. */
export function walletAddress(db: Kysely<DB>, { merchantId }: MerchantScope, product: string, currency: string, now: Date): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("wallets")
      .values({ merchant_id: merchantId, product, currency, address: newDevnetAddress(product), created_at: now })
      .onConflict((oc) => oc.columns(["merchant_id", "product", "currency"]).doNothing())
      .execute();
    const row = await trx
      .selectFrom("wallets")
      .select("address")
      .where("merchant_id", "=", merchantId)
      .where("product", "=", product)
      .where("currency", "=", currency)
      .executeTakeFirstOrThrow();
    return row.address;
  });
}
