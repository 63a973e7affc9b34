import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { toAtto } from "../../../contracts/money.ts";
import { type Line, post } from "./ledger.ts";

/**
 * Gas in the books (migration 0037), in each chain's native coin, beside the USDT accounts: what the
 * platform's own addresses hold of it (`nativeHolder`: the gas payer, the treasury that sends withdrawals), what their
 * transactions burnt (`gasExpense`), and what the operator put in (`gasFunding`). Amounts are wei, which the ledger's
 * 18 decimals hold exactly (a wei is an atto-ETH).
 */

/** The native coin's symbol of a chain: BNB on BNB Smart Chain (and its testnet), ETH on every other EVM chain here. */
export const nativeSymbolOf = (chainId: number) => (chainId === 56 || chainId === 97 ? "BNB" : "ETH");

type GasAccount = { kind: "nativeHolder"; holder: string } | { kind: "gasExpense" | "gasFunding" };

/** The account's id, made on first use: one per chain (and holder, lower case), in the chain's native currency. */
export async function gasAccountId(trx: Kysely<DB>, chainId: number, account: GasAccount): Promise<string> {
  const holder = account.kind === "nativeHolder" ? account.holder.toLowerCase() : null;
  const find = () => {
    let query = trx
      .selectFrom("ledger_accounts")
      .select("id")
      .where("kind", "=", account.kind)
      .where("chain_id", "=", String(chainId));
    if (holder) query = query.where("holder", "=", holder);
    return query.executeTakeFirst();
  };
  const found = await find();
  if (found) return found.id;
  await trx
    .insertInto("ledger_accounts")
    .values({ kind: account.kind, chain_id: String(chainId), holder, currency: nativeSymbolOf(chainId) })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await find())!.id;
}

export type GasCause = { collectionId: string } | { withdrawalId: string };

/**
 * Books that the transaction of a sweep or a withdrawal burnt `wei` of `holder`'s native coin, as the chain that
 * stands now says: the first time a `gasSpent` journal (from the holder to the gas expense), then only the change —
 * a reorganisation that mined it again at another price, or took it away (`wei` 0) — as `gasSpent` or `gasReturned`.
 * Called again with the same figure it books nothing. The caller holds the sweep's or the withdrawal's row.
 */
export async function bookGasFor(
  trx: Kysely<DB>,
  chainId: number,
  holder: string,
  cause: GasCause,
  wei: bigint,
  at: Date,
): Promise<void> {
  const from = await gasAccountId(trx, chainId, { kind: "nativeHolder", holder });
  let booked = trx
    .selectFrom("ledger_journals as j")
    .innerJoin("ledger_lines as l", "l.journal_id", "j.id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("l.amount"), eb.val("0")).as("total"))
    .where("j.kind", "in", ["gasSpent", "gasReturned"])
    .where("l.account_id", "=", from);
  booked =
    "collectionId" in cause
      ? booked.where("j.collection_id", "=", cause.collectionId)
      : booked.where("j.withdrawal_id", "=", cause.withdrawalId);
  // The holder's lines of the cause's journals: what left it for this transaction so far, negative.
  const spent = -toAtto(String((await booked.executeTakeFirstOrThrow()).total));
  const change = wei - spent;
  if (change === 0n) return;
  const to = await gasAccountId(trx, chainId, { kind: "gasExpense" });
  const lines: Line[] = [
    [from, -change],
    [to, change],
  ];
  await post(trx, { kind: change > 0n ? "gasSpent" : "gasReturned", ...cause, at }, lines, nativeSymbolOf(chainId));
}

/** What the books say `holder` holds of the chain's native coin, in wei. */
export async function nativeBooked(db: Kysely<DB>, chainId: number, holder: string): Promise<bigint> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select("balance")
    .where("kind", "=", "nativeHolder")
    .where("chain_id", "=", String(chainId))
    .where("holder", "=", holder.toLowerCase())
    .executeTakeFirst();
  return toAtto(row?.balance ?? "0");
}

/**
 * The operator's coin at `holder` that the books do not have yet — its opening balance, a top-up — booked from the
 * chain's gas funding. `measure` reads, once the holder's account is locked (so no gas of it is booked meanwhile),
 * what the chain shows at the holder and the gas of its transactions mined but not booked yet. Less on chain than
 * that books nothing: reconcile names the difference. Answers the wei booked; two runs at once book a top-up once.
 */
export async function bookGasFunding(
  trx: Kysely<DB>,
  chainId: number,
  holder: string,
  measure: () => Promise<{ onChain: bigint; unbookedSpent: bigint }>,
  at: Date,
): Promise<bigint> {
  const account = await gasAccountId(trx, chainId, { kind: "nativeHolder", holder });
  const locked = await trx
    .selectFrom("ledger_accounts")
    .select("balance")
    .where("id", "=", account)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const { onChain, unbookedSpent } = await measure();
  const beyond = onChain + unbookedSpent - toAtto(locked.balance);
  if (beyond <= 0n) return 0n;
  const funding = await gasAccountId(trx, chainId, { kind: "gasFunding" });
  await post(
    trx,
    { kind: "gasFunded", holderAccountId: account, at },
    [
      [funding, -beyond],
      [account, beyond],
    ],
    nativeSymbolOf(chainId),
  );
  return beyond;
}

/** Every native holder of the chain the books know, with what they say it holds (wei). */
export async function nativeHolders(
  db: Kysely<DB>,
  chainId: number,
): Promise<Array<{ holder: string; booked: bigint }>> {
  const rows = await db
    .selectFrom("ledger_accounts")
    .select(["holder", "balance"])
    .where("kind", "=", "nativeHolder")
    .where("chain_id", "=", String(chainId))
    .orderBy("holder")
    .execute();
  return rows.map((row) => ({ holder: row.holder!, booked: toAtto(row.balance) }));
}
