import type { Kysely } from "kysely";
import type { Address } from "viem";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DevPayResult, PayChain } from "../../../contracts/schemas/currencies.ts";
import type { ChainLayer } from "../../chain/chain-layer.ts";
import type { DB } from "../../db/schema.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { paymentAddress } from "./wallets.ts";
import { orderForWire, orderMessages } from "./orders.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { attoToUnits, fromAtto, toAtto, unitsToAtto } from "../../../contracts/money.ts";

export const chainMessages = {
  chainUnknown: "No chain is configured for this product",
  devPayUnavailable: "Paying from the dev wallet works only on the devnet, outside production",
  devPayOnItsWay: "A payment from the dev wallet is already on its way to this order",
} as const;

/** The pay dialog's choices: the configured chains that have a USDT token. None without a chain layer. */
export function payChainsOf(layer: ChainLayer | null): PayChain[] {
  return (layer?.chains ?? []).flatMap((chain) => {
    const token = layer?.currencies.usdtOn(chain.chainId);
    return token
      ? [
          {
            product: chain.product,
            chainId: chain.chainId,
            token: { symbol: token.symbol, address: token.address, decimals: token.decimals },
            confirmations: chain.confirmations,
            devnet: chain.devnet,
          },
        ]
      : [];
  });
}

/** How long a dev payment's claim holds when its transfer is never seen (the devnet restarted, a reorganisation). */
export const devPayClaimMs = 120_000;

/**
 * The order's one dev payment on its way: the claim is the row (order_id is its key), so of twenty presses at once one
 * sends. A claim older than devPayClaimMs may be taken over; once the transfer is seen, what is due drops by it.
 * Answers the order's id when this call holds the claim.
 */
async function claimDevPayment(
  db: Kysely<DB>,
  { merchantId }: MerchantScope,
  orderCode: string,
  now: Date,
): Promise<string | null> {
  const order = await db
    .selectFrom("orders")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("order_code", "=", orderCode)
    .executeTakeFirst();
  if (!order) return null;
  const claimed = await db
    .insertInto("dev_payments")
    .values({ order_id: order.id, tx_hash: null, created_at: now })
    .onConflict((oc) =>
      oc
        .column("order_id")
        .doUpdateSet({ tx_hash: null, created_at: now })
        .where("dev_payments.created_at", "<", new Date(now.getTime() - devPayClaimMs)),
    )
    .returning("order_id")
    .executeTakeFirst();
  return claimed ? order.id : null;
}

export interface DevPaySettings {
  production: boolean;
  now: Date;
  /** The server's secret: the merchant's forwarder's salt is made from it (wallets.ts). */
  secret: Buffer;
}

/**
 * "Pay from the dev wallet": a real token transfer of what the order still needs (amount − received − confirming,
 * rounded up to the token's decimals) from the devnet's funded dev account to the merchant's payment address, once
 * mined. Devnet only and never in production (2208); the watcher then sees it like any other payment.
 */
export async function devPayOrder(
  db: Kysely<DB>,
  scope: MerchantScope,
  layer: ChainLayer | null,
  product: string,
  orderCode: string,
  settings: DevPaySettings,
): Promise<Outcome<DevPayResult>> {
  if (settings.production) return fail(errCodes.devPayUnavailable, chainMessages.devPayUnavailable);
  const chain = layer?.currencies.chainByProduct(product);
  const token = chain && layer?.currencies.usdtOn(chain.chainId);
  if (!layer || !chain || !token) return fail(errCodes.chainUnknown, chainMessages.chainUnknown);
  if (!chain.devnet) return fail(errCodes.devPayUnavailable, chainMessages.devPayUnavailable);
  const order = await orderForWire(db, scope, orderCode, settings.now);
  if (!order) return fail(errCodes.orderNotFound, orderMessages.orderNotFound);
  if (order.status !== "pending" && order.status !== "waiting")
    return fail(errCodes.orderClosed, orderMessages.orderClosed);
  const due = toAtto(order.remaining) - toAtto(order.confirming);
  if (due <= 0n) return fail(errCodes.orderConfirming, orderMessages.orderConfirming);
  const units = attoToUnits(due, token.decimals);
  const address = await paymentAddress(db, scope, layer.addresses, chain, settings.now, settings.secret);
  const orderId = await claimDevPayment(db, scope, orderCode, settings.now);
  if (!orderId) return fail(errCodes.orderConfirming, chainMessages.devPayOnItsWay);
  let sent: Awaited<ReturnType<ChainLayer["payFromDevAccount"]>>;
  try {
    sent = await layer.payFromDevAccount(address as Address, units);
  } catch (error) {
    await db.deleteFrom("dev_payments").where("order_id", "=", orderId).execute();
    throw error;
  }
  await db.updateTable("dev_payments").set({ tx_hash: sent.hash }).where("order_id", "=", orderId).execute();
  return ok({
    txHash: sent.hash,
    blockNumber: sent.blockNumber.toString(),
    amount: fromAtto(unitsToAtto(units, token.decimals)),
  });
}
