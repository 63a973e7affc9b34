import type { Kysely } from "kysely";
import { getAddress } from "viem";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { ChainListener } from "../../chain/listener.ts";
import type { StoredTransfer } from "../../chain/store.ts";
import type { DB } from "../../db/schema.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";
import { receiveDeposit, restoreTransfer, reverseTransfer } from "../payments/balance.ts";
import { creditedOf } from "../payments/ledger.ts";
import { priceTransfer } from "../payments/transfer-price.ts";
import { settleSweptShares } from "../payments/sweep-books.ts";
import { fromAtto } from "../../../contracts/money.ts";
import { changeBill, depositAddressOf, insertBill, lockBillOf, recordBillEvent } from "./deposit-bills.ts";

export interface DepositListenerOptions {
  /** The configured chains' currencies: which token a transfer is, its decimals, the confirmations required, the product's name. */
  currencies: CurrencyRegistry;
  now?: () => Date;
}

/** The deposit listener acts as the system, for the merchant whose deposit address a transfer went to. */
const system = systemScope("deposit-listener");

/**
 * Application bills' side of the chain watcher (chain/listener.ts): a transfer of a configured USDT token of the chain
 * to one of that chain's deposit addresses becomes a bill when seen and is credited to the merchant's balance when
 * confirmed, exactly once: the bill's row is locked before it is read, a credited bill is not credited again, and the
 * ledger refuses a credit beyond the transfer's value whoever tries (migration 0012). A reorganisation takes back what
 * was credited (`reversed`), or drops a bill never credited; a return restores exactly what the removal took.
 */
export function createDepositListener(options: DepositListenerOptions): ChainListener {
  const now = options.now ?? (() => new Date());

  /** The transfer priced and its deposit address, or null when it is not a deposit of a configured USDT token. */
  const depositOf = async (trx: Kysely<DB>, t: StoredTransfer) => {
    const priced = priceTransfer(options.currencies, t);
    if (!priced) return null;
    const address = await depositAddressOf(trx, t.chainId, getAddress(t.to));
    return address ? { priced, address, scope: actFor(system, address.merchant_id) } : null;
  };

  type Deposit = NonNullable<Awaited<ReturnType<typeof depositOf>>>;

  /** The transfer's bill, locked; made now (confirming, n / required) when it has none yet. */
  const billFor = async (trx: Kysely<DB>, t: StoredTransfer, deposit: Deposit) => {
    const existing = await lockBillOf(trx, t.id);
    if (existing) return { bill: existing, made: false };
    const seen = await trx
      .selectFrom("chain_transfers")
      .select("seen_at")
      .where("id", "=", t.id)
      .executeTakeFirstOrThrow();
    const bill = await insertBill(trx, {
      transferId: t.id,
      depositAddress: deposit.address,
      currency: deposit.priced.symbol,
      amount: fromAtto(deposit.priced.amount),
      confirmations: t.confirmations,
      required: deposit.priced.chain.confirmations,
      seenAt: seen.seen_at,
      now: now(),
    });
    return { bill, made: true };
  };

  return {
    /** A new bill, confirming; one back after a reorganisation is confirming again. */
    async onTransferSeen(trx, t) {
      const deposit = await depositOf(trx, t);
      if (!deposit) return;
      const { bill, made } = await billFor(trx, t, deposit);
      if (made || bill.status !== "credited")
        await changeBill(trx, bill, { status: "confirming", confirmations: t.confirmations });
    },

    /** The live n / required. */
    async onConfirmations(trx, t) {
      const bill = await lockBillOf(trx, t.id);
      if (bill?.status === "confirming")
        await changeBill(trx, bill, { status: "confirming", confirmations: t.confirmations });
    },

    /**
     * Credited: back after a removal, the exact reverse of that removal (balance.ts: restoreTransfer); otherwise the
     * value from the chain's receipts to the merchant's balance (`deposit`). A bill credited already is left alone, so
     * a call heard twice (a restart, a replay) credits nothing more. One `deposit.credited` event per credit.
     */
    async onTransferConfirmed(trx, t) {
      const deposit = await depositOf(trx, t);
      if (!deposit) return;
      const at = now();
      // Confirmed at its first sighting (seen after a downtime deeper than the confirmations): the bill is made now.
      const { bill } = await billFor(trx, t, deposit);
      if (bill.status === "credited") return;
      // To the merchant's own payment address, the orders' listener (which runs first: wiring/money-listener.ts) has
      // credited it to an order or the balance; this bill only records where it is and its sweep.
      if (deposit.address.application_id !== null) {
        const restored = await restoreTransfer(trx, system, t.id, at);
        if (!restored && (await creditedOf(trx, t.id)) === 0n)
          await receiveDeposit(trx, deposit.scope, {
            transferId: t.id,
            token: { chainId: t.chainId, address: t.token, decimals: deposit.priced.decimals },
            amount: deposit.priced.amount,
            now: at,
          });
      }
      // Credited after a sweep carried it (seen after the sweep was sent, or back after a removal): now in the treasury.
      await settleSweptShares(trx, [t.id], at);
      await changeBill(trx, bill, { status: "credited", confirmations: t.confirmations, at });
      await recordBillEvent(trx, deposit.scope, "deposit.credited", bill, options.currencies, at);
    },

    /**
     * A reorganisation took it away: what was credited goes back (from the balance as far as it holds, the rest a
     * reorganisation loss: balance.ts), the bill `reversed` with a `deposit.reversed` event; never credited, `dropped`.
     */
    async onTransferRemoved(trx, t) {
      const bill = await lockBillOf(trx, t.id);
      if (!bill || bill.status === "dropped" || bill.status === "reversed") return;
      const at = now();
      // Its swept share back at receipts first: the reversal takes the value from there.
      await settleSweptShares(trx, [t.id], at, { removing: true });
      // At the merchant's own payment address, the orders' listener took it back already.
      if (bill.application_id !== null) await reverseTransfer(trx, system, t.id, null, at);
      if (bill.status === "credited") {
        await changeBill(trx, bill, { status: "reversed", at });
        await recordBillEvent(trx, actFor(system, bill.merchant_id), "deposit.reversed", bill, options.currencies, at);
      } else await changeBill(trx, bill, { status: "dropped", at });
    },
  };
}
