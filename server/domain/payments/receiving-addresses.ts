import { type Kysely, sql } from "kysely";
import type { Address } from "viem";
import type { ReceivingAddresses } from "../../chain/hd-wallet.ts";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope } from "../platform/merchant-scope.ts";

export interface AllocatedAddress {
  index: number;
  address: Address;
}

/**
 * The merchant's receiving address: BIP-44 index i of WALLET_XPUB (the chain layer's watch-only key), allocated at
 * first ask and the same ever after (and on every EVM chain). Pass a transaction to allocate inside the caller's. Two racing first asks may leave an
 * unused index behind (a sequence value), never two addresses for one merchant.
 */
export async function receivingAddressOf(
  db: Kysely<DB>,
  addresses: ReceivingAddresses | null,
  scope: AnyMerchantScope,
): Promise<AllocatedAddress> {
  if (!addresses) throw new Error("no chain is configured (CHAINS unset, DEVNET=false): there is no receiving address");
  const existing = await addressRow(db, scope);
  if (existing) return existing;
  const { rows } = await sql<{ index: number }>`select nextval('receiving_address_index')::integer as index`.execute(
    db,
  );
  const index = rows[0]!.index;
  const address = addresses.receivingAddress(index);
  await db
    .insertInto("receiving_addresses")
    .values({ address_index: index, address, merchant_id: scope.merchantId })
    .onConflict((oc) => oc.column("merchant_id").doNothing())
    .execute();
  return (await addressRow(db, scope))!;
}

async function addressRow(db: Kysely<DB>, { merchantId }: AnyMerchantScope): Promise<AllocatedAddress | null> {
  const row = await db
    .selectFrom("receiving_addresses")
    .select(["address_index", "address"])
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
  return row ? { index: row.address_index, address: row.address as Address } : null;
}
