import type { Kysely } from "kysely";
import type { ReceivingAddresses } from "../../chain/hd-wallet.ts";
import type { DB } from "../../db/schema.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { receivingAddressOf } from "./receiving-addresses.ts";

/**
 * The merchant's payment address for a configured product (chain) and currency: the merchant's one watch-only
 * receiving address (the same on every EVM chain and currency, receiving-addresses.ts on the chain layer's key
 * `addresses`), allocated at first ask. Reading it sets up nothing: the pay dialog asks it for every chain it shows,
 * and a merchant who only paid for a package has no wallet in use (issue 26: "Wallets 1 / 3" right after buying
 * Basic). The package's wallet usage counts `wallets` rows, deposit addresses given out for receiving, which the
 * wallet area will write.
 */
export async function walletAddress(
  db: Kysely<DB>,
  scope: MerchantScope,
  addresses: ReceivingAddresses | null,
): Promise<string> {
  const { address } = await receivingAddressOf(db, addresses, scope);
  return address;
}
