import { type Kysely, sql } from "kysely";
import type { DB, LedgerAccountKindColumn } from "../../db/schema.ts";
import { fromAtto, toAtto } from "../../../contracts/money.ts";

/**
 * The whole sheet per currency, from the accounts' stored balances: what the books hold on chain — at
 * merchants' addresses and in the treasury — against what they owe merchants (available, held by withdrawals in flight,
 * in open orders, less what merchants owe after a removal) and the platform's part (revenue, less reorganisation
 * losses). In each chain's native coin (migration 0037): what the platform's addresses hold of it for gas, against the
 * operator's funding less the gas burnt. Assets equal the rest while every journal balances and every stored balance is
 * its lines' sum; a difference names the currency and the amount (`npm run chain -- reconcile`).
 */
export interface BalanceSheet {
  currency: string;
  atAddresses: string;
  inTreasury: string;
  available: string;
  heldByWithdrawals: string;
  inOpenOrders: string;
  owedByMerchants: string;
  revenue: string;
  reorgLosses: string;
  /** The operator's own money put into treasuries (a devnet's at first start). */
  operatorFloat: string;
  /** The native coin the gas payer and the treasury hold, what the operator put in, what gas burnt. */
  gasHeld: string;
  gasFunded: string;
  gasSpent: string;
  /**
   * (at addresses + in the treasury + gas held) − (available + held + in orders − owed) − operator float
   * − (revenue − losses) − (gas funded − gas spent).
   */
  difference: string;
  ok: boolean;
}

export async function balanceSheets(db: Kysely<DB>): Promise<BalanceSheet[]> {
  const { rows } = await sql<{ currency: string; kind: LedgerAccountKindColumn; total: string }>`
    select currency, kind, sum(balance)::text as total from ledger_accounts group by currency, kind order by 1, 2`.execute(
    db,
  );
  const currencies = [...new Set(rows.map((r) => r.currency))];
  return currencies.map((currency) => {
    const of = (kind: LedgerAccountKindColumn) =>
      toAtto(rows.find((r) => r.currency === currency && r.kind === kind)?.total ?? "0");
    // Assets and losses are kept negative, what is owed positive (migration 0012): shown here as amounts.
    const atAddresses = -of("receipts");
    const inTreasury = -of("treasury");
    const owedByMerchants = -of("merchantDebt");
    const reorgLosses = -of("reorgLoss");
    const owed = of("merchant") + of("withdrawal") + of("order") - owedByMerchants;
    const [gasHeld, gasFunded, gasSpent] = [of("nativeHolder"), -of("gasFunding"), of("gasExpense")];
    const operatorFloat = of("operatorFloat");
    const difference =
      atAddresses +
      inTreasury +
      gasHeld -
      owed -
      operatorFloat -
      (of("revenue") - reorgLosses) -
      (gasFunded - gasSpent);
    return {
      currency,
      atAddresses: fromAtto(atAddresses),
      inTreasury: fromAtto(inTreasury),
      available: fromAtto(of("merchant")),
      heldByWithdrawals: fromAtto(of("withdrawal")),
      inOpenOrders: fromAtto(of("order")),
      owedByMerchants: fromAtto(owedByMerchants),
      revenue: fromAtto(of("revenue")),
      reorgLosses: fromAtto(reorgLosses),
      operatorFloat: fromAtto(operatorFloat),
      gasHeld: fromAtto(gasHeld),
      gasFunded: fromAtto(gasFunded),
      gasSpent: fromAtto(gasSpent),
      difference: fromAtto(difference),
      ok: difference === 0n,
    };
  });
}
