import { sql } from "kysely";
import type { OutgoingListener } from "../../chain/outgoing-port.ts";
import { accountBalance } from "../payments/ledger.ts";
import { toAtto } from "../../../contracts/money.ts";
import { notifyWithdrawalChanged, publishWithdrawalEvent } from "./withdrawal-events.ts";
import { withdrawalListener } from "./withdrawal-settle.ts";
import {
  type SenderReport,
  transferCall,
  treasuryAccount,
  type WithdrawalSenderDeps,
} from "./withdrawal-transactions.ts";

export type { SenderReport, WithdrawalChain, WithdrawalSenderDeps } from "./withdrawal-transactions.ts";

/**
 * Withdrawals leave the treasury (migration 0029). One run, for one chain and its treasury's signer:
 *  1. settles what was sent: a transaction of the withdrawal mined with the chain's confirmations pays it (the
 *     `withdrawalSent` journal: its amount from the treasury account, its fee to revenue, once); one that reverted, or a
 *     nonce used by none of its transactions, fails it and gives its hold back, once; one not mined yet is broadcast
 *     again, the same bytes (a server killed between signing and broadcasting, a node that lost it); a paid one a
 *     reorganisation took away is sent again, and fails as a first send when that reverts, what it paid given back;
 *  2. signs what was asked for, oldest first, while the treasury's books cover it beside what is on its way: in one
 *     transaction, the nonce taken from the account's one sequence (`sending_accounts`, shared by every instance), the
 *     signed transaction stored, the withdrawal `signed`; then broadcast, and `broadcast`.
 * Nonces, signing, storing, broadcasting, receipts, replacing a transaction not mined `replaceAfterMs` after it was
 * signed (same nonce, higher fees) and checking paid withdrawals a reorganisation may take away again are the
 * treasury's outgoing transactions' (server/chain/outgoing.ts); a withdrawal answers them (withdrawal-settle.ts).
 */
export async function sendWithdrawals(deps: WithdrawalSenderDeps): Promise<SenderReport> {
  const { db, outgoing } = deps;
  const listener = withdrawalListener(deps);
  const rechecked = await outgoing.recheck(db, listener);
  const settled = await outgoing.settle(db, listener, { replaceAfterMs: deps.replaceAfterMs });
  const report: SenderReport = {
    signed: 0,
    ...settled,
    broadcast: settled.broadcast + rechecked.broadcast,
    failed: settled.failed + rechecked.failed,
  };
  await signAsked(deps, listener, report);
  return report;
}

async function signAsked(deps: WithdrawalSenderDeps, listener: OutgoingListener, report: SenderReport): Promise<void> {
  const { db, chain, outgoing } = deps;
  const now = deps.now ?? (() => new Date());
  const asked = await db
    .selectFrom("withdrawals")
    .select("id")
    .where("chain_id", "=", chain.chainId)
    .where("status", "=", "requested")
    .orderBy("id")
    .limit(50)
    .execute();
  if (asked.length === 0) return;
  const batch = await outgoing.batch();
  for (const { id } of asked) {
    const signed = await db.transaction().execute(async (trx) => {
      const withdrawal = await trx
        .selectFrom("withdrawals")
        .selectAll()
        .where("id", "=", id)
        .where("status", "=", "requested")
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!withdrawal) return null;
      const token = chain.tokens.find((t) => t.address.toLowerCase() === withdrawal.token.toLowerCase());
      if (!token) return null;
      // The treasury's books, locked, less what is on its way: a withdrawal they do not cover waits, and says so.
      const waits = async () => {
        if (withdrawal.waiting === "treasury") return null;
        await trx.updateTable("withdrawals").set({ waiting: "treasury" }).where("id", "=", id).execute();
        await notifyWithdrawalChanged(trx, withdrawal.merchant_id, id);
        return null;
      };
      const treasury = await treasuryAccount(trx, chain.chainId, withdrawal.token).catch(() => null);
      if (!treasury) return waits();
      await trx.selectFrom("ledger_accounts").select("id").where("id", "=", treasury).forUpdate().execute();
      const onItsWay = await trx
        .selectFrom("withdrawals")
        .select(sql<string | null>`sum(amount)::text`.as("total"))
        .where("chain_id", "=", chain.chainId)
        .where("token", "=", withdrawal.token)
        .where("status", "in", ["signed", "broadcast"])
        .executeTakeFirst();
      const covered = -(await accountBalance(trx, treasury)) - toAtto(onItsWay?.total ?? "0");
      if (covered < toAtto(withdrawal.amount)) return waits();
      const { raw, nonce } = await batch.sign(trx, id, transferCall(withdrawal, token.decimals));
      const at = now();
      await trx
        .updateTable("withdrawals")
        .set({ status: "signed", from_address: outgoing.from, nonce: nonce.toString(), waiting: null, updated_at: at })
        .where("id", "=", id)
        .execute();
      await publishWithdrawalEvent(trx, id, deps.currencies, "withdrawal.signed", at);
      return raw;
    });
    if (!signed) continue;
    report.signed++;
    if (await outgoing.broadcast(db, id, signed, listener)) report.broadcast++;
  }
}
