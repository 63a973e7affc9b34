import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { fromAtto, toAtto, usdtText } from "../../../contracts/money.ts";

/**
 * The treasury of a chain and token against what it owes: the withdrawals on their way (asked, awaiting approval,
 * signed or sent: their amounts, which it pays) and what merchants may still withdraw (their balances, in every
 * chain's token alike); whether what it holds covers the withdrawals on their way.
 */
export async function owedLine(
  db: Kysely<DB>,
  { chainId, token, held, symbol }: { chainId: number; token: string; held: string; symbol: string },
): Promise<string> {
  const { rows } = await sql<{ on_the_way: string; balances: string }>`
    select coalesce((select sum(amount) from withdrawals where chain_id = ${chainId} and lower(token) = lower(${token})
             and status in ('requested', 'awaitingApproval', 'signed', 'broadcast')), 0)::text as on_the_way,
           coalesce((select sum(balance) from ledger_accounts where kind = 'merchant'), 0)::text as balances`.execute(
    db,
  );
  const onTheWay = toAtto(rows[0]!.on_the_way);
  const covers = toAtto(held) >= onTheWay;
  return (
    `owes     withdrawals on their way ${fromAtto(onTheWay)} ${symbol}, merchants' balances ${usdtText(rows[0]!.balances)} ${symbol} (withdrawable): ` +
    (covers ? "the treasury covers what is on its way" : "the treasury does NOT cover what is on its way: they wait")
  );
}
