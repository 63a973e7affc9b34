import type { NamedChain } from "../../chain/configured-chain.ts";
import type { OpenWithdrawal } from "../../../contracts/schemas/open-api.ts";
import { usdtText } from "../../../contracts/money.ts";
import type { Withdrawal } from "./withdrawal-holds.ts";

/** The `openWithdrawal` schema's shape: the open API's answers and the withdrawal events' data. */
export const withdrawalToWire = (withdrawal: Withdrawal, chains: readonly NamedChain[]): OpenWithdrawal => ({
  id: withdrawal.id,
  chain: chains.find((c) => c.chainId === withdrawal.chain_id)?.product ?? String(withdrawal.chain_id),
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
