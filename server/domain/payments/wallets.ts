import type { Kysely } from "kysely";
import type { Address } from "viem";
import type { ReceivingAddresses } from "../../chain/hd-wallet.ts";
import { depositAddress, depositSalt, depositSaltKey } from "../../chain/deposit-forwarder.ts";
import type { DB } from "../../db/schema.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { receivingAddressOf } from "./receiving-addresses.ts";

/** The chain a payment address is asked for: its id, and its forwarder factory when deposit addresses exist there. */
export interface WalletChain {
  chainId: number;
  depositFactory?: Address;
}

/** The end user id that marks the merchant's own forwarder among deposit addresses (migration 0035). */
export const merchantWalletEndUser = "merchant-wallet";

/**
 * The merchant's payment address (GetUserWallet; the pay dialog pays orders there): its one watch-only receiving
 * address, the same on every EVM chain and currency (receiving-addresses.ts), allocated at first ask. A transfer there
 * with no order open is a recharge too, but nothing sweeps it: My wallet shows the recharge address below instead.
 */
export async function walletAddress(
  db: Kysely<DB>,
  scope: MerchantScope,
  addresses: ReceivingAddresses | null,
): Promise<string> {
  return (await receivingAddressOf(db, addresses, scope)).address;
}

/**
 * The merchant's recharge address for a configured chain (My wallet): a transfer to it recharges the balance. Where
 * the chain has a deposit factory it is the merchant's own forwarder — the CREATE2 address of the salt of ("wallet",
 * the merchant's id), which no application's code can give (they are digits) — a deposit address with no application,
 * so what it receives is swept into the treasury and can be withdrawn (SECURITY.md, custody). Elsewhere, the watch-only
 * payment address, which nothing sweeps. Made at first ask, the same ever after.
 */
export async function rechargeAddress(
  db: Kysely<DB>,
  scope: MerchantScope,
  addresses: ReceivingAddresses | null,
  chain: WalletChain,
  now: Date,
  secret: Buffer,
): Promise<string> {
  if (!chain.depositFactory) return walletAddress(db, scope, addresses);
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
