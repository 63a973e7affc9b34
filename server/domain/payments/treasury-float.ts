import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { attoToUnits, toAtto, unitsToAtto } from "../../../contracts/money.ts";
import { accountId, post, type ReceiptsToken } from "./ledger.ts";

/**
 * The operator's own USDT put into a treasury (migration 0037): from the chain's `operatorFloat` to its `treasury`
 * account, once per treasury — a second call books nothing. The devnet's treasury is funded so at first start
 * (chain/devnet.ts), so withdrawals are paid on the embedded default before any sweep reaches it. Answers whether this
 * call booked it.
 */
export async function bookTreasuryFloat(
  db: Kysely<DB>,
  token: ReceiptsToken,
  units: bigint,
  at: Date,
): Promise<boolean> {
  if (units <= 0n) return false;
  return db.transaction().execute(async (trx) => {
    // The token as the chain's accounts already spell it, so the float meets the treasury the sweeps fill.
    const known = await trx
      .selectFrom("ledger_accounts")
      .select("token")
      .where("kind", "in", ["receipts", "treasury"])
      .where("chain_id", "=", String(token.chainId))
      .where(sql<boolean>`lower(token) = lower(${token.address})`)
      .executeTakeFirst();
    const spelt = { ...token, address: known?.token ?? token.address };
    const treasury = await accountId(trx, { kind: "treasury", token: spelt });
    const float = await accountId(trx, { kind: "operatorFloat", token: spelt });
    const amount = unitsToAtto(units, token.decimals);
    const journal = await post(trx, { kind: "treasuryFunded", holderAccountId: treasury, at }, [
      [treasury, -amount],
      [float, amount],
    ]);
    return journal !== null;
  });
}

/** What the operator put into the chain's treasury of the token, in base units (0 when nothing). */
export async function treasuryFloatUnits(
  db: Kysely<DB>,
  chainId: number,
  token: string,
  decimals: number,
): Promise<bigint> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select("balance")
    .where("kind", "=", "operatorFloat")
    .where("chain_id", "=", String(chainId))
    .where((eb) => eb.fn("lower", ["token"]), "=", token.toLowerCase())
    .executeTakeFirst();
  return row ? attoToUnits(toAtto(row.balance), decimals) : 0n;
}
