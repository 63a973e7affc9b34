import type { Kysely } from "kysely";
import { getAddress } from "viem";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import { type ChainListener, silentLog, type WatcherLog } from "../../chain/listener.ts";
import type { StoredTransfer } from "../../chain/store.ts";
import type { DB } from "../../db/schema.ts";
import type { SystemMerchantScope } from "../platform/merchant-scope.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";
import { postMessage } from "../messaging/messages.ts";
import {
  receiveForOrder,
  receiveToBalance,
  releaseClosedOrderFunds,
  restoreTransfer,
  reverseTransfer,
  type TransferReceipt,
} from "./balance.ts";
import {
  countConfirmed,
  expireIfDue,
  isOpen,
  lockOpenOrderOf,
  lockOrderById,
  notify,
  refreshOpenStatus,
} from "./order-state.ts";
import { priceTransfer } from "./transfer-price.ts";
import { settleSweptShares } from "./sweep-books.ts";
import { fromAtto } from "../../../contracts/money.ts";

export interface OrderListenerOptions {
  /** The configured chains' currencies: which token a transfer is, its decimals, the confirmations required. */
  currencies: CurrencyRegistry;
  now?: () => Date;
  /** The operators' log: a paid order's payment taken back is an error there. */
  log?: WatcherLog;
}

/** The chain listener acts as the system: for the merchant a transfer's address or order link names (merchant-scope.ts). */
const system = systemScope("chain-listener");

/**
 * The orders domain's side of the chain watcher (chain/listener.ts). Every call runs inside the watcher's transaction
 * and writes only with it; the order's row is locked before it is read, so a merchant's call (cancel, pay from
 * balance, finish pay) and the sweep run before or after, never in between. Lock order: chain rows, then the order,
 * then the merchant (subscriptions.ts): the same everywhere, so no deadlock.
 */
export function createOrderListener(options: OrderListenerOptions): ChainListener {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? silentLog;

  const price = (t: StoredTransfer) => priceTransfer(options.currencies, t);

  /**
   * The merchant whose payment address the transfer went to, for the system to act for; null when none is. The payment
   * address is the merchant's own forwarder on the transfer's chain (wallets.ts); a watch-only receiving address, the
   * payment address on a chain without a deposit factory and the one orders were paid to before, counts too, so money
   * sent to it is never lost.
   */
  const merchantOf = async (trx: Kysely<DB>, t: StoredTransfer): Promise<SystemMerchantScope | null> => {
    const to = getAddress(t.to);
    const row =
      (await trx
        .selectFrom("receiving_addresses")
        .select("merchant_id")
        .where("address", "=", to)
        .executeTakeFirst()) ??
      (await trx
        .selectFrom("deposit_addresses")
        .select("merchant_id")
        .where("chain_id", "=", t.chainId)
        .where("address", "=", to)
        .where("application_id", "is", null)
        .executeTakeFirst());
    return row?.merchant_id ? actFor(system, row.merchant_id) : null;
  };

  const linkOf = (trx: Kysely<DB>, t: StoredTransfer) =>
    trx
      .selectFrom("order_transfers")
      .select(["order_id", "merchant_id", "amount", "counted", "to_balance"])
      .where("transfer_id", "=", t.id)
      .executeTakeFirst();

  return {
    /**
     * Attached to the merchant's open order when it was seen within the order's window (the transfer's seen_at ≤
     * expiresAt); the order becomes waiting. A transfer back after a reorganisation keeps its order.
     */
    async onTransferSeen(trx, t) {
      const priced = price(t);
      if (!priced) return;
      const link = await linkOf(trx, t);
      if (link) {
        const order = await lockOrderById(trx, system, link.order_id);
        if (order && isOpen(order.status)) {
          await refreshOpenStatus(trx, order);
          await notify(trx, order);
        }
        return;
      }
      const merchant = await merchantOf(trx, t);
      if (!merchant) return;
      const order = await lockOpenOrderOf(trx, merchant);
      if (!order) return;
      const seen = await trx
        .selectFrom("chain_transfers")
        .select("seen_at")
        .where("id", "=", t.id)
        .executeTakeFirstOrThrow();
      if (seen.seen_at > order.expires_at) return;
      await trx
        .insertInto("order_transfers")
        .values({
          transfer_id: t.id,
          order_id: order.id,
          merchant_id: merchant.merchantId,
          product: priced.chain.product,
          amount: fromAtto(priced.amount),
          required: priced.chain.confirmations,
        })
        .onConflict((oc) => oc.column("transfer_id").doNothing())
        .execute();
      await refreshOpenStatus(trx, order);
      await notify(trx, order);
    },

    /** Only the live status moves (confirmations n / required). */
    async onConfirmations(trx, t) {
      const link = await linkOf(trx, t);
      if (!link) return;
      const order = await trx
        .selectFrom("orders")
        .select(["merchant_id", "order_code", "status"])
        .where("id", "=", link.order_id)
        .executeTakeFirst();
      if (order && isOpen(order.status)) await notify(trx, order);
    },

    /**
     * Counted for its open order (paid when covered, the excess to the balance); otherwise all of it goes to the
     * balance: `orderClosed` when its order closed meanwhile, `late` when it came after an order's window, `unmatched`.
     * Back after a removal, it is first the exact reverse of that removal (balance.ts: restoreTransfer), and nothing is
     * credited anew; the ledger refuses a credit beyond the transfer's value whoever tries (migration 0012).
     */
    async onTransferConfirmed(trx, t) {
      const priced = price(t);
      if (!priced) return;
      const at = now();
      const receipt: TransferReceipt = {
        transferId: t.id,
        token: { chainId: t.chainId, address: t.token, decimals: priced.decimals },
        amount: priced.amount,
        now: at,
      };
      const link = await linkOf(trx, t);
      // Not to a merchant's payment address (an application's deposit address: bills/deposit-listener.ts): not the orders' to restore or credit.
      const merchant = link ? null : await merchantOf(trx, t);
      if (!link && !merchant) return;
      const order = link ? await lockOrderById(trx, system, link.order_id) : undefined;
      const restored = await restoreTransfer(trx, system, t.id, at);
      if (link && order && isOpen(order.status)) {
        const scope = actFor(system, order.merchant_id);
        // Restored, its money is back in the order's account (the removal took it from there).
        if (!restored) await receiveForOrder(trx, order.id, receipt);
        const after = await countConfirmed(trx, scope, order, t.id, at);
        // Counted, not covered, and past the window with nothing else confirming: the expiry need not wait for the sweep.
        await expireIfDue(trx, scope, after, at);
        return;
      }
      if (restored) {
        // Its order closed or was paid by other money while it was away: what came back into the order goes on to the balance.
        if (link && restored.orderId === link.order_id) {
          const released = await releaseClosedOrderFunds(
            trx,
            actFor(system, link.merchant_id),
            link.order_id,
            t.id,
            at,
          );
          if (released > 0n)
            await trx
              .updateTable("order_transfers")
              .set({ to_balance: true, counted: false })
              .where("transfer_id", "=", t.id)
              .execute();
        }
        if (order) await notify(trx, order);
        return;
      }
      if (link) {
        // Counted for an order no longer open and never removed since: it was credited once already.
        if (link.counted && !link.to_balance) return;
        await trx
          .updateTable("order_transfers")
          .set({ to_balance: true, counted: false })
          .where("transfer_id", "=", t.id)
          .execute();
        await receiveToBalance(trx, actFor(system, link.merchant_id), "orderClosed", link.order_id, receipt);
        if (order) await notify(trx, order);
        return;
      }
      if (!merchant) return;
      const late = await lateOrderOf(trx, merchant, t.id);
      await receiveToBalance(trx, merchant, late ? "late" : "unmatched", late, receipt);
    },

    /**
     * A reorganisation took it away before (or after) confirmation. Its open order goes back to what else is attached
     * (waiting, or pending when nothing is and Finish Pay was not pressed); a paid order never goes back. What the
     * balance holds of it is taken back (`reorg`).
     */
    async onTransferRemoved(trx, t) {
      const link = await linkOf(trx, t);
      if (!link && !(await merchantOf(trx, t))) return;
      const order = link ? await lockOrderById(trx, system, link.order_id) : undefined;
      if (link) {
        if (order && isOpen(order.status)) {
          await refreshOpenStatus(trx, order);
          await notify(trx, order);
        }
        if (order?.status === "paid" && link.counted && !link.to_balance) {
          // Deeper than the confirmations: never silent. The package stays (the merchant paid in good faith, and a
          // return of the same transfer restores it all); the order's detail shows what is missing (`reversed`).
          await postMessage(trx, actFor(system, order.merchant_id), "paymentReversed", now());
          await notify(trx, order);
          log.error(
            { orderCode: order.order_code, merchantId: order.merchant_id, tx: t.txHash, amount: link.amount },
            "a reorganisation took back a transfer a paid order was paid with",
          );
        }
      }
      // What is credited of it goes back: from its open order's account when it counted there, else from the balance,
      // and what the balance no longer holds is recorded as a reorganisation loss (balance.ts).
      const open =
        link?.counted && order && isOpen(order.status) ? { orderId: order.id, merchantId: order.merchant_id } : null;
      // At the merchant's forwarder, its swept share goes back to receipts first: the reversal takes the value from there.
      await settleSweptShares(trx, [t.id], now(), { removing: true });
      await reverseTransfer(trx, system, t.id, open, now());
    },
  };
}

/** How long after an order's window a transfer still counts as late for it (rather than unmatched). */
export const lateGraceMs = 24 * 3_600_000;

/**
 * The order a transfer came too late for: the merchant's latest order created before the transfer was seen, when it
 * was not paid or cancelled and its window had ended by then, at most a day before. Null otherwise (unmatched).
 */
async function lateOrderOf(
  trx: Kysely<DB>,
  { merchantId }: SystemMerchantScope,
  transferId: string,
): Promise<string | null> {
  const seen = await trx
    .selectFrom("chain_transfers")
    .select("seen_at")
    .where("id", "=", transferId)
    .executeTakeFirstOrThrow();
  const order = await trx
    .selectFrom("orders")
    .select(["id", "expires_at", "status"])
    .where("merchant_id", "=", merchantId)
    .where("created_at", "<=", seen.seen_at)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!order || order.status === "paid" || order.status === "cancelled") return null;
  const afterWindow = seen.seen_at.getTime() - order.expires_at.getTime();
  return afterWindow > 0 && afterWindow <= lateGraceMs ? order.id : null;
}
