import type { ConfiguredChain } from "../../chain/configured-chain.ts";
import type { Kysely } from "kysely";
import type { ReceivingAddresses } from "../../chain/hd-wallet.ts";
import { depositAddress, depositSalt, depositSaltKey } from "../../chain/deposit-forwarder.ts";
import type { DB } from "../../db/schema.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { receivingAddressOf } from "./receiving-addresses.ts";

/** The chain a payment address is asked for: its id, and its forwarder factory when deposit addresses exist there. */
export type WalletChain = Pick<ConfiguredChain, "chainId" | "depositFactory">;

/** The end user id that marks the merchant's own forwarder among deposit addresses (migration 0035). */
export const merchantWalletEndUser = "merchant-wallet";

/**
 * The merchant's one payment address on a configured chain (GetUserWallet: the pay dialog and My wallet show it): a
 * transfer to it pays the merchant's open order, or else recharges the balance (payments/order-listener.ts). Where the
 * chain has a deposit factory it is the merchant's own forwarder — the CREATE2 address of the salt of ("wallet", the
 * merchant's id), which no application's code can give (they are digits) — a deposit address with no application, so
 * what it receives is swept into the treasury and can be withdrawn (SECURITY.md, custody). Elsewhere, the merchant's
 * watch-only receiving address, which nothing sweeps. Made at first ask, the same ever after.
 *
 * Orders were once paid to the watch-only address on every chain: it stays the merchant's, watched and
 * credited as before, so money sent to it from an old screen is never lost.
 */
export async function paymentAddress(
  db: Kysely<DB>,
  scope: MerchantScope,
  addresses: ReceivingAddresses | null,
  chain: WalletChain,
  now: Date,
  secret: Buffer,
): Promise<string> {
  if (!chain.depositFactory) return (await receivingAddressOf(db, addresses, scope)).address;
  const salt = depositSalt(depositSaltKey(secret), "wallet", scope.merchantId);
  await db
    .insertInto("deposit_addresses")
    .values({
      merchant_id: scope.merchantId,
      application_id: null,
      end_user_id: merchantWalletEndUser,
      chain_id: chain.chainId,
      factory: chain.depositFactory,
      salt,
      address: depositAddress(chain.depositFactory, salt),
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .selectFrom("deposit_addresses")
    .select("address")
    .where("merchant_id", "=", scope.merchantId)
    .where("chain_id", "=", chain.chainId)
    .where("application_id", "is", null)
    .executeTakeFirstOrThrow();
  return row.address;
}
