import type { Kysely } from "kysely";
import type { AllocatedAddress } from "../../chain/address-book.ts";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope, MerchantScope } from "../identity/merchant-scope.ts";

/** Where the merchant's receiving address comes from: the chain layer's watch-only address book (chain/address-book.ts). */
export type ReceivingAddressSource = (db: Kysely<DB>, scope: AnyMerchantScope) => Promise<AllocatedAddress>;

/**
 * The merchant's payment address for a configured product (chain) and currency: the merchant's one watch-only
 * receiving address (the same on every EVM chain), allocated at first ask. The `wallets` row records that the merchant
 * asked for this product and currency (the package's wallet usage counts them).
 */
export function walletAddress(
  db: Kysely<DB>,
  scope: MerchantScope,
  receivingAddressOf: ReceivingAddressSource,
  product: string,
  currency: string,
  now: Date,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { address } = await receivingAddressOf(trx, scope);
    await trx
      .insertInto("wallets")
      .values({ merchant_id: scope.merchantId, product, currency, address, created_at: now })
      .onConflict((oc) => oc.columns(["merchant_id", "product", "currency"]).doUpdateSet({ address }))
      .execute();
    return address;
  });
}
