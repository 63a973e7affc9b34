import type { Kysely } from "kysely";
import type { WalletOverview } from "../../../contracts/schemas/wallet.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";
import { hasSecondFactor } from "../identity/second-factor.ts";
import { balanceAtto } from "../payments/balance.ts";
import { fromAtto } from "../../../contracts/money.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { ok, type Outcome } from "../platform/outcome.ts";
import { heldByWithdrawals, type WithdrawalRules, withdrawnSince } from "./withdrawal-holds.ts";

/** My wallet's figures (contracts/schemas/wallet.ts `walletOverview`), all from the ledger and the withdrawals. */
export async function walletOverview(
  db: Kysely<DB>,
  scope: MerchantScope,
  context: { currencies: CurrencyRegistry; rules: WithdrawalRules | null; now: Date },
): Promise<Outcome<WalletOverview>> {
  const { currencies, rules, now } = context;
  const [available, held, withdrawn, secondFactorOn] = await Promise.all([
    balanceAtto(db, scope),
    heldByWithdrawals(db, scope),
    withdrawnSince(db, scope.merchantId, new Date(now.getTime() - 86_400_000)),
    hasSecondFactor(db, scope),
  ]);
  const limit = rules?.dailyLimit ?? 0n;
  const left = limit > withdrawn ? limit - withdrawn : 0n;
  const offered = rules
    ? currencies.chains.flatMap((chain) => {
        const token = currencies.usdtOn(chain.chainId);
        const rule = token && rules.tokens.find((t) => t.chainId === chain.chainId && t.address === token.address);
        return token && rule
          ? [
              {
                chain: chain.product,
                symbol: token.symbol,
                token: token.address,
                decimals: token.decimals,
                fee: fromAtto(rule.fee),
              },
            ]
          : [];
      })
    : [];
  return ok({
    available: fromAtto(available),
    held: fromAtto(held),
    dailyLimit: fromAtto(limit),
    dailyLeft: fromAtto(left),
    withdrawalsOffered: rules !== null,
    chains: offered,
    cooldownSeconds: rules?.addressCooldownSeconds ?? 0,
    secondFactorOn,
  });
}
