import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { OpenWithdrawal } from "../../../contracts/schemas/open-api.ts";
import { usdtText } from "../../../contracts/money.ts";
import type { Withdrawal } from "./withdrawal-holds.ts";

/**
 * The `openWithdrawal` schema's shape: the open API's answers and the withdrawal events' data. The chain is named as
 * the registry names it.
 */
export const withdrawalToWire = (withdrawal: Withdrawal, currencies: CurrencyRegistry): OpenWithdrawal => ({
  id: withdrawal.id,
  chain: currencies.productOf(withdrawal.chain_id),
  chainId: withdrawal.chain_id,
  token: withdrawal.token,
  to: withdrawal.to_address,
  amount: usdtText(withdrawal.amount),
  fee: usdtText(withdrawal.fee),
  status: withdrawal.status,
  txHash: withdrawal.tx_hash,
  failure: withdrawal.failure,
  waiting: withdrawal.waiting,
  createdAt: withdrawal.created_at.toISOString(),
});
