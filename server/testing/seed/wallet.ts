import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** A destination in the merchant's withdrawal address book, usable now unless `coolingDown` (usable in a day). */
export async function seedWithdrawalAddress(
  db: Kysely<DB>,
  input: { userId: string; chainId: number; address: string; label?: string; coolingDown?: boolean },
): Promise<{ addressId: string }> {
  const now = new Date();
  const row = await db
    .insertInto("withdrawal_addresses")
    .values({
      merchant_id: input.userId,
      chain_id: input.chainId,
      address: input.address,
      label: input.label ?? "Cold wallet",
      created_at: input.coolingDown ? now : new Date(now.getTime() - 86_400_000),
      usable_at: input.coolingDown ? new Date(now.getTime() + 86_400_000) : now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { addressId: row.id };
}
